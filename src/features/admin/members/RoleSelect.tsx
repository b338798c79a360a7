import { ProFormSelect } from '@ant-design/pro-components';
import { useListAllRoles } from '@generated/rbac/rbac';
import { ADMIN_RULE_TEXT, ADMIN_TEXT } from '@/constants/texts';

/** A multiple choice of the tenant's roles (all roles, unpaginated), for the member role forms. */
export function RoleSelect({ required }: { required: boolean }) {
  const roles = useListAllRoles();
  return (
    <ProFormSelect
      name="role_ids"
      label={ADMIN_TEXT.members.pickRoles}
      mode="multiple"
      required={required}
      rules={
        required ? [{ required: true, type: 'array', min: 1, message: ADMIN_RULE_TEXT.rolesRequired }] : []
      }
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      fieldProps={{ loading: roles.isLoading, optionFilterProp: 'label', showSearch: true }}
    />
  );
}
