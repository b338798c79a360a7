/**
 * Mounted once by the shell (MainLayout): keeps the notice socket open while the
 * user is signed in and closes it on logout (unmount). The logic lives in
 * notice-realtime.ts / notice-socket.ts so it runs and is tested outside React.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { config } from '@/config/env';
import { sendToApp } from '@/micro-apps/channel';
import { startNoticeRealtime } from './notice-realtime';
import { useNoticeOwner } from './use-notices';

/** Forced: micro-app drops data equal to the last sent, and a repeated scene must still refresh. */
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
  return null;
}
