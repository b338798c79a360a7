/**
 * 成员管理 (/manage/members): the enterprise's members with their roles (from the
 * tenant detail: the contract has no separate member list), invitations, one
 * member's roles, removing a member, and batch role changes on selected rows.
 * Every action is gated by the route's codes.
 */
import { LinkOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
// Input.Search itself: antd's Input module attaches every kind of input to Input (the password,
// the one-time code, the text area: about 8 KB gzip), and the page uses only this one.
import InputSearch from 'antd/es/input/Search';
import { useMemo, useState } from 'react';
import { useRecoverMember } from '@generated/workbench/workbench';
import type { Member } from '@generated/workbench/model';
import { Access, useAccess } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_TEXT } from '@/constants/texts';
import { DataTable } from '@/ui/DataTable';
import { LoadFailed } from '@/ui/LoadFailed';
import { useSession } from '@/session/bootstrap';
import { dialogs } from '@/ui/dialogs';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime } from '@/ui/format';
import { lazyDialog } from '@/ui/lazy-dialog';
import { useCurrentTenant, useRefreshTenant } from '../tenant';

const T = ADMIN_TEXT.members;

// The forms behind the toolbar's, the rows' and the selection bar's buttons come when first wanted.
const InviteByPhoneForm = lazyDialog(() => import('../members/InviteByPhoneForm'));
const BatchRolesForm = lazyDialog(() => import('../members/BatchRolesForm'));
const MemberRolesForm = lazyDialog(() => import('../members/MemberRolesForm'));

const displayName = (m: Member) => m.user_name || m.phone;

function matches(member: Member, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  return !k || member.user_name.toLowerCase().includes(k) || member.phone.includes(k);
}

export default function MembersPage() {
  const { message } = App.useApp();
  const { can } = useAccess();
  const { config } = useSession();
  const { tenantLink, detail } = useCurrentTenant();
  const refresh = useRefreshTenant();
  const recover = useRecoverMember();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);

  const members = useMemo(
    () => (detail.data?.members ?? []).filter((m) => matches(m, keyword)),
    [detail.data, keyword],
  );
  const canBatch = can(POWER.memberAssignRoles) || can(POWER.memberRemoveRoles);

  const removeMember = async (member: Member) => {
    try {
      await recover.mutateAsync({ id: member.gid });
    } catch {
      return;
    }
    void message.success(T.recovered);
    setSelected((keys) => keys.filter((k) => k !== member.gid));
    await refresh();
  };

  const columns: TableColumnsType<Member> = [
    {
      title: T.name,
      dataIndex: 'user_name',
      render: (_, m) =>
        m.user_name ? m.user_name : <Typography.Text type="secondary">{T.noName}</Typography.Text>,
    },
    { title: T.phone, dataIndex: 'phone' },
    {
      title: T.roles,
      dataIndex: 'role_names',
      render: (_, m) => (
        <Space size={[4, 4]} wrap>
          {m.is_owner ? <Tag color="gold">{T.owner}</Tag> : null}
          {m.role_names.length ? (
            m.role_names.map((name, i) => <Tag key={m.role_ids[i] ?? name}>{name}</Tag>)
          ) : (
            <Typography.Text type="secondary">{T.noRole}</Typography.Text>
          )}
        </Space>
      ),
    },
    { title: T.joinedAt, dataIndex: 'joined_at', render: (_, m) => formatTime(m.joined_at) },
    {
      title: T.actions,
      render: (_, m) => (
        <Space size={0} wrap>
          <Access code={POWER.memberRole}>
            <MemberRolesForm
              member={m}
              trigger={(props) => (
                <Button {...props} type="link" size="small" aria-label={`${T.setRoles}：${displayName(m)}`}>
                  {T.setRoles}
                </Button>
              )}
            />
          </Access>
          {/* The owner cannot be removed, and nobody removes themselves here. */}
          {m.is_owner || m.gid === config.gid ? null : (
            <Access code={POWER.memberRecover}>
              <Popconfirm
                title={T.recoverTitle(displayName(m))}
                description={T.recoverHint}
                okButtonProps={{ danger: true }}
                onConfirm={() => removeMember(m)}
              >
                <Button type="link" size="small" danger aria-label={`${T.recover}：${displayName(m)}`}>
                  {T.recover}
                </Button>
              </Popconfirm>
            </Access>
          )}
        </Space>
      ),
    },
  ];

  // The members come with the tenant detail: when it cannot be loaded, say so and offer a retry.
  if (detail.isError && !detail.data)
    return (
      <PageFrame title={T.title}>
        <LoadFailed title={T.loadFailed} onRetry={() => void detail.refetch()} />
      </PageFrame>
    );

  return (
    <PageFrame title={T.title}>
      <DataTable<Member>
        rowKey="gid"
        columns={columns}
        dataSource={members}
        loading={detail.isLoading}
        onReload={() => void detail.refetch()}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        rowSelection={
          canBatch
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (m) => ({
                  disabled: m.is_owner,
                  name: displayName(m),
                  'aria-label': displayName(m),
                }),
              }
            : undefined
        }
        selectionBar={{
          count: selected.length,
          text: T.selected(selected.length),
          onClear: () => setSelected([]),
          actions: (
            <Space size={0} wrap>
              <Access code={POWER.memberAssignRoles}>
                <BatchRolesForm
                  mode="assign"
                  gids={selected}
                  onDone={() => setSelected([])}
                  trigger={(props) => (
                    <Button {...props} size="small" type="link">
                      {T.assignRoles}
                    </Button>
                  )}
                />
              </Access>
              <Access code={POWER.memberRemoveRoles}>
                <BatchRolesForm
                  mode="remove"
                  gids={selected}
                  onDone={() => setSelected([])}
                  trigger={(props) => (
                    <Button {...props} size="small" type="link" danger>
                      {T.removeRoles}
                    </Button>
                  )}
                />
              </Access>
            </Space>
          ),
        }}
        filters={
          <InputSearch
            allowClear
            placeholder={T.search}
            aria-label={T.search}
            onSearch={setKeyword}
            style={{ width: 220, maxWidth: '100%' }}
          />
        }
        actions={
          <>
            <Access code={POWER.memberInvite}>
              <InviteByPhoneForm
                tenantLink={tenantLink}
                trigger={(props) => (
                  <Button {...props} type="primary" icon={<UserAddOutlined />}>
                    {T.invite}
                  </Button>
                )}
              />
            </Access>
            <Access code={POWER.memberInvite}>
              <Button icon={<LinkOutlined />} onClick={() => dialogs.open('invite')}>
                {T.inviteLink}
              </Button>
            </Access>
          </>
        }
      />
    </PageFrame>
  );
}
