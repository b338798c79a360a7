/**
 * One host per route prefix. Shows a loader until the app says it mounted; an app
 * that fails to load or never mounts (time limit) shows an error with a retry,
 * and the rest of the shell keeps working.
 */
import microApp from '@micro-zoe/micro-app';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { config, type SubAppName } from '@/config/env';
import { APP_PREFIX } from '@/access';
import { ErrorState } from '@/ui/ErrorState';
import { dialogs } from '@/ui/dialogs';
import { handleAppEvent } from './app-events';
import { onAppEvent } from './channel';
import { startMicroApps } from './start';
import { SHELL_TEXT, TEXT } from '@/constants/texts';

export const MOUNT_TIMEOUT_MS = 20_000;

type Status = 'loading' | 'mounted' | 'error';

export function MicroAppHost({ app, onMounted }: { app: SubAppName; onMounted?: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const mountedCallback = useRef(onMounted);
  mountedCallback.current = onMounted;

  startMicroApps();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setStatus('loading');
    const timer = window.setTimeout(
      () => setStatus((s) => (s === 'mounted' ? s : 'error')),
      MOUNT_TIMEOUT_MS,
    );
    const mounted = () => {
      window.clearTimeout(timer);
      setStatus('mounted');
      mountedCallback.current?.();
    };
    const failed = () => {
      window.clearTimeout(timer);
      setStatus('error');
    };
    // Lowercase event names: React 19 keeps the case of on* props, so listen directly.
    element.addEventListener('mounted', mounted);
    element.addEventListener('error', failed);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('mounted', mounted);
      element.removeEventListener('error', failed);
    };
  }, [attempt, app]);

  // Requests from the app (open a dialog, go to a page) come through the channel.
  const navigate = useNavigate();
  useEffect(
    () => onAppEvent(app, (event) => void handleAppEvent(event, { navigate, openDialog: dialogs.open })),
    [app, navigate],
  );

  const retry = () => {
    void microApp.unmountApp(app, { destroy: true }).finally(() => setAttempt((n) => n + 1));
  };

  return (
    <div className="micro-app-host" data-app={app} data-status={status}>
      {status === 'error' ? (
        <ErrorState
          tone="error"
          title={SHELL_TEXT.appFailed(SHELL_TEXT.apps[app])}
          description={SHELL_TEXT.appFailedHint}
          actions={
            <Button type="primary" onClick={retry}>
              {TEXT.retry}
            </Button>
          }
        />
      ) : null}
      {status === 'loading' ? (
        <div className="micro-app-loading">
          <Spin tip={SHELL_TEXT.appLoading(SHELL_TEXT.apps[app])} size="large">
            <div style={{ height: 120 }} />
          </Spin>
        </div>
      ) : null}
      {/* Keyed wrapper: micro-app rewrites its element's children, so React must only ever remove the wrapper. */}
      <div key={`${app}-${attempt}`} style={{ display: status === 'error' ? 'none' : 'block' }}>
        <micro-app
          ref={ref}
          name={app}
          url={new URL(config.subApps[app], window.location.origin).href}
          baseroute={`${APP_PREFIX[app]}/`}
          iframe="true"
          router-mode="native"
          style={{ display: 'block', minHeight: 'calc(100vh - 180px)' }}
        />
      </div>
    </div>
  );
}
