/** Notice hooks for the bell and the drawer: one owner, one query per filter, one reload. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '@/session/bootstrap';
import { useIdleOnce } from '@/ui/when-idle';
import {
  DEFAULT_NOTICE_FILTER,
  invalidateNotices,
  noticeListOptions,
  type NoticeFilter,
  type NoticeOwner,
} from './notice-query';

/** tid = the current tenant (last_login_tenant_link), uid = the user's gid. */
export function useNoticeOwner(): NoticeOwner {
  const { config, info } = useSession();
  return { tid: config.last_login_tenant_link ?? '', uid: config.gid || info.gid || '' };
}

/**
 * The list for a filter; the default filter is the bell's query (same key, same cache). Asked
 * for once the browser has been idle, not in the shell's first commit (ui/when-idle.ts).
 */
export function useNoticeList(filter: NoticeFilter = DEFAULT_NOTICE_FILTER) {
  const owner = useNoticeOwner();
  const idle = useIdleOnce();
  return useQuery({ ...noticeListOptions(owner, filter), ...(idle ? {} : { enabled: false }) });
}

/** Reloads every notice list of this user and tenant (bell and drawer). */
export function useReloadNotices(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { tid, uid } = useNoticeOwner();
  return useCallback(() => invalidateNotices(queryClient, { tid, uid }), [queryClient, tid, uid]);
}
