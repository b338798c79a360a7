/** 企业管理 (/manage/enterprise): the enterprise's profile and the owner's actions, each gated by its code. */
import { DeleteOutlined, EditOutlined, RocketOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { Access } from '@/access';
import { POWER } from '@/constants/codes';
import { ADMIN_TEXT } from '@/constants/texts';
import { PageFrame } from '@/ui/PageFrame';
import { formatTime, remainingDaysText } from '@/ui/format';
import { LoadFailed } from '@/ui/LoadFailed';
import { lazyDialog } from '@/ui/lazy-dialog';
import { useCurrentTenant } from '../tenant';

const T = ADMIN_TEXT.enterprise;

// The forms (ProComponents' fields) and the dissolving's confirmation come when first wanted: the
// page is a description list.
const EditEnterpriseForm = lazyDialog(() => import('../enterprise/EditEnterpriseForm'));
const TransferOwnerForm = lazyDialog(() => import('../enterprise/TransferOwnerForm'));
const UpgradeForm = lazyDialog(() => import('../enterprise/UpgradeForm'));
const DissolveDialog = lazyDialog(() => import('../enterprise/DissolveDialog'));

const orEmpty = (text: string | null | undefined) =>
  text ? text : <Typography.Text type="secondary">{T.empty}</Typography.Text>;

export default function EnterprisePage() {
  const { detail } = useCurrentTenant();
  const tenant = detail.data;

  const actions = tenant ? (
    <Space wrap>
      <Access code={POWER.enterpriseEdit}>
        <EditEnterpriseForm
          tenant={tenant}
          trigger={(props) => (
            <Button {...props} icon={<EditOutlined />}>
              {T.edit}
            </Button>
          )}
        />
      </Access>
      <Access code={POWER.enterpriseTransfer}>
        <TransferOwnerForm
          tenant={tenant}
          trigger={(props) => (
            <Button {...props} icon={<SwapOutlined />}>
              {T.transfer}
            </Button>
          )}
        />
      </Access>
      <Access code={POWER.enterpriseUpgrade}>
        <UpgradeForm
          tenant={tenant}
          trigger={(props) => (
            <Button {...props} icon={<RocketOutlined />}>
              {T.upgrade}
            </Button>
          )}
        />
      </Access>
      <Access code={POWER.enterpriseDissolve}>
        <DissolveDialog
          tenant={tenant}
          trigger={(props) => (
            <Button {...props} danger icon={<DeleteOutlined />}>
              {T.dissolve}
            </Button>
          )}
        />
      </Access>
    </Space>
  ) : null;

  return (
    <PageFrame title={T.title} extra={actions}>
      {detail.isError ? (
        <LoadFailed title={T.loadFailed} onRetry={() => void detail.refetch()} />
      ) : !tenant ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={T.name} span={2}>
            {tenant.tenant_name}
          </Descriptions.Item>
          <Descriptions.Item label={T.id}>{tenant.tenant_link}</Descriptions.Item>
          <Descriptions.Item label={T.owner}>{orEmpty(tenant.owner_name)}</Descriptions.Item>
          <Descriptions.Item label={T.contactPhone}>{orEmpty(tenant.contact_phone)}</Descriptions.Item>
          <Descriptions.Item label={T.industry}>{orEmpty(tenant.industry)}</Descriptions.Item>
          <Descriptions.Item label={T.memberCount}>{tenant.member_count}</Descriptions.Item>
          <Descriptions.Item label={T.state}>
            {tenant.is_disable ? (
              <Tag color="error">
                {T.stateFrozen}
                {tenant.disable_reason ? `：${tenant.disable_reason}` : ''}
              </Tag>
            ) : (
              <Tag color="success">{T.stateActive}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={T.remaining}>
            {remainingDaysText(tenant.remaining_days)}
          </Descriptions.Item>
          <Descriptions.Item label={T.createdAt}>{formatTime(tenant.created_at)}</Descriptions.Item>
          <Descriptions.Item label={T.description} span={2}>
            {orEmpty(tenant.description)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </PageFrame>
  );
}
