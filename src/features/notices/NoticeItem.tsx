/**
 * One notice: scene icon, app name, time, title, content (plain text, never HTML)
 * and its link when the URL is http(s). An unread notice is a button that marks
 * it read; a read notice does nothing when clicked.
 */
import { Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import type { Notice } from '@generated/message/model';
import { NOTICE_TEXT } from '@/constants/texts';
import { safeExternalLink } from '@/ui/safe-url';
import { formatTime, isoTime } from '@/ui/format';
import { SceneIcon } from './SceneIcon';

interface NoticeItemProps {
  notice: Notice;
  /** Marks an unread notice read; not called for read ones. */
  onMarkRead: (notice: Notice) => void;
  busy?: boolean;
}

export function NoticeItem({ notice, onMarkRead, busy = false }: NoticeItemProps) {
  const unread = notice.isRead === 0;
  const link = safeExternalLink(notice.url);
  const time = formatTime(notice.createTime);
  const markRead = () => {
    if (unread && !busy) onMarkRead(notice);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      markRead();
    }
  };

  const body = (
    <>
      <div className="notice-item-head">
        <SceneIcon sceneIcon={notice.sceneIcon} appName={notice.appName} />
        <span className="notice-item-app">{notice.appName}</span>
        <time className="notice-item-time" dateTime={isoTime(notice.createTime)}>
          {time}
        </time>
      </div>
      <div className="notice-item-title">
        {unread ? <span className="notice-unread-dot" role="img" aria-label={NOTICE_TEXT.unread} /> : null}
        <Typography.Text strong={unread}>{notice.msgTitle}</Typography.Text>
      </div>
      <Typography.Paragraph className="notice-item-content" type="secondary">
        {notice.msgContent}
      </Typography.Paragraph>
    </>
  );

  return (
    <li
      className={`notice-item${unread ? ' is-unread' : ''}`}
      data-testid="notice-item"
      data-notice={notice.gid}
      data-read={unread ? 'false' : 'true'}
    >
      {unread ? (
        <div
          className="notice-item-body is-clickable"
          role="button"
          tabIndex={0}
          aria-disabled={busy}
          title={NOTICE_TEXT.markReadHint}
          onClick={markRead}
          onKeyDown={onKeyDown}
        >
          {body}
        </div>
      ) : (
        <div className="notice-item-body">{body}</div>
      )}
      {link ? (
        <a
          className="notice-item-link"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          onClick={markRead}
        >
          {NOTICE_TEXT.openLink}
        </a>
      ) : null}
    </li>
  );
}
