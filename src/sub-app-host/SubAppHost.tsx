/**
 * One host per route prefix: the app runs in its own frame (src/sub-app-frame).
 * A spinner shows until the app has rendered content; an app that cannot be loaded,
 * is blocked, throws or shows nothing ends in an error with a retry (the reason is in
 * the console), and the rest of the shell keeps working.
 *
 * The shell URL is the one source of truth for the app's route: the frame starts on
 * it, the app's own navigation comes back here and moves the shell URL (so reload,
 * deep links and back/forward work), and any shell navigation to a route of this app
 * (left rail, menus, notice links, history) moves the app's router without a reload.
 */
import { App, Button, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportSessionExpired } from '@/api/transport';
import { isLeaving } from '@/session/sso';
import { config, type SubAppName } from '@/config/env';
import { TOAST_SECONDS } from '@/constants/limits';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { dialogs } from '@/ui/dialogs';
import { ErrorState } from '@/ui/ErrorState';
import { inNextTask } from '@/ui/next-task';
import { whenShown } from '@/ui/page-shown';
import { ROUTES } from '@/constants/routes';
import { frameOriginFor } from '@/constants/frame-origins';
import { frameUrl, routeUnder } from '@/sub-app-protocol/messages';
import { HELLO_LIMIT_MS, STARTED_LIMIT_MS } from '@/sub-app-protocol/limits';
import { answerAppRequest } from './app-requests';
import { handleAppEvent } from './app-events';
import { connectFrame, onAppEvent, type FrameConnection } from './channel';
import { removeStandIns } from './frame-targets';
import { coverAround, type ModalCover } from './modal-cover';
import { useSharedContext } from './shared-context';

/**
 * What a sub-app's frame may do (the `sandbox` attribute): run scripts, keep its own origin
 * (safe only because that origin is not the shell's: src/constants/frame-origins.ts), send
 * forms, open popups that are not sandboxed themselves, download and show alert/confirm.
 * Never `allow-top-navigation*`: a child cannot navigate the shell's window.
 */
const SUB_APP_SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
  'allow-modals',
].join(' ');

type Status = 'loading' | 'mounted' | 'error';

/** The origin of `app`'s frame page, for this shell. */
const frameOriginOf = (app: SubAppName) => frameOriginFor(app, config.subAppFrameOrigin, window.location);

export function SubAppHost({ app, onMounted }: { app: SubAppName; onMounted?: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const { message } = App.useApp();
  useSharedContext();

  // Requests from the app (open a dialog, go to a page, a toast) come through the channel.
  const navigate = useNavigate();
  useEffect(
    () =>
      onAppEvent(
        app,
        (event) =>
          void handleAppEvent(event, {
            navigate,
            openDialog: dialogs.open,
            toast: (level, content) => void message.open({ type: level, content, duration: TOAST_SECONDS }),
            sessionExpired: reportSessionExpired,
          }),
      ),
    [app, navigate, message],
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

/**
 * Frames whose app is unmounting: moved here (state kept, `Element.moveBefore`) so the app
 * can run its unmount and say so before the frame goes.
 */
function leavingFrames(): HTMLElement {
  let holder = document.getElementById('sub-app-leaving');
  if (!holder) {
    holder = document.createElement('div');
    holder.id = 'sub-app-leaving';
    holder.hidden = true;
    holder.setAttribute('inert', '');
    document.body.append(holder);
  }
  return holder;
}

type MovableParent = HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * The frame is made here, not by React: when the app leaves, the frame must outlive its
 * place in the page until the app has unmounted (React would remove it at once).
 */
function SubAppFrame({ app, status, onStatus, onMounted }: FrameProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const slotRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const connectionRef = useRef<FrameConnection | null>(null);
  /** Where the app's router is, as far as the shell knows: no echo of its own moves. */
  const appPathRef = useRef(here);
  const latestRef = useRef({ status, onStatus, onMounted, navigate, modal });
  latestRef.current = { status, onStatus, onMounted, navigate, modal };

  // Connected before the frame's document can load, so no message of the app is missed. A layout
  // effect: its cleanup runs while the frame is still in the page, so the frame can be kept
  // (moved) until its app has unmounted; a passive effect's cleanup runs after React removed it.
  // The frame is created in a task of its own, right after the commit that placed its slot:
  // creating it (a document in another process) is one of the longest calls of the first load,
  // and made in the commit it lengthened that task (docs/frontend.md, "The first load").
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    let close: (() => void) | undefined;
    const cancel = inNextTask(() => {
      try {
        close = openFrame(slot);
      } catch (error) {
        // Out of React's render, so no error boundary sees it: the host shows its error and retry.
        console.error(`[sub-app ${app}] its frame could not be created`, error);
        latestRef.current.onStatus('error');
      }
    });
    return () => {
      cancel();
      close?.();
    };

    /** Creates, connects and places the app's frame; returns what takes it down. */
    function openFrame(slot: HTMLDivElement): () => void {
      const prefix = ROUTES.subApps[app];
      const origin = frameOriginOf(app);
      const frame = document.createElement('iframe');
      frame.className = 'sub-app-frame';
      frame.title = SHELL_TEXT.apps[app];
      frame.dataset.subApp = app;
      frame.setAttribute('sandbox', SUB_APP_SANDBOX);
      frame.allow = 'clipboard-write';
      frame.referrerPolicy = 'strict-origin';
      frame.dataset.status = latestRef.current.status;
      frameRef.current = frame;

      let settled = false;
      let confirming = false;
      let cover: ModalCover | null = null;
      const settle = (status: Status) => {
        if (settled) return;
        settled = true;
        window.clearTimeout(timer);
        latestRef.current.onStatus(status);
      };
      // Counted from when the page is shown: a prerendered page's frame loads then (or, where the
      // browser prerenders frames too, starts its app then). First the frame page's hello, then
      // the frame's start-up (src/sub-app-protocol/limits.ts).
      let timer: number | undefined;
      const limit = (ms: number, reason: string) => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          console.error(`[sub-app ${app}] ${reason}`);
          settle('error');
        }, ms);
      };
      let greeted = false;
      void whenShown().then(() => {
        if (settled || greeted) return;
        limit(
          HELLO_LIMIT_MS,
          `its frame page (${origin}) did not load within ${HELLO_LIMIT_MS / 1000} s (unreachable, or refused by a policy)`,
        );
      });
      const entry = new URL(config.subApps[app], window.location.origin).href;
      const connection = connectFrame(app, frame, origin, entry, {
        greeted: () => {
          // For the benches: the frame page loaded and its start-up began (the welcome is sent).
          performance.mark('sub-app-greeted', { detail: app });
          greeted = true;
          // A frame prerendered with this page greets before it is shown, and starts its app then.
          void whenShown().then(() => {
            if (!settled)
              limit(STARTED_LIMIT_MS, `its frame said nothing more within ${STARTED_LIMIT_MS / 1000} s`);
          });
        },
        mounted: () => {
          // For the benches and real-user monitoring: when the app's content is on screen.
          performance.mark('sub-app-mounted', { detail: app });
          settle('mounted');
          latestRef.current.onMounted?.();
        },
        failed: (reason) => {
          console.error(`[sub-app ${app}] ${reason}`);
          cover?.release();
          cover = null;
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
        answer: (request) =>
          answerAppRequest(app, request, {
            // One question at a time: an app cannot stack the shell's dialogs.
            confirm: (title, content) => {
              if (confirming) return Promise.reject(new Error('a confirm of this app is already open'));
              confirming = true;
              return new Promise<boolean>((resolve) => {
                latestRef.current.modal.confirm({
                  title,
                  content,
                  onOk: () => resolve(true),
                  onCancel: () => resolve(false),
                });
              }).finally(() => (confirming = false));
            },
          }),
        modal: (open, mask) => {
          cover?.release();
          cover = open ? coverAround(frame, mask) : null;
        },
      });
      connectionRef.current = connection;
      // The route as last committed (the effect below keeps it): a render React discarded never counts.
      frame.src = frameUrl(origin, appPathRef.current, entry);
      slot.append(frame);

      return () => {
        // Settled for good: a limit still waiting for the page to be shown never starts.
        settled = true;
        window.clearTimeout(timer);
        cover?.release();
        cover = null;
        removeStandIns();
        connectionRef.current = null;
        frameRef.current = null;
        // The app unmounts in its frame, which is kept (moved, not reloaded) until it said so.
        const holder = leavingFrames() as MovableParent;
        let kept = false;
        // When the whole page is leaving (sign-out, expiry) there is nothing to keep it for: the frame
        // goes with the page and its app unmounts on pagehide (a move then held the navigation up).
        if (typeof holder.moveBefore === 'function' && frame.isConnected && !isLeaving()) {
          try {
            holder.moveBefore(frame, null);
            kept = true;
          } catch {
            // a browser that cannot move it in this state: as below
          }
        }
        if (kept) {
          void connection.disconnect().finally(() => frame.remove());
        } else {
          // Without a state-keeping move the frame goes with its place; the frame page then runs
          // the app's unmount on `pagehide` (src/sub-app-frame/main.ts).
          void connection.disconnect();
          frame.remove();
        }
      };
    }
  }, [app]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    frame.dataset.status = status;
  }, [status]);

  const appState = (location.state as { subApp?: unknown } | null)?.subApp ?? null;
  // On every move of the shell's history (a new location each time, a traversal back to the
  // route already shown included): the router renders in transitions, so back/forward pressed
  // while the app's own move (`moved`) is still rendering supersedes it, and the route rendered
  // stays what it was while the app is elsewhere.
  useEffect(() => {
    if (here === appPathRef.current) return;
    appPathRef.current = here;
    connectionRef.current?.navigate(here, appState);
  }, [location, here, appState]);

  return <div ref={slotRef} className="sub-app-frame-slot" hidden={status === 'error'} />;
}
