import { Modal } from 'antd';

/** 邀请成员 — content comes with its feature issue. */
export default function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <Modal open={open} onCancel={onClose} footer={null} title="邀请成员" />;
}
