/** The 邀请链接 tab: the generated link, copy and refresh. */
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Alert, Button, Input, Space, Tooltip, Typography } from 'antd';
import { TEXT } from '@/constants/texts';
import { copyText } from './clipboard';
import { useInviteLink } from './use-invite-link';

export function InviteLinkPanel({ active }: { active: boolean }) {
  const { message } = App.useApp();
  const { link, loading, spinning, failed, refresh, retry } = useInviteLink(active);

  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) void message.success(TEXT.copySuccess);
    else void message.warning(TEXT.copyUnsupported);
  };

  return (
    <div className="invite-link-panel">
      <Typography.Paragraph type="secondary">{TEXT.tenant.inviteLinkHint}</Typography.Paragraph>
      {failed && !link ? (
        <Alert
          type="error"
          showIcon
          message={TEXT.tenant.inviteLinkFailed}
          action={
            <Button size="small" autoInsertSpace={false} onClick={retry}>
              {TEXT.retry}
            </Button>
          }
        />
      ) : (
        <Space.Compact block>
          <Input
            readOnly
            aria-label={TEXT.tenant.inviteLinkTab}
            data-testid="invite-link"
            value={link ?? ''}
            placeholder={TEXT.tenant.inviteLinkLoading}
          />
          <Tooltip title={TEXT.tenant.refreshLink}>
            <Button
              aria-label={TEXT.tenant.refreshLink}
              data-testid="invite-refresh"
              data-spinning={spinning ? 'true' : 'false'}
              icon={<ReloadOutlined spin={spinning} />}
              disabled={!link || loading || spinning}
              onClick={refresh}
            />
          </Tooltip>
          <Button
            type="primary"
            icon={<CopyOutlined />}
            disabled={!link || loading}
            onClick={() => void copy()}
          >
            {TEXT.tenant.copyLink}
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}
