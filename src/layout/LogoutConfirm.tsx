/** Logout (SPEC §4): confirm "确认退出？", then a full-screen loading, clear the token, go to the logout page. */
import { Modal } from 'antd';
import { useState } from 'react';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { signOut } from '@/session/sso';
import { useDialog } from '@/ui/dialogs';
import { FullScreenLoading } from '@/ui/FullScreenLoading';

export function LogoutConfirm() {
  const { open, hide } = useDialog('logout');
  const [leaving, setLeaving] = useState(false);
  if (leaving) return <FullScreenLoading tip={SHELL_TEXT.leaving} />;
  return (
    <Modal
      open={open}
      title={SHELL_TEXT.logoutTitle}
      okText={SHELL_TEXT.ok}
      cancelText={SHELL_TEXT.cancel}
      onCancel={hide}
      onOk={() => {
        hide();
        setLeaving(true);
        // Let the loading paint before the navigation starts.
        window.setTimeout(signOut, 0);
      }}
      width={360}
    >
      {TEXT.logoutConfirm}
    </Modal>
  );
}
