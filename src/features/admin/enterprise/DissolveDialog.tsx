import { Alert, App, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { setLastLoginTenant, useDeleteTenant } from '@generated/workbench/workbench';
import type { TenantDetail } from '@generated/workbench/model';
import { ADMIN_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { forgetBootFrame } from '@/session/storage';
import { ROUTES } from '@/constants/routes';
import type { DialogControl } from '@/ui/lazy-dialog';

const T = ADMIN_TEXT.enterprise;

/**
 * 解散企业's confirmation, which names the enterprise: its button only works once the exact name
 * is typed. Afterwards the user goes back to the personal space with a full reload, so every
 * part of the shell starts fresh. The page draws the button that opens it (`lazyDialog`).
 */
export default function DissolveDialog({
  tenant,
  open,
  onOpenChange,
}: DialogControl & { tenant: TenantDetail }) {
  const { message } = App.useApp();
  const { config } = useSession();
  const [typed, setTyped] = useState('');
  const dissolve = useDeleteTenant();
  const matches = typed.trim() === tenant.tenant_name;

  const confirm = async () => {
    try {
      await dissolve.mutateAsync({ params: { tenant_link: tenant.tenant_link } });
    } catch {
      return; // the transport showed the error; the dialog stays as it was
    }
    void message.success(T.dissolved);
    try {
      await setLastLoginTenant({
        tenant_link: config.user_tenant_link,
        tenant_name: ADMIN_TEXT.personalSpaceName,
      });
    } finally {
      // The next load is the personal space: index.html must not paint this tenant's frame.
      forgetBootFrame();
      window.location.assign(ROUTES.home);
    }
  };

  return (
    <Modal
      open={open}
      title={T.dissolveTitle(tenant.tenant_name)}
      okText={T.dissolveConfirm}
      okButtonProps={{ danger: true, disabled: !matches, loading: dissolve.isPending }}
      onOk={() => void confirm()}
      onCancel={() => onOpenChange(false)}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Alert type="error" showIcon message={T.dissolveWarning} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        {T.dissolvePrompt}
        <Typography.Text strong copyable>
          {tenant.tenant_name}
        </Typography.Text>
      </Typography.Paragraph>
      <Input
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={tenant.tenant_name}
        aria-label={T.name}
      />
    </Modal>
  );
}
