/**
 * Mounted once by the shell (src/app/Shell.tsx): keeps the notice socket open while the
 * user is signed in and closes it on logout (unmount). The logic lives in
 * notice-realtime.ts / notice-socket.ts so it runs and is tested outside React; it is fetched
 * when the socket opens (the browser idle), not with the first load: partysocket and the
 * realtime contract's parsing are none of the first screen's work.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { config } from '@/config/env';
import { onAnyAppEvent } from '@/sub-app-host/app-event-listeners';
import { isPrerendering, whenShown } from '@/ui/page-shown';
import { IDLE_DEADLINE_MS, whenIdle } from '@/ui/when-idle';
import { invalidateNotices } from './notice-query';
import { useNoticeOwner } from './use-notices';

/** A realtime module that did not load is asked for again after 5 s, then 10 s, 20 s; then no more. */
const REALTIME_RETRY_MS = 5_000;
const REALTIME_TRIES = 4;

/**
 * The channel to the embedded apps, with its contract's validators, is not part of the first
 * load (docs/frontend.md, "The first load"): it is fetched when something is first sent to an
 * app (and with an app's frame, whose host imports it). What is sent to an app is kept for the
 * app's frame, so nothing is lost while it loads. One promise keeps the sends in order.
 */
let channel: Promise<typeof import('@/sub-app-host/channel')> | undefined;
const loadChannel = () =>
  (channel ??= import('@/sub-app-host/channel').catch((error: unknown) => {
    channel = undefined; // the next use tries again
    throw error;
  }));
const channelFailed = (error: unknown) =>
  console.error('[notices] the channel to the apps did not load', error);

/** Forced: the channel drops data equal to the last sent (micro-app's rule), and a repeated scene must still refresh. */
function refreshManualApp(sceneNo: string | null): void {
  const data = { type: 'refresh', scene_no: sceneNo, at: Date.now() } as const;
  loadChannel()
    .then(({ sendToApp }) => sendToApp('manual', data, { force: true }))
    .catch(channelFailed);
}

export function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { tid, uid } = useNoticeOwner();
  useEffect(() => {
    if (!tid || !uid) return;
    // The socket (and its storage listener) opens once the browser is idle: a task of its own,
    // not part of the shell's first commit. By the same deadline as the bell's list (useIdleOnce),
    // so no new notice falls between the list and the socket for longer than before.
    // A prerendered page (ui/page-shown.ts) opens it only once the user opened the page.
    let realtime: { stop: () => void } | undefined;
    let cancel: (() => void) | undefined;
    let retry: number | undefined;
    let tries = 0;
    let stopped = false;
    const startWhenIdle = () => {
      cancel = whenIdle(() => {
        import('./notice-realtime').then(
          ({ startNoticeRealtime }) => {
            if (stopped) return;
            realtime = startNoticeRealtime({
              url: config.realtimeUrl,
              queryClient,
              tid,
              uid,
              notifyManual: refreshManualApp,
            });
          },
          (error: unknown) => {
            tries++;
            const again = !stopped && tries < REALTIME_TRIES;
            console.error(`[notices] the realtime link did not load${again ? '; trying again' : ''}`, error);
            if (again) retry = window.setTimeout(startWhenIdle, REALTIME_RETRY_MS * 2 ** (tries - 1));
          },
        );
      }, IDLE_DEADLINE_MS);
    };
    if (!isPrerendering()) startWhenIdle();
    else void whenShown().then(() => !stopped && startWhenIdle());
    return () => {
      stopped = true;
      cancel?.();
      window.clearTimeout(retry);
      realtime?.stop();
    };
  }, [queryClient, tid, uid]);
  // An embedded app changed notices (e.g. marked some read): the list and the bell reload. Heard
  // without loading the channel: only a frame sends, and its host loads it (app-event-listeners.ts).
  useEffect(() => {
    if (!tid || !uid) return;
    return onAnyAppEvent((_, event) => {
      if (event.type === 'notices-changed') void invalidateNotices(queryClient, { tid, uid });
    });
  }, [queryClient, tid, uid]);
  return null;
}
