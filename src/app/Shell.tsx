/**
 * The signed-in shell as the app composes it: the layout's chrome with the features
 * that live in it (the notice bell, the shell's dialogs, the realtime connection).
 * The layout knows no feature; this is where they meet.
 */
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { NoticeBell } from '@/features/notices/NoticeBell';
import { MainLayout } from '@/layout/MainLayout';
import { preconnectFrames } from '@/micro-apps/preconnect';
import { ShellDialogs } from './ShellDialogs';

// The socket and its reconnecting client are not in the first load: they start after the first commit.
const RealtimeConnection = lazy(() =>
  import('@/features/notices/RealtimeConnection').then((m) => ({ default: m.RealtimeConnection })),
);

/**
 * What is not on screen at first (the dialogs, the guide, the realtime socket) mounts after the
 * shell's first commit, in a transition of its own: the first render is only what the user sees.
 */
function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

export function Shell() {
  // The sub-apps' frame origins, connected ahead (their frames are a route away).
  useEffect(preconnectFrames, []);
  const overlaysReady = useAfterFirstCommit();
  return (
    <MainLayout
      noticeBell={<NoticeBell />}
      overlays={
        overlaysReady ? (
          <>
            <ShellDialogs />
            <Suspense fallback={null}>
              <RealtimeConnection />
            </Suspense>
          </>
        ) : null
      }
    />
  );
}
