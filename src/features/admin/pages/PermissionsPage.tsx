/**
 * 权限配置 (/manage/permissions?roleId=…, hidden in the menu): pick a role and
 * edit its powers. The signed-in user's own powers decide which nodes they may
 * change (rule in permissions/power-tree.ts); without `power:save` the page is
 * read-only, and a system role's powers cannot be changed at all.
 */
import { Alert, App, Empty, Select, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import {
  useGetLoginUserPowers,
  useListAllRoles,
  useListRolePowers,
  useListTenantApplications,
} from '@generated/rbac/rbac';
import { useAccess } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_TEXT } from '@/constants/texts';
import { PageFrame } from '@/ui/PageFrame';
import { LoadFailed } from '@/ui/LoadFailed';
import { PowerEditor } from '../permissions/PowerEditor';

const T = ADMIN_TEXT.permissions;

export default function PermissionsPage() {
  const { modal } = App.useApp();
  const { can } = useAccess();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [dirty, setDirty] = useState(false);
  const roleId = params.get('roleId') ?? '';

  const roles = useListAllRoles();
  const apps = useListTenantApplications();
  const mine = useGetLoginUserPowers();
  const tree = useListRolePowers({ role_id: roleId }, { query: { enabled: !!roleId } });
  const userCodes = useMemo(() => new Set(mine.data ?? []), [mine.data]);

  // Without a role in the URL, open the first role that can be edited.
  useEffect(() => {
    if (roleId || !roles.data?.length) return;
    const first = roles.data.find((r) => !r.is_system) ?? roles.data[0]!;
    setParams({ roleId: first.id }, { replace: true });
  }, [roleId, roles.data, setParams]);

  const role = roles.data?.find((r) => r.id === roleId);
  // A role created a moment ago may not be in the list yet: the roles page passes its name along.
  const stateName = (location.state as { roleName?: unknown } | null)?.roleName;
  const roleName = role?.name ?? (typeof stateName === 'string' ? stateName : roleId);
  const roleOptions = useMemo(() => {
    const options = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
    return roleId && !role ? [{ value: roleId, label: roleName }, ...options] : options;
  }, [roles.data, role, roleId, roleName]);

  const pick = (id: string) => {
    const go = () => {
      setDirty(false);
      setParams({ roleId: id });
    };
    if (!dirty) return go();
    modal.confirm({ title: T.switchConfirm, onOk: go });
  };

  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);
  const canSave = can(POWER.powerSave);
  const isSystem = role?.is_system === true;
  const failed = tree.isError || apps.isError || mine.isError;
  const ready = tree.data && apps.data && mine.data;

  const picker = (
    <Space>
      <Typography.Text>{T.role}</Typography.Text>
      <Select
        style={{ width: 220 }}
        aria-label={T.role}
        placeholder={T.pickRole}
        loading={roles.isLoading}
        value={roleId || undefined}
        options={roleOptions}
        onChange={pick}
        showSearch
        optionFilterProp="label"
      />
    </Space>
  );

  let body;
  if (roles.data && roles.data.length === 0 && !roleId) body = <Empty description={T.noRoles} />;
  else if (!roleId) body = <Skeleton active />;
  else if (failed)
    body = (
      <LoadFailed
        title={T.loadFailed}
        onRetry={() => {
          if (tree.isError) void tree.refetch();
          if (apps.isError) void apps.refetch();
          if (mine.isError) void mine.refetch();
        }}
      />
    );
  else if (!ready) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else
    body = (
      <>
        <Alert
          type={isSystem || !canSave ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          message={isSystem ? T.systemRole : !canSave ? T.readOnly : T.rule}
        />
        <PowerEditor
          key={roleId}
          roleId={roleId}
          roots={tree.data!}
          apps={apps.data!}
          userCodes={userCodes}
          readOnly={isSystem || !canSave}
          otherRoles={roles.data ?? []}
          onDirtyChange={onDirtyChange}
        />
      </>
    );

  return (
    <PageFrame title={roleId ? `${T.title}：${roleName}` : T.title} extra={picker}>
      {body}
    </PageFrame>
  );
}
