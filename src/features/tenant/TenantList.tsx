/** The user's spaces on /entrance: personal first, the current one marked, frozen ones leading to renewal. */
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, List, Space, Tag, Typography } from 'antd';
import type { TenantListItem } from '@generated/workbench/model';
import { TEXT } from '@/constants/texts';
import { remainingDaysText } from '@/ui/format';
import styles from './tenant.module.css';

interface TenantListProps {
  tenants: TenantListItem[];
  currentLink: string;
  /** The tenant being entered (its button spins, the others wait). */
  entering: string | null;
  onEnter: (tenant: TenantListItem) => void;
}

/** Personal space first; otherwise the server's order. */
function orderTenants(tenants: TenantListItem[]): TenantListItem[] {
  return [...tenants.filter((t) => t.is_personal), ...tenants.filter((t) => !t.is_personal)];
}

function TenantTags({ tenant, current }: { tenant: TenantListItem; current: boolean }) {
  return (
    <Space size={4} wrap>
      <Tag>{tenant.is_personal ? TEXT.tenant.personalSpace : TEXT.tenant.enterpriseSpace}</Tag>
      {current ? <Tag color="blue">{TEXT.tenant.current}</Tag> : null}
      {tenant.is_disable ? <Tag color="red">{TEXT.tenant.frozen}</Tag> : null}
      {!tenant.is_personal && tenant.is_owner ? <Tag color="gold">{TEXT.tenant.owner}</Tag> : null}
    </Space>
  );
}

export function TenantList({ tenants, currentLink, entering, onEnter }: TenantListProps) {
  return (
    <List<TenantListItem>
      itemLayout="horizontal"
      dataSource={orderTenants(tenants)}
      rowKey="tenant_link"
      renderItem={(tenant) => {
        const current = tenant.tenant_link === currentLink;
        const remaining = tenant.is_personal ? null : remainingDaysText(tenant.remaining_days);
        return (
          <List.Item
            className={`${styles.tenantItem} ${current ? styles.tenantItemCurrent : ''}`}
            data-testid={`tenant-${tenant.tenant_link}`}
            aria-current={current ? 'true' : undefined}
            actions={[
              current && !tenant.is_disable ? (
                // The space the user is in is not offered again: it says so instead.
                <Button key="enter" autoInsertSpace={false} disabled>
                  {TEXT.tenant.entered}
                </Button>
              ) : (
                <Button
                  key="enter"
                  autoInsertSpace={false}
                  type={tenant.is_disable ? 'default' : 'primary'}
                  danger={tenant.is_disable}
                  loading={entering === tenant.tenant_link}
                  disabled={entering !== null && entering !== tenant.tenant_link}
                  aria-label={`${tenant.is_disable ? TEXT.tenant.toRenewal : TEXT.tenant.enter} ${tenant.tenant_name}`}
                  onClick={() => onEnter(tenant)}
                >
                  {tenant.is_disable ? TEXT.tenant.toRenewal : TEXT.tenant.enter}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={
                <Avatar
                  shape="square"
                  style={{ background: tenant.is_personal ? '#52c41a' : '#1f6feb' }}
                  icon={tenant.is_personal ? <UserOutlined /> : <BankOutlined />}
                />
              }
              title={
                <span>
                  <Typography.Text className={styles.tenantName} ellipsis={{ tooltip: tenant.tenant_name }}>
                    {tenant.tenant_name}
                  </Typography.Text>
                  <TenantTags tenant={tenant} current={current} />
                </span>
              }
              description={[TEXT.tenant.members(tenant.member_count), remaining].filter(Boolean).join(' · ')}
            />
          </List.Item>
        );
      }}
    />
  );
}
