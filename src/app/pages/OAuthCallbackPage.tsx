/**
 * /oauth/callback (and /callback): code → POST /oauth/v2/token → id_token.
 * The state must match the one this tab sent; otherwise sign-in starts again.
 */
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { exchangeToken } from '@generated/workbench/workbench';
import { config } from '@/config/env';
import { callbackUrl, consumePendingSignIn, redirectToSignIn } from '@/session/sso';
import { writeItem } from '@/session/storage';
import { FullScreenLoading } from '@/ui/FullScreenLoading';
import { useDocumentTitle } from '@/ui/PageFrame';
import { PAGE_TEXT } from '@/constants/texts';

type Outcome = { kind: 'working' } | { kind: 'bad-state' } | { kind: 'failed' };

export default function OAuthCallbackPage() {
  useDocumentTitle(PAGE_TEXT.signIn.title);
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const startedRef = useRef(false);

  useEffect(() => {
    if (startedRef.current) return; // StrictMode runs effects twice; a code is single-use
    startedRef.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const pending = consumePendingSignIn(query.get('state'));
    // Drop code and state from the address bar whatever happens next.
    window.history.replaceState(null, '', window.location.pathname);
    if (!pending || !code) {
      // eslint-disable-next-line @eslint-react/set-state-in-effect -- known only after consuming the one-time sign-in state, a side effect that must run once in an effect
      setOutcome({ kind: 'bad-state' });
      return;
    }
    exchangeToken({
      code,
      grant_type: 'authorization_code',
      redirect_uri: callbackUrl(),
      client_id: config.ssoClientId,
    })
      .then((data) => {
        writeItem('token', data.id_token);
        navigate(pending.returnTo, { replace: true });
      })
      .catch(() => setOutcome({ kind: 'failed' }));
  }, [navigate]);

  if (outcome.kind === 'working') return <FullScreenLoading tip={PAGE_TEXT.signIn.working} />;
  return (
    <Result
      status="warning"
      title={outcome.kind === 'bad-state' ? PAGE_TEXT.signIn.badState : PAGE_TEXT.signIn.failed}
      subTitle={outcome.kind === 'bad-state' ? PAGE_TEXT.signIn.badStateHint : PAGE_TEXT.signIn.failedHint}
      extra={
        <Button type="primary" onClick={() => redirectToSignIn({ userAsked: true })}>
          {PAGE_TEXT.signIn.again}
        </Button>
      }
    />
  );
}
