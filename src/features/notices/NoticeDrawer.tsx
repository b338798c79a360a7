/**
 * The notice drawer (width 400, SPEC §2/§4): read-state filter (unread 0 by
 * default, all 2), app filter, the list, mark one read by clicking it, mark all
 * read for the current app filter. Closing resets the app filter and reloads.
 * A failed load keeps the last list on screen and says so. A notice marked read
 * leaves the unread list: the focus then moves to the notice that took its place,
 * never to the page behind the drawer.
 */
import { App, Alert, Button, Drawer, Empty, Segmented, Spin, Tabs } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useMarkAllNoticesRead, useMarkNoticeRead } from '@generated/message/message';
import type { AppName, NoticeList, ReadState } from '@generated/message/model';
import { NOTICE_DRAWER_WIDTH_PX, READ_STATE } from '@/constants/limits';
import { NOTICE_TEXT, TEXT } from '@/constants/texts';
import { NoticeItem } from './NoticeItem';
import { APP_FILTERS, DEFAULT_NOTICE_FILTER, noticeListOptions } from './notice-query';
import { useNoticeOwner, useReloadNotices } from './use-notices';
import './notices.css';

const READ_STATE_OPTIONS = [
  { value: READ_STATE.unread, label: NOTICE_TEXT.readStates.unread },
  { value: READ_STATE.all, label: NOTICE_TEXT.readStates.all },
];

export default function NoticeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const owner = useNoticeOwner();
  const reload = useReloadNotices();
  const [readState, setReadState] = useState<ReadState>(DEFAULT_NOTICE_FILTER.readState);
  const [appName, setAppName] = useState<AppName>(DEFAULT_NOTICE_FILTER.app_name);

  // Only while open: a closed drawer must not add requests to every reload.
  const list = useQuery({
    ...noticeListOptions(owner, { app_name: appName, readState }),
    enabled: open && !!owner.tid && !!owner.uid,
    placeholderData: keepPreviousData,
  });

  // The last list that loaded, so a failed load (even of another filter) keeps it visible.
  const [lastList, setLastList] = useState<NoticeList | undefined>(undefined);
  if (list.data && list.data !== lastList) setLastList(list.data);
  const shown = list.data ?? lastList;

  const markRead = useMarkNoticeRead({ mutation: { onSuccess: () => reload() } });
  const markAll = useMarkAllNoticesRead({
    mutation: {
      onSuccess: () => {
        void message.success(NOTICE_TEXT.markAllReadDone);
        return reload();
      },
    },
  });

  const close = () => {
    setAppName(DEFAULT_NOTICE_FILTER.app_name);
    void reload();
    onClose();
  };

  const retry = (
    <Button size="small" onClick={() => void list.refetch()}>
      {TEXT.retry}
    </Button>
  );

  const rows = shown?.rows ?? [];

  // Where the focus goes once a notice marked read has left the list (or stopped being a button).
  const listRegionRef = useRef<HTMLDivElement>(null);
  const refocusAtRef = useRef<number | null>(null);
  useEffect(() => {
    const index = refocusAtRef.current;
    const region = listRegionRef.current;
    if (index === null || !region || markRead.isPending || list.isFetching) return;
    refocusAtRef.current = null;
    if (region.contains(document.activeElement)) return;
    const targets = region.querySelectorAll<HTMLElement>('.notice-item [role="button"], .notice-item a');
    (targets[Math.min(index, targets.length - 1)] ?? region).focus();
  }, [shown, markRead.isPending, list.isFetching]);
  const emptyText = readState === READ_STATE.unread ? NOTICE_TEXT.emptyUnread : NOTICE_TEXT.emptyAll;

  return (
    <Drawer
      open={open}
      onClose={close}
      width={NOTICE_DRAWER_WIDTH_PX}
      title={NOTICE_TEXT.title}
      className="notice-drawer"
      destroyOnHidden={false}
      extra={
        <Button
          type="link"
          size="small"
          disabled={!shown || shown.no_read === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate({ data: { app_name: appName, userGid: owner.uid, tenantGid: owner.tid } })
          }
        >
          {NOTICE_TEXT.markAllRead}
        </Button>
      }
    >
      <div className="notice-filters">
        <Tabs
          size="small"
          tabBarGutter={16}
          activeKey={appName}
          onChange={(key) => setAppName(key as AppName)}
          items={APP_FILTERS.map((app) => ({ key: app.value, label: app.label }))}
          aria-label={NOTICE_TEXT.appFilterLabel}
        />
        <Segmented
          size="small"
          value={readState}
          onChange={(value) => setReadState(value as ReadState)}
          options={READ_STATE_OPTIONS}
          aria-label={NOTICE_TEXT.readStateLabel}
        />
      </div>

      {list.isError ? (
        <Alert
          className="notice-alert"
          type={shown ? 'warning' : 'error'}
          showIcon
          message={shown ? NOTICE_TEXT.loadFailedStale : NOTICE_TEXT.loadFailed}
          action={retry}
        />
      ) : null}

      <div ref={listRegionRef} tabIndex={-1} className="notice-list-region">
        <Spin spinning={list.isFetching || markRead.isPending} tip={NOTICE_TEXT.loading} delay={150}>
          {rows.length > 0 ? (
            <ul className="notice-list" aria-label={NOTICE_TEXT.title} aria-busy={list.isFetching}>
              {rows.map((notice) => (
                <NoticeItem
                  key={notice.gid}
                  notice={notice}
                  busy={markRead.isPending && markRead.variables?.id === notice.gid}
                  onMarkRead={(n) => {
                    refocusAtRef.current = rows.indexOf(n);
                    markRead.mutate({ id: n.gid });
                  }}
                />
              ))}
            </ul>
          ) : shown ? (
            <Empty className="notice-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ) : (
            <div className="notice-loading" />
          )}
        </Spin>
      </div>
    </Drawer>
  );
}
