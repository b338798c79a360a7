import { BellFilled, BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { NOTICE_TEXT } from '@/constants/texts';
import { dialogs } from '@/ui/dialogs';
import { useNoticeList } from './use-notices';

/**
 * The bell in the top bar. It reads the unread count (`no_read`) from the same
 * query as the drawer's default view, so every reload updates it — no page reload.
 */
export function NoticeBell() {
  const { data } = useNoticeList();
  const unread = data?.no_read ?? 0;
  const label = unread > 0 ? NOTICE_TEXT.bellUnread(unread) : NOTICE_TEXT.title;
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="top-action"
        aria-label={label}
        data-testid="notice-bell"
        data-unread={unread}
        onClick={() => dialogs.open('notices')}
      >
        <Badge count={unread} size="small" offset={[2, -2]}>
          {/* The icons are decoration: the button is named by its label (and the count it shows). */}
          {unread > 0 ? (
            <BellFilled aria-hidden data-testid="bell-unread-icon" />
          ) : (
            <BellOutlined aria-hidden data-testid="bell-icon" />
          )}
        </Badge>
      </button>
    </Tooltip>
  );
}
