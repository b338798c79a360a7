import { ModalForm } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { getListAllRolesQueryKey } from '@generated/rbac/rbac';
import { useUpdateMemberRoles } from '@generated/workbench/workbench';
import type { Member } from '@generated/workbench/model';
import { ADMIN_TEXT } from '@/constants/texts';
import { useRefreshTenant } from '../tenant';
import { RoleSelect } from './RoleSelect';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.members;

/** 设置角色: replaces one member's roles (an empty choice removes them all). */
export function MemberRolesForm({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const update = useUpdateMemberRoles();

  return (
    <ModalForm<{ role_ids?: string[] }>
      key={member?.gid}
      title={member ? T.setRolesTitle(member.user_name || member.phone) : T.setRoles}
      width={480}
      open={!!member}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      modalProps={MODAL_FORM_PROPS}
      initialValues={{ role_ids: member?.role_ids ?? [] }}
      onFinish={async ({ role_ids }) => {
        if (!member) return false;
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
      <RoleSelect required={false} />
    </ModalForm>
  );
}
