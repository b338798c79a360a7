import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useCreateRole, useUpdateRole } from '@generated/rbac/rbac';
import type { Role } from '@generated/rbac/model';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '@/constants/limits';
import { ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { isRequired, roleSchema, yupField, type RoleValues } from '@/validation';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.roles;

/**
 * The role editor: creates a role (no `role`) or edits one. Rules come from
 * src/validation/role.ts; on a server refusal the modal stays open as typed.
 * The caller says what happens after a save (`onSaved`). Fetched when first wanted
 * (src/ui/lazy-dialog.tsx).
 */
export default function RoleForm({
  role,
  onSaved,
  open,
  onOpenChange,
}: {
  role?: Role;
  onSaved: (saved: Role) => void;
} & DialogControl) {
  const create = useCreateRole();
  const update = useUpdateRole();

  return (
    <ModalForm<RoleValues>
      name="role-editor" // field ids must not clash with the list's search form (also "name")
      title={role ? T.editTitle : T.create}
      width={520}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={MODAL_FORM_PROPS}
      initialValues={role ? { name: role.name, description: role.description } : undefined}
      onFinish={async (values) => {
        const { name, description = '' } = roleSchema.cast(values);
        let saved: Role;
        try {
          saved = role
            ? await update.mutateAsync({ data: { id: role.id, name, description } })
            : await create.mutateAsync({ data: { name, description } });
        } catch {
          return false;
        }
        onSaved(saved);
        return true;
      }}
    >
      <ProFormText
        name="name"
        label={T.name}
        required={isRequired(roleSchema, 'name')}
        rules={[yupField(roleSchema, 'name')]}
        fieldProps={{ placeholder: T.namePlaceholder, count: { show: true, max: ROLE_NAME_MAX } }}
      />
      <ProFormTextArea
        name="description"
        label={T.description}
        rules={[yupField(roleSchema, 'description')]}
        fieldProps={{ rows: 3, count: { show: true, max: ROLE_DESCRIPTION_MAX } }}
      />
    </ModalForm>
  );
}
