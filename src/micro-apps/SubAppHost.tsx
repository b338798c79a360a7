/**
 * One host per route prefix: the app runs in its own frame (src/micro-apps/frame).
 * A spinner shows until the app has rendered content; an app that cannot be loaded,
 * is blocked, throws or shows nothing ends in an error with a retry (the reason is in
 * the console), and the rest of the shell keeps working.
 *
 * The shell URL is the one source of truth for the app's route: the frame starts on
 * it, the app's own navigation comes back here and moves the shell URL (so reload,
 * deep links and back/forward work), and any shell navigation to a route of this app
 * (left rail, menus, notice links, history) moves the app's router without a reload.
 */
import { Button, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SubAppName } from '@/config/env';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { dialogs } from '@/ui/dialogs';
import { ErrorState } from '@/ui/ErrorState';
import { ROUTES } from '@/constants/routes';
import { handleAppEvent } from './app-events';
import { connectFrame, onAppEvent, type FrameConnection } from './channel';
import { frameUrl, routeUnder } from './frame-protocol';
import { useSharedContext } from './shared-context';

/** The whole time an app has to show content, from the moment its frame is created. */
const MOUNT_TIMEOUT_MS = 20_000;

type Status = 'loading' | 'mounted' | 'error';

export function SubAppHost({ app, onMounted }: { app: SubAppName; onMounted?: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  useSharedContext();

  // Requests from the app (open a dialog, go to a page) come through the channel.
  const navigate = useNavigate();
  useEffect(
    () => onAppEvent(app, (event) => void handleAppEvent(event, { navigate, openDialog: dialogs.open })),
    [app, navigate],
  );

  const retry = () => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="sub-app-host" data-app={app} data-status={status}>
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
        <div className="sub-app-loading">
          <Spin tip={SHELL_TEXT.appLoading(SHELL_TEXT.apps[app])} size="large">
            <div style={{ height: 120 }} />
          </Spin>
        </div>
      ) : null}
      <SubAppFrame
        key={`${app}-${attempt}`}
        app={app}
        status={status}
        onStatus={setStatus}
        onMounted={onMounted}
      />
    </div>
  );
}

interface FrameProps {
  app: SubAppName;
  status: Status;
  onStatus: (status: Status) => void;
  onMounted?: () => void;
}

function SubAppFrame({ app, status, onStatus, onMounted }: FrameProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}${location.hash}`;
  // The frame starts on the shell's route; later moves are messages (a new src would reload the app).
  const [src] = useState(() => frameUrl(app, here));
  const frameRef = useRef<HTMLIFrameElement>(null);
  const connectionRef = useRef<FrameConnection | null>(null);
  /** Where the app's router is, as far as the shell knows: no echo of its own moves. */
  const appPathRef = useRef(here);
  const latestRef = useRef({ onStatus, onMounted, navigate });
  latestRef.current = { onStatus, onMounted, navigate };

  // Connected before the frame's document can load, so no message of the app is missed.
  useLayoutEffect(() => {
    const element = frameRef.current;
    if (!element) return;
    const prefix = ROUTES.subApps[app];
    let settled = false;
    const settle = (status: Status) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      latestRef.current.onStatus(status);
    };
    const timer = window.setTimeout(() => {
      console.error(`[sub-app ${app}] showed no content within ${MOUNT_TIMEOUT_MS / 1000} s`);
      settle('error');
    }, MOUNT_TIMEOUT_MS);
    connectionRef.current = connectFrame(app, element, {
      mounted: () => {
        settle('mounted');
        latestRef.current.onMounted?.();
      },
      failed: (reason) => {
        console.error(`[sub-app ${app}] ${reason}`);
        settle('error');
      },
      moved: (path, replace, state) => {
        const route = routeUnder(prefix, path);
        if (!route) {
          console.warn(
            `[sub-app ${app}] ignored a route outside ${prefix}/: ${path} (use dispatch({ type: 'navigate' }))`,
          );
          return;
        }
        appPathRef.current = route;
        // The app's history.state rides in the shell's entry, so back/forward give it back.
        latestRef.current.navigate(route, { replace, state: { subApp: state } });
      },
    });
    return () => {
      window.clearTimeout(timer);
      connectionRef.current?.disconnect();
      connectionRef.current = null;
    };
  }, [app]);

  const appState = (location.state as { subApp?: unknown } | null)?.subApp ?? null;
  useEffect(() => {
    if (here === appPathRef.current) return;
    appPathRef.current = here;
    connectionRef.current?.navigate(here, appState);
  }, [here, appState]);

  return (
    <iframe
      ref={frameRef}
      src={src}
      title={SHELL_TEXT.apps[app]}
      className="sub-app-frame"
      data-sub-app={app}
      data-status={status}
      hidden={status === 'error'}
    />
  );
}
