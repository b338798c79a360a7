import { Drawer } from 'antd';
import { NOTICE_DRAWER_WIDTH_PX } from '@/constants/limits';

/** The notice drawer — content comes with the notices issue. */
export default function NoticeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <Drawer open={open} onClose={onClose} width={NOTICE_DRAWER_WIDTH_PX} title="消息通知" />;
}
