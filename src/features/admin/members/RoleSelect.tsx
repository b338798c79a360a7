import { ProFormSelect } from '@ant-design/pro-components';
import { useListAllRoles } from '@generated/rbac/rbac';
import { ADMIN_RULE_TEXT, ADMIN_TEXT } from '@/constants/texts';

interface RoleOption {
  value: string;
  label: string;
}

/**
 * A multiple choice of the tenant's roles (all roles, unpaginated), for the member role forms.
 * `known`: roles already chosen, named while the list is still loading (never a bare id).
 */
export function RoleSelect({ required, known = [] }: { required: boolean; known?: RoleOption[] }) {
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
      options={roles.data ? roles.data.map((r) => ({ value: r.id, label: r.name })) : known}
      fieldProps={{ loading: roles.isLoading, optionFilterProp: 'label', showSearch: true }}
    />
  );
}
