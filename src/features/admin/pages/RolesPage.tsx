/**
 * 角色管理 (/manage/roles): roles with search by name and paging (server side),
 * the role editor, delete with confirmation, and the way to a role's powers.
 * System roles can be neither edited nor deleted (the contract refuses it).
 */
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getListAllRolesQueryKey, listRoles, useDeleteRole } from '@generated/rbac/rbac';
import type { Role } from '@generated/rbac/model';
import { Access, useAccess } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_PAGE_PATHS } from '@/constants/routes';
import { ROLE_PAGE_SIZE } from '@/constants/limits';
import { ADMIN_TEXT } from '@/constants/texts';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime } from '@/ui/format';
import { lazyDialog } from '@/ui/lazy-dialog';
import { permissionsHref } from '../registry';

const T = ADMIN_TEXT.roles;

// The editor (ProComponents' fields) comes when first wanted (src/ui/lazy-dialog.tsx).
const RoleForm = lazyDialog(() => import('../roles/RoleForm'));

/** A button a system role cannot use: shown disabled with the reason. */
function SystemLocked({ label }: { label: string }) {
  return (
    <Tooltip title={T.systemLocked}>
      <Button type="link" size="small" disabled>
        {label}
      </Button>
    </Tooltip>
  );
}

export default function RolesPage() {
  const { message } = App.useApp();
  const { can, canOpen, adminPath } = useAccess();
  const root = adminPath ?? '';
  const queryClient = useQueryClient();
  const tableRef = useRef<ActionType>(undefined);
  const [failed, setFailed] = useState(false);
  const remove = useDeleteRole();
  const canConfigure = can(POWER.rolePowers) && canOpen(root + ADMIN_PAGE_PATHS.permissions);

  const changed = async () => {
    await Promise.all([
      tableRef.current?.reload(),
      queryClient.invalidateQueries({ queryKey: getListAllRolesQueryKey() }),
    ]);
  };

  // A success is a short message, as everywhere else; the new role's row links to its powers.
  const created = () => {
    void changed();
    void message.success(T.created);
  };

  const deleteRole = async (role: Role) => {
    try {
      await remove.mutateAsync({ id: role.id });
    } catch {
      return;
    }
    void message.success(T.deleted);
    await changed();
  };

  const columns: ProColumns<Role>[] = [
    {
      title: T.name,
      dataIndex: 'name',
      render: (_, role) => (
        <>
          {role.name}
          {role.is_system ? (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              {T.system}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: T.description, dataIndex: 'description', search: false, ellipsis: true },
    { title: T.memberCount, dataIndex: 'member_count', search: false, width: 90 },
    {
      title: T.createdAt,
      dataIndex: 'created_at',
      search: false,
      width: 180,
      render: (_, role) => formatTime(role.created_at),
    },
    {
      title: T.actions,
      valueType: 'option',
      width: 220,
      render: (_, role) => [
        <Access key="edit" code={POWER.roleEdit}>
          {role.is_system ? (
            <SystemLocked label={T.edit} />
          ) : (
            <RoleForm
              role={role}
              onSaved={() => {
                void message.success(T.edited);
                void changed();
              }}
              trigger={(props) => (
                <Button {...props} type="link" size="small" aria-label={`${T.edit}：${role.name}`}>
                  {T.edit}
                </Button>
              )}
            />
          )}
        </Access>,
        canConfigure ? (
          <Link
            key="powers"
            to={permissionsHref(root, role.id)}
            state={{ roleName: role.name }}
            aria-label={`${T.powers}：${role.name}`}
          >
            {T.powers}
          </Link>
        ) : null,
        <Access key="delete" code={POWER.roleDelete}>
          {role.is_system ? (
            <SystemLocked label={T.delete} />
          ) : (
            <Popconfirm
              title={T.deleteTitle(role.name)}
              description={T.deleteHint}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteRole(role)}
            >
              <Button type="link" size="small" danger aria-label={`${T.delete}：${role.name}`}>
                {T.delete}
              </Button>
            </Popconfirm>
          )}
        </Access>,
      ],
    },
  ];

  return (
    <PageFrame title={T.title}>
      <ProTable<Role, { name?: string }>
        rowKey="id"
        actionRef={tableRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        // One state per region: when the roles cannot be loaded, the table says so (with a retry) instead of 暂无数据.
        locale={
          failed
            ? {
                emptyText: (
                  <LoadFailed title={T.loadFailed} onRetry={() => void tableRef.current?.reload()} />
                ),
              }
            : undefined
        }
        // Inside the page's card already: no second card's padding around the table.
        ghost
        pagination={{ defaultPageSize: ROLE_PAGE_SIZE, showSizeChanger: true }}
        request={async ({ current, pageSize, name }) => {
          try {
            const page = await listRoles({
              name: name?.trim() || undefined,
              index: current,
              page_size: pageSize,
            });
            setFailed(false);
            return { data: page.rows, total: page.total, success: true };
          } catch {
            // Toasted by the transport; the table says so too, with a retry, in place of its
            // rows (a `success: false` would keep the rows of the last load on screen, unexplained).
            setFailed(true);
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          <Access key="create" code={POWER.roleCreate}>
            <RoleForm
              onSaved={created}
              trigger={(props) => (
                <Button {...props} type="primary" icon={<PlusOutlined />}>
                  {T.create}
                </Button>
              )}
            />
          </Access>,
        ]}
      />
    </PageFrame>
  );
}
