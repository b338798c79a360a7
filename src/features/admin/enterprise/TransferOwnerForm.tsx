import { ModalForm, ProFormSelect } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import {
  getGetUserConfigQueryKey,
  getGetUserMenusQueryKey,
  useBindTenantOwner,
} from '@generated/workbench/workbench';
import type { TenantDetail } from '@generated/workbench/model';
import { ADMIN_RULE_TEXT, ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { useRefreshTenant } from '../tenant';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.enterprise;

/** 转让企业: pick another member as the new owner. Fetched when first wanted (src/ui/lazy-dialog.tsx). */
export default function TransferOwnerForm({
  tenant,
  open,
  onOpenChange,
}: { tenant: TenantDetail } & DialogControl) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const bind = useBindTenantOwner();
  const candidates = tenant.members.filter((m) => m.gid !== tenant.owner_gid);

  return (
    <ModalForm<{ gid: string }>
      title={T.transfer}
      width={480}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={MODAL_FORM_PROPS}
      submitter={{ submitButtonProps: { disabled: candidates.length === 0 } }}
      onFinish={async ({ gid }) => {
        try {
          await bind.mutateAsync({ data: { tenant_link: tenant.tenant_link, gid } });
        } catch {
          return false;
        }
        void message.success(T.transferred);
        // Ownership changes what the user may do: reload the config and the menus the shell is built from.
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: getGetUserConfigQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getGetUserMenusQueryKey() }),
        ]);
        return true;
      }}
    >
      <Alert
        type="warning"
        showIcon
        message={candidates.length ? T.transferHint : T.transferNoCandidate}
        style={{ marginBottom: 16 }}
      />
      <ProFormSelect
        name="gid"
        label={T.transferTo}
        required
        rules={[{ required: true, message: ADMIN_RULE_TEXT.ownerRequired }]}
        options={candidates.map((m) => ({
          value: m.gid,
          label: `${m.user_name || ADMIN_TEXT.members.noName}（${m.phone}）`,
        }))}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
    </ModalForm>
  );
}
