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

type Outcome = { kind: 'working' } | { kind: 'bad-state' } | { kind: 'failed' };

export default function OAuthCallbackPage() {
  useDocumentTitle('登录');
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a code is single-use
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const pending = consumePendingSignIn(query.get('state'));
    // Drop code and state from the address bar whatever happens next.
    window.history.replaceState(null, '', window.location.pathname);
    if (!pending || !code) {
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

  if (outcome.kind === 'working') return <FullScreenLoading tip="正在登录…" />;
  return (
    <Result
      status="warning"
      title={outcome.kind === 'bad-state' ? '登录请求已失效' : '登录失败'}
      subTitle={
        outcome.kind === 'bad-state'
          ? '登录回调与本次登录请求不匹配，为了您的账号安全，请重新登录。'
          : '暂时无法完成登录，请稍后重试。'
      }
      extra={
        <Button type="primary" onClick={() => redirectToSignIn()}>
          重新登录
        </Button>
      }
    />
  );
}
