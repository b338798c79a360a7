import { Modal } from 'antd';

/** 意见反馈 — content comes with its feature issue. */
export default function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <Modal open={open} onCancel={onClose} footer={null} title="意见反馈" />;
}
