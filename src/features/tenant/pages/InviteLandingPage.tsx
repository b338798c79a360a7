/**
 * /link/{data}, the invite landing (SPEC §2). The data is the server's link suffix,
 * opaque to the app (invite-code.ts): only a code no link can carry is refused here.
 * The server resolves it: which enterprise invites and whether the link is still
 * valid (an unknown code is the server's error, shown with the way home); 加入企业
 * joins, records the tenant and opens the workbench in it.
 * Signing in first is handled by the route (RequireSession returns here).
 */
import { TeamOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { acceptInvite, useGetInviteLinkInfo } from '@generated/workbench/workbench';
import type { TenantRef } from '@generated/workbench/model';
import { ApiError } from '@/api/transport';
import { TEXT } from '@/constants/texts';
import { LoadFailed } from '@/ui/LoadFailed';
import { ROUTES } from '@/constants/routes';
import { checkInviteCode } from '../invite-code';
import { enterTenant } from '../switch-tenant';
import { StandalonePage } from '../StandalonePage';
import styles from '../tenant.module.css';

/** The server's answer that the code is no invite (a 4xx or an error code), not a failure to ask it. */
function refusedByServer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.kind === 'business' ||
    (error.kind === 'http' && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500)
  );
}

const home = (
  <Button key="home" href={ROUTES.home}>
    {TEXT.tenant.backHome}
  </Button>
);

export default function InviteLandingPage() {
  const { data = '' } = useParams();
  const checked = useMemo(() => checkInviteCode(data), [data]);
  const info = useGetInviteLinkInfo(
    { code: data },
    { query: { enabled: checked.ok, retry: false, staleTime: Infinity } },
  );
  const [joining, setJoining] = useState(false);
  // Once joined, a failed switch is retried without accepting the invitation again.
  const joinedRef = useRef<TenantRef | null>(null);

  const join = async () => {
    setJoining(true);
    try {
      joinedRef.current ??= await acceptInvite({ code: data });
      await enterTenant(joinedRef.current);
    } catch {
      setJoining(false); // shown by the transport (e.g. the link expired meanwhile)
    }
  };

  let content;
  if (!checked.ok) {
    content = <Result status="warning" title={TEXT.inviteLinkInvalid} extra={home} />;
  } else if (info.isPending) {
    content = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  } else if (info.isError && refusedByServer(info.error)) {
    // The server does not know the code (or refuses it): the link is not a valid one.
    content = <Result status="warning" title={TEXT.inviteLinkInvalid} extra={home} />;
  } else if (info.isError) {
    content = (
      <LoadFailed title={TEXT.tenant.inviteInfoFailed} onRetry={() => void info.refetch()} extra={home} />
    );
  } else if (info.data.expired) {
    content = (
      <Result
        status="warning"
        title={TEXT.tenant.inviteExpired}
        subTitle={TEXT.tenant.inviteExpiredHint}
        extra={home}
      />
    );
  } else {
    const inviter = info.data.inviter_name.trim();
    content = (
      <Result
        icon={<TeamOutlined />}
        title={
          inviter
            ? TEXT.tenant.invitedBy(inviter, info.data.tenant_name)
            : TEXT.tenant.invitedTo(info.data.tenant_name)
        }
        extra={[
          <Button key="join" type="primary" loading={joining} onClick={() => void join()}>
            {TEXT.tenant.join}
          </Button>,
          home,
        ]}
      />
    );
  }

  return (
    <StandalonePage title={TEXT.tenant.inviteLandingTitle}>
      <Card className={styles.narrow} variant="borderless">
        {content}
      </Card>
    </StandalonePage>
  );
}
