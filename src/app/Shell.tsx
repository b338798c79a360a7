/**
 * The signed-in shell as the app composes it: the layout's chrome with the features
 * that live in it (the notice bell, the shell's dialogs, the realtime connection).
 * The layout knows no feature; this is where they meet.
 */
import { useEffect } from 'react';
import { NoticeBell } from '@/features/notices/NoticeBell';
import { RealtimeConnection } from '@/features/notices/RealtimeConnection';
import { MainLayout } from '@/layout/MainLayout';
import { preconnectFramesWhenIdle } from '@/sub-app-host/preconnect';
import { ShellDialogs } from './ShellDialogs';

export function Shell() {
  // The sub-apps' frame origins, connected ahead (their frames are a route away), once the
  // browser is idle: adding the hints costs the main thread, the first render comes first.
  useEffect(preconnectFramesWhenIdle, []);
  return (
    <MainLayout
      noticeBell={<NoticeBell />}
      overlays={
        <>
          <ShellDialogs />
          <RealtimeConnection />
        </>
      }
    />
  );
}
