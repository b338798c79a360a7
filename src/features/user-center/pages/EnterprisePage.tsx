/**
 * 已加入企业: the user's tenants (personal space first), the current one
 * (config.last_login_tenant_link) marked. Hidden in engine home mode (page2).
 */
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, List, Skeleton, Space, Tag } from 'antd';
import { Navigate } from 'react-router-dom';
import { getListTenantsQueryKey, useListTenants } from '@generated/workbench/workbench';
import { useAccess } from '@/access';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { PageFrame } from '@/ui/PageFrame';
import { LoadFailed } from '@/ui/LoadFailed';
import { remainingDaysText } from '@/ui/format';
import { navigation } from '@/ui/navigation';
import { ROUTES } from '@/constants/routes';
import { useFetchedWithShell } from '@/session/first-data';

function TenantList() {
  const { config } = useSession();
  // As a load that starts here fetched it with the shell (../first-data.ts).
  const withShell = useFetchedWithShell(getListTenantsQueryKey());
  const tenants = useListTenants(undefined, { query: { retry: false, ...withShell } });
  if (tenants.isPending) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (tenants.isError)
    return <LoadFailed title={ACCOUNT_TEXT.tenantsFailed} onRetry={() => void tenants.refetch()} />;
  return (
    <List
      dataSource={tenants.data}
      rowKey="tenant_link"
      locale={{ emptyText: ACCOUNT_TEXT.noTenants }}
      renderItem={(tenant) => {
        const current = tenant.tenant_link === config.last_login_tenant_link;
        return (
          <List.Item
            data-testid={`tenant-${tenant.tenant_link}`}
            aria-current={current ? 'true' : undefined}
            className={current ? 'tenant-current' : undefined}
          >
            <List.Item.Meta
              avatar={<Avatar icon={tenant.is_personal ? <UserOutlined /> : <BankOutlined />} />}
              title={
                <Space size={4} wrap>
                  <span>{tenant.tenant_name}</span>
                  {current ? <Tag color="blue">{ACCOUNT_TEXT.currentTenant}</Tag> : null}
                  <Tag>{tenant.is_personal ? ACCOUNT_TEXT.personalSpace : ACCOUNT_TEXT.enterprise}</Tag>
                  {tenant.is_owner && !tenant.is_personal ? (
                    <Tag color="gold">{ACCOUNT_TEXT.owner}</Tag>
                  ) : null}
                  {tenant.is_disable ? <Tag color="red">{ACCOUNT_TEXT.frozen}</Tag> : null}
                </Space>
              }
              description={`${ACCOUNT_TEXT.members(tenant.member_count)} · ${remainingDaysText(tenant.remaining_days) ?? ''}`}
            />
          </List.Item>
        );
      }}
    />
  );
}

export default function EnterprisePage() {
  const { homePage } = useAccess();
  if (homePage === 'page2') return <Navigate to={ROUTES.userCenter.baseInfo} replace />;
  return (
    <PageFrame
      title={ACCOUNT_TEXT.menu.enterprise}
      extra={<Button onClick={() => navigation.openEntrance()}>{ACCOUNT_TEXT.switchSpace}</Button>}
    >
      <TenantList />
    </PageFrame>
  );
}
