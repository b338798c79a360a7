import { App } from 'antd';
import { useUpgradeTenant } from '@generated/workbench/workbench';
import type { TenantDetail } from '@generated/workbench/model';
import { ADMIN_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import type { DialogControl } from '@/ui/lazy-dialog';
import { TenantUpgradeForm } from '@/ui/TenantUpgradeForm';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.enterprise;

/**
 * 升级企业: the upgrade request (the shared form) in a dialog; the provider follows up.
 * Fetched when first wanted (src/ui/lazy-dialog.tsx).
 */
export default function UpgradeForm({
  tenant,
  open,
  onOpenChange,
}: { tenant: TenantDetail } & DialogControl) {
  const { message } = App.useApp();
  const { info } = useSession();
  const upgrade = useUpgradeTenant();
  return (
    <TenantUpgradeForm
      dialog={{
        title: T.upgrade,
        open,
        onOpenChange,
        modalProps: MODAL_FORM_PROPS,
      }}
      initialValues={{ contact_name: info.user_name ?? '', contact_phone: info.phone ?? '' }}
      onSubmit={async (fields) => {
        try {
          await upgrade.mutateAsync({ data: { tenant_link: tenant.tenant_link, ...fields } });
        } catch {
          return false; // shown by the transport; the form keeps its values
        }
        void message.success(T.upgraded);
        return true;
      }}
    />
  );
}
