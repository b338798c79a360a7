/**
 * Renewal (SPEC §2, §4 "Space", §6): the only page of a frozen tenant. What the
 * tenant is, why it is frozen, how long its service runs (SPEC §9 helper), a
 * renewal request, and the way to another space (/entrance in a new tab).
 */
import { SwapOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions } from 'antd';
import { upgradeTenant, useGetTenantDetail } from '@generated/workbench/workbench';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { PageFrame } from '@/ui/PageFrame';
import { navigation } from '@/ui/navigation';
import { formatTime, remainingDaysText } from '@/ui/format';
import { LoadFailed } from '@/ui/LoadFailed';
import { TenantUpgradeForm } from '@/ui/TenantUpgradeForm';
import styles from '../tenant.module.css';

/** What a value shows while the tenant's detail loads. */
const PENDING = '…';

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
        // The reason's line is there from the first render, so nothing below it moves when it arrives.
        description={`${TEXT.tenant.frozenReason}：${tenant ? tenant.disable_reason || '—' : PENDING}`}
        data-testid="frozen-notice"
      />
      <div className={styles.renewalGrid}>
        <Card title={config.last_login_tenant_name || TEXT.tenant.tenantName} size="small">
          {detail.isError ? (
            <LoadFailed title={TEXT.tenant.detailFailed} onRetry={() => void detail.refetch()} />
          ) : (
            // The same rows while the detail loads (a placeholder in each), so the card keeps its
            // height and the upgrade form below it on a phone does not move.
            <Descriptions
              column={1}
              size="small"
              data-testid={tenant ? 'tenant-detail' : undefined}
              aria-busy={!tenant}
            >
              <Descriptions.Item label={TEXT.tenant.tenantName}>
                {tenant ? tenant.tenant_name : PENDING}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.ownerName}>
                {tenant ? tenant.owner_name || '—' : PENDING}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.memberCount}>
                {tenant ? tenant.member_count : PENDING}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.createdAt}>
                {tenant ? formatTime(tenant.created_at) : PENDING}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.frozenReason}>
                {tenant ? tenant.disable_reason || '—' : PENDING}
              </Descriptions.Item>
              <Descriptions.Item label={TEXT.tenant.remaining}>
                {tenant ? (remainingDaysText(tenant.remaining_days) ?? '—') : PENDING}
              </Descriptions.Item>
            </Descriptions>
          )}
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
