/**
 * 角色管理 (/manage/roles): roles with search by name and paging (server side),
 * the role editor, delete with confirmation, and the way to a role's powers.
 * System roles can be neither edited nor deleted (the contract refuses it).
 */
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  getListAllRolesQueryKey,
  getListRolesQueryKey,
  useDeleteRole,
  useListRoles,
} from '@generated/rbac/rbac';
import type { ListRolesParams, Role } from '@generated/rbac/model';
import { Access, useAccess } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_PAGE_PATHS } from '@/constants/routes';
import { ROLE_NAME_MAX } from '@/constants/limits';
import { ADMIN_TEXT, TEXT } from '@/constants/texts';
import { useFetchedWithShell } from '@/session/first-data';
import { DataTable } from '@/ui/DataTable';
import { LoadFailed } from '@/ui/LoadFailed';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime } from '@/ui/format';
import { lazyDialog } from '@/ui/lazy-dialog';
import { FIRST_ROLES_PAGE } from '../first-data';
import { permissionsHref } from '../registry';

const T = ADMIN_TEXT.roles;

// The editor (ProComponents' fields) comes when first wanted (src/ui/lazy-dialog.tsx).
const RoleForm = lazyDialog(() => import('../roles/RoleForm'));

// This list always offers page sizes. The changer is antd's Select, which the pagination fetches
// when it first shows one, or takes at once once loaded (patches/antd): asked for with the page,
// so that the list is drawn with it instead of its page numbers moving when it comes.
void import('antd/es/select').catch(() => {}); // a failure is the pagination's to meet, on its own fetch

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
  const [search] = Form.useForm<{ name?: string }>();
  // The list as asked for: the name searched for, the page and its size (the server pages).
  const [query, setQuery] = useState<ListRolesParams>(FIRST_ROLES_PAGE);
  // The first page as a load that starts here fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getListRolesQueryKey(query));
  const roles = useListRoles(query, { query: { placeholderData: keepPreviousData, ...withShell } });
  const remove = useDeleteRole();
  const canConfigure = can(POWER.rolePowers) && canOpen(root + ADMIN_PAGE_PATHS.permissions);
  const total = roles.data?.total ?? 0;

  // A page emptied meanwhile (roles deleted elsewhere): the last page that has rows. Set while
  // rendering, as React has state that follows other state; the guard ends it in one step.
  const lastPage = Math.max(1, Math.ceil(total / (query.page_size ?? FIRST_ROLES_PAGE.page_size)));
  if (roles.data && !roles.isPlaceholderData && !roles.data.rows.length && (query.index ?? 1) > lastPage)
    setQuery({ ...query, index: lastPage });

  /** Asks for `next`; the same list again is loaded again (查询 or 重置 pressed twice still reloads). */
  const ask = (next: ListRolesParams) => {
    if (JSON.stringify(next) === JSON.stringify(query)) void roles.refetch();
    else setQuery(next);
  };

  const changed = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getListRolesQueryKey() }),
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
    // The last row of a later page: show the page before it, not an empty one.
    if (roles.data?.rows.length === 1 && (query.index ?? 1) > 1)
      setQuery((q) => ({ ...q, index: (q.index ?? 1) - 1 }));
    await changed();
  };

  const columns: TableColumnsType<Role> = [
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
    {
      title: T.description,
      dataIndex: 'description',
      ellipsis: true,
      render: (_, role) => role.description || TEXT.table.empty,
    },
    { title: T.memberCount, dataIndex: 'member_count', width: 90 },
    {
      title: T.createdAt,
      dataIndex: 'created_at',
      width: 180,
      render: (_, role) => formatTime(role.created_at),
    },
    {
      title: T.actions,
      width: 220,
      render: (_, role) => (
        <Space size={0} wrap>
          <Access code={POWER.roleEdit}>
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
          </Access>
          {canConfigure ? (
            <Link
              to={permissionsHref(root, role.id)}
              state={{ roleName: role.name }}
              aria-label={`${T.powers}：${role.name}`}
            >
              {T.powers}
            </Link>
          ) : null}
          <Access code={POWER.roleDelete}>
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
          </Access>
        </Space>
      ),
    },
  ];

  // One state per region: when the roles cannot be loaded, the table says so (with a retry) in
  // place of its rows, instead of the rows of an earlier search or 暂无数据 (the transport toasts too).
  const failed = roles.isError && !roles.isFetching;
  return (
    <PageFrame title={T.title}>
      <DataTable<Role>
        rowKey="id"
        columns={columns}
        dataSource={failed ? [] : roles.data?.rows}
        loading={roles.isFetching}
        locale={
          failed
            ? { emptyText: <LoadFailed title={T.loadFailed} onRetry={() => void roles.refetch()} /> }
            : undefined
        }
        pagination={{
          current: query.index,
          pageSize: query.page_size,
          total: failed ? 0 : total, // not the page numbers of a list that is not shown
          showSizeChanger: true,
          onChange: (index, pageSize) =>
            setQuery((q) => ({ ...q, index: pageSize === q.page_size ? index : 1, page_size: pageSize })),
        }}
        filters={
          <Form
            form={search}
            layout="inline"
            className="data-table-search"
            onFinish={({ name }) => ask({ ...query, name: name?.trim() || undefined, index: 1 })}
          >
            <Form.Item name="name" label={T.name}>
              <Input allowClear maxLength={ROLE_NAME_MAX} />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {TEXT.table.search}
                </Button>
                <Button
                  onClick={() => {
                    search.resetFields();
                    ask({ ...FIRST_ROLES_PAGE, page_size: query.page_size });
                  }}
                >
                  {TEXT.table.reset}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        }
        actions={
          <Access code={POWER.roleCreate}>
            <RoleForm
              onSaved={created}
              trigger={(props) => (
                <Button {...props} type="primary" icon={<PlusOutlined />}>
                  {T.create}
                </Button>
              )}
            />
          </Access>
        }
        onReload={() => void roles.refetch()}
      />
    </PageFrame>
  );
}
