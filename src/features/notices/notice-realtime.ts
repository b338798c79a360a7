/**
 * What a realtime "new message" does (SPEC §4 Realtime): reload the notice lists —
 * coalesced, so a burst of events costs a few reloads — and, when the newest notice
 * comes from the manual app (A0001), tell that app to refresh with its scene
 * number, after every such reload (even when the number repeats). Plain
 * TypeScript around the socket; `RealtimeConnection` is the React wrapper.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NoticeList } from '@generated/message/model';
import { MANUAL_APP_ID } from '@/constants/limits';
import { coalesce } from './coalesce';
import { reloadNotices, type NoticeOwner } from './notice-query';
import { NoticeSocket, type NoticeSocketOptions } from './notice-socket';

/** Reloads start at least this far apart: 1,000 events within a second → at most 3 reloads. */
export const RELOAD_COALESCE_MS = 500;

export interface NoticeRealtimeOptions extends NoticeOwner {
  url: string;
  queryClient: QueryClient;
  /** Tells the manual app to refresh its list for a scene. */
  notifyManual: (sceneNo: string | null) => void;
  coalesceMs?: number;
  /** Socket details (WebSocket class, backoff, sign-in source); see NoticeSocket. */
  socket?: Omit<NoticeSocketOptions, 'url' | 'uid' | 'onNewMessage'>;
  /** Called after each realtime reload (diagnostics and tests). */
  onReloaded?: (list: NoticeList) => void;
}

export interface NoticeRealtime {
  socket: NoticeSocket;
  stop(): void;
}

export function startNoticeRealtime(options: NoticeRealtimeOptions): NoticeRealtime {
  const { queryClient, tid, uid } = options;
  const reload = coalesce(async () => {
    const list = await reloadNotices(queryClient, { tid, uid });
    const newest = list.rows[0];
    if (newest?.appId === MANUAL_APP_ID) options.notifyManual(newest.scene_no);
    options.onReloaded?.(list);
  }, options.coalesceMs ?? RELOAD_COALESCE_MS);

  const socket = new NoticeSocket({ ...options.socket, url: options.url, uid, onNewMessage: () => reload() });
  return {
    socket,
    stop() {
      reload.cancel();
      socket.close();
    },
  };
}
