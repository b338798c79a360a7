import { ModalForm } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { getListAllRolesQueryKey } from '@generated/rbac/rbac';
import { useUpdateMemberRoles } from '@generated/workbench/workbench';
import type { Member } from '@generated/workbench/model';
import { ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { useRefreshTenant } from '../tenant';
import { RoleSelect } from './RoleSelect';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.members;

/**
 * 设置角色: replaces one member's roles (an empty choice removes them all). Fetched when first
 * wanted (src/ui/lazy-dialog.tsx).
 */
export default function MemberRolesForm({ member, open, onOpenChange }: { member: Member } & DialogControl) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const update = useUpdateMemberRoles();

  return (
    <ModalForm<{ role_ids?: string[] }>
      title={T.setRolesTitle(member.user_name || member.phone)}
      width={480}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={MODAL_FORM_PROPS}
      initialValues={{ role_ids: member.role_ids }}
      onFinish={async ({ role_ids }) => {
        try {
          await update.mutateAsync({ id: member.gid, data: { role_ids: role_ids ?? [] } });
        } catch {
          return false;
        }
        void message.success(T.rolesSaved);
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: getListAllRolesQueryKey() }),
        ]);
        return true;
      }}
    >
      <RoleSelect
        required={false}
        known={member.role_ids.map((id, i) => ({ value: id, label: member.role_names[i] ?? id }))}
      />
    </ModalForm>
  );
}
