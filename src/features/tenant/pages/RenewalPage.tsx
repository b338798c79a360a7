/**
 * Renewal (SPEC §2, §4 "Space", §6): the only page of a frozen tenant. What the
 * tenant is, why it is frozen, how long its service runs (SPEC §9 helper), a
 * renewal request, and the way to another space (/entrance in a new tab).
 */
import { SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Skeleton } from 'antd';
import { upgradeTenant, useGetTenantDetail } from '@generated/workbench/workbench';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { PageFrame } from '@/ui/PageFrame';
import { navigation } from '@/ui/navigation';
import { formatTime, remainingDaysText } from '@/ui/format';
import { LoadFailed } from '@/ui/LoadFailed';
import { TenantUpgradeForm } from '@/ui/TenantUpgradeForm';
import styles from '../tenant.module.css';

export default function RenewalPage() {
  const { message } = App.useApp();
  const { config, info } = useSession();
  const tenantLink = config.last_login_tenant_link;
  const detail = useGetTenantDetail({ tenant_link: tenantLink }, { query: { retry: false } });
  const tenant = detail.data;

  return (
    <PageFrame
      title={TEXT.tenant.renewalTitle}
      extra={
        <Button icon={<SwapOutlined />} onClick={() => navigation.openEntrance()}>
          {TEXT.tenant.switchSpace}
        </Button>
      }
    >
      <Alert
        type="error"
        showIcon
        message={TEXT.tenant.frozenNotice}
        description={
          tenant?.disable_reason ? `${TEXT.tenant.frozenReason}：${tenant.disable_reason}` : undefined
        }
        data-testid="frozen-notice"
      />
      <div className={styles.renewalGrid}>
        <Card title={config.last_login_tenant_name || TEXT.tenant.tenantName} size="small">
          {detail.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
          {detail.isError ? (
            <LoadFailed title={TEXT.tenant.detailFailed} onRetry={() => void detail.refetch()} />
          ) : null}
          {tenant ? (
            <Descriptions column={1} size="small" data-testid="tenant-detail">
              <Descriptions.Item label={TEXT.tenant.tenantName}>{tenant.tenant_name}</Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.ownerName}>{tenant.owner_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.memberCount}>{tenant.member_count}</Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.createdAt}>
                {formatTime(tenant.created_at)}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.frozenReason}>
                {tenant.disable_reason || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.remaining}>
                {remainingDaysText(tenant.remaining_days) ?? '—'}
              </Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>
        <Card title={TEXT.tenant.upgradeTitle} size="small">
          <TenantUpgradeForm
            initialValues={{ contact_name: info.user_name ?? '', contact_phone: info.phone ?? '' }}
            onSubmit={async (fields) => {
              try {
                await upgradeTenant({ tenant_link: tenantLink, ...fields });
              } catch {
                return false; // shown by the transport; the form keeps its values
              }
              void message.success(TEXT.tenant.upgradeSent);
              return true;
            }}
          />
        </Card>
      </div>
    </PageFrame>
  );
}
