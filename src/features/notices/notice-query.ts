/**
 * The notice list query, shared by the bell, the drawer and the realtime reload:
 * one body shape and one key per filter, so the bell's count and the drawer's
 * default view are the same cached query. No React here (the realtime client
 * uses it outside components).
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { getListNoticesQueryKey, getListNoticesQueryOptions } from '@generated/message/message';
import type { AppName, NoticeList, NoticeQuery, ReadState } from '@generated/message/model';
import { NOTICE_PAGE_SIZE, READ_STATE } from '@/constants/limits';
import { NOTICE_TEXT } from '@/constants/texts';

export interface NoticeFilter {
  app_name: AppName;
  readState: ReadState;
}

/** Who the notices belong to: tid = current tenant, uid = the user's gid. */
export interface NoticeOwner {
  tid: string;
  uid: string;
}

/** The drawer opens on unread notices of every app; the bell counts with the same query. */
export const DEFAULT_NOTICE_FILTER: NoticeFilter = { app_name: '', readState: READ_STATE.unread };

export const APP_FILTERS: readonly { value: AppName; label: string }[] = (
  Object.entries(NOTICE_TEXT.apps) as [AppName, string][]
).map(([value, label]) => ({ value, label }));

function noticeQueryBody({ tid, uid }: NoticeOwner, filter: NoticeFilter): NoticeQuery {
  return {
    app_name: filter.app_name,
    readState: filter.readState,
    index: 1,
    page_size: NOTICE_PAGE_SIZE,
    uid,
    tid,
  };
}

export function noticeListOptions(owner: NoticeOwner, filter: NoticeFilter) {
  return getListNoticesQueryOptions(owner.tid, owner.uid, noticeQueryBody(owner, filter), {
    query: { enabled: !!owner.tid && !!owner.uid },
  });
}

/** Prefix of every list query of this user and tenant (all filters). */
function noticeListKeyPrefix({ tid, uid }: NoticeOwner) {
  return getListNoticesQueryKey(tid, uid).slice(0, 2);
}

/** Marks every list of this owner stale and refetches the ones on screen (bell, open drawer). */
export function invalidateNotices(queryClient: QueryClient, owner: NoticeOwner): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: noticeListKeyPrefix(owner) });
}

/**
 * Reloads the lists after a realtime event: the bell's list (the newest unread
 * notice of every app) is fetched once whether or not it is on screen, the other
 * filters are invalidated. Resolves with the bell's list.
 */
export async function reloadNotices(queryClient: QueryClient, owner: NoticeOwner): Promise<NoticeList> {
  const bell = noticeListOptions(owner, DEFAULT_NOTICE_FILTER);
  const bellHash = hashKey(bell.queryKey);
  const others = queryClient.invalidateQueries({
    queryKey: noticeListKeyPrefix(owner),
    predicate: (query) => query.queryHash !== bellHash,
  });
  const list = await queryClient.fetchQuery(bell);
  await others;
  return list;
}
