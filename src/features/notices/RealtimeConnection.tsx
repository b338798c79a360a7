/**
 * Mounted once by the shell (src/app/Shell.tsx): keeps the notice socket open while the
 * user is signed in and closes it on logout (unmount). The logic lives in
 * notice-realtime.ts / notice-socket.ts so it runs and is tested outside React.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { config } from '@/config/env';
import { onAnyAppEvent, sendToApp } from '@/micro-apps/channel';
import { invalidateNotices } from './notice-query';
import { startNoticeRealtime } from './notice-realtime';
import { useNoticeOwner } from './use-notices';

/** Forced: the channel drops data equal to the last sent (micro-app's rule), and a repeated scene must still refresh. */
function refreshManualApp(sceneNo: string | null): void {
  sendToApp('manual', { type: 'refresh', scene_no: sceneNo, at: Date.now() }, { force: true });
}

export function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { tid, uid } = useNoticeOwner();
  useEffect(() => {
    if (!tid || !uid) return;
    const realtime = startNoticeRealtime({
      url: config.realtimeUrl,
      queryClient,
      tid,
      uid,
      notifyManual: refreshManualApp,
    });
    return () => realtime.stop();
  }, [queryClient, tid, uid]);
  // An embedded app changed notices (e.g. marked some read): the list and the bell reload.
  useEffect(() => {
    if (!tid || !uid) return;
    return onAnyAppEvent((_, event) => {
      if (event.type === 'notices-changed') void invalidateNotices(queryClient, { tid, uid });
    });
  }, [queryClient, tid, uid]);
  return null;
}
