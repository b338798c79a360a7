import { Modal } from 'antd';

/** 更换头像 — content comes with its feature issue. */
export default function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <Modal open={open} onCancel={onClose} footer={null} title="更换头像" />;
}
