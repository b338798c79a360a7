import { BellOutlined } from '@ant-design/icons';
import { dialogs } from '@/ui/dialogs';

/** The bell in the top bar (the unread icon comes with the notices issue). */
export function NoticeBell() {
  return (
    <button type="button" className="top-action" aria-label="消息通知" data-testid="notice-bell" onClick={() => dialogs.open('notices')}>
      <BellOutlined />
    </button>
  );
}
