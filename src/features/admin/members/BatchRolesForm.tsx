import { ModalForm } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import {
  getListAllRolesQueryKey,
  useAssignRolesToUsers,
  useRemoveRolesFromUsers,
} from '@generated/rbac/rbac';
import { ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { useRefreshTenant } from '../tenant';
import { RoleSelect } from './RoleSelect';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.members;

/**
 * 分配角色 / 移除角色 for the selected members: adds or takes away the chosen roles, keeping the
 * others. Fetched when first wanted (src/ui/lazy-dialog.tsx).
 */
export default function BatchRolesForm({
  mode,
  gids,
  onDone,
  open,
  onOpenChange,
}: {
  mode: 'assign' | 'remove';
  gids: string[];
  onDone: () => void;
} & DialogControl) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const assign = useAssignRolesToUsers();
  const remove = useRemoveRolesFromUsers();

  return (
    <ModalForm<{ role_ids: string[] }>
      title={mode === 'assign' ? T.assignRolesTitle(gids.length) : T.removeRolesTitle(gids.length)}
      width={480}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={MODAL_FORM_PROPS}
      onFinish={async ({ role_ids }) => {
        const data = { user_gids: gids, role_ids };
        try {
          await (mode === 'assign' ? assign : remove).mutateAsync({ data });
        } catch {
          return false;
        }
        void message.success(mode === 'assign' ? T.assigned : T.removed);
        onDone();
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: getListAllRolesQueryKey() }),
        ]);
        return true;
      }}
    >
      <RoleSelect required />
    </ModalForm>
  );
}
