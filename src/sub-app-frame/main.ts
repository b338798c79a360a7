/**
 * The page a sub-app runs in (`sub-app.html?route=<shell path>&entry=<child's page>`), served on
 * the app's own origin (src/constants/frame-origins.ts) with a policy of its own
 * (vite-plugins/csp.ts): the child gets its own document, storage and cookies, and reaches nothing of
 * the shell's. Its start-up, each step in a module of its own:
 *
 *   1. the child's page fetched, built and styled (load-child.ts), while
 *   2. the shell answers the handshake (handshake.ts, src/sub-app-protocol/messages.ts);
 *   3. micro-app's child API, the route and storage set up (child-api.ts, route-sync.ts,
 *      storage-fallback.ts), and the child's modals and tour targets watched (modal-watch.ts);
 *   4. its scripts run (load-child.ts), its errors noted (error-watch.ts), its lifecycle mounted
 *      when it appears (lifecycle-watch.ts) — in a frame the browser prerenders with its shell
 *      page (vite-plugins/csp.ts, PRERENDER_FRAMES_HEADER), not before the page is shown: steps
 *      1–3 are done ahead, and no code of the child runs for a page the user may never open;
 *   5. the shell told the truth (render-watch.ts): `mounted` once the child shows content,
 *      `error` with the reason otherwise.
 *
 * Every step has its time limit in src/sub-app-protocol/limits.ts.
 */
import { FRAME_PAGE_PATH } from '@/constants/frame-origins';
import { ROUTES } from '@/constants/routes';
import type { SubAppName } from '@/config/env';
import {
  dispatch,
  parseShellMessage,
  routeUnder,
  type FrameToShell,
  type Handlers,
  type ShellToFrame,
} from '@/sub-app-protocol/messages';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';
import { whenShown } from '@/ui/prerendering';
import { LIFECYCLE_MOUNT_MS } from '@/sub-app-protocol/limits';
import { hasLifecycle, installChildApi, mountChild, mountRegisteredLate, unmountChild } from './child-api';
import { describeError, watchChildErrors } from './error-watch';
import { handshake, shellOrigin } from './handshake';
import { watchForLifecycle } from './lifecycle-watch';
import { prepareChildPage, runScripts, type ChildPage } from './load-child';
import { watchGuideTargets, watchModals } from './modal-watch';
import { watchRender } from './render-watch';
import { within } from './within';
import { syncRoutes } from './route-sync';
import { provideStorage } from './storage-fallback';

const APPS = new Set(Object.keys(ROUTES.subApps));
const isSubApp = (name: string): name is SubAppName => APPS.has(name);

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
/** A promise that never rejects (a failure waiting to be read is no unhandled rejection of the child's). */
const settled = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
const unwrap = <T>(result: Settled<T>): T => {
  if (result.ok) return result.value;
  throw result.error;
};

async function start(): Promise<void> {
  const origin = shellOrigin();
  if (!origin) {
    document.body.textContent = '这是工作台子应用的运行页，请从工作台打开。';
    return;
  }
  // The child's page is fetched, built and styled while the shell answers the handshake: only
  // the embedding shell names the entry in this page's address (its frame-ancestors), and the
  // child's scripts run only once the welcome named the same entry.
  let app = '';
  const firstError = watchChildErrors(() => app);
  const nonce = cspNonce();
  nonceScriptCreatedStyles(nonce);
  // Only on the address the shell opened (a reload inside the frame is at the child's route,
  // where a query parameter of that name is the child's).
  const namedEntry =
    window.location.pathname === FRAME_PAGE_PATH
      ? new URLSearchParams(window.location.search).get('entry')
      : null;
  const early = namedEntry ? settled(prepareChildPage(namedEntry, nonce)) : null;
  const shaken = await handshake(origin);
  if (!shaken) {
    console.error('[sub-app] the workbench did not answer the handshake');
    return;
  }
  const { welcome, port } = shaken;
  const post = (message: FrameToShell) => {
    try {
      port.postMessage(message);
    } catch {
      // A history.state the child filled with something that cannot be copied (a function): sent without it.
      if (message.kind === 'location') port.postMessage({ ...message, state: null });
    }
  };
  if (!isSubApp(welcome.app)) {
    post({ kind: 'error', reason: `unknown sub-app "${welcome.app}"` });
    return;
  }
  app = welcome.app;
  const prefix = ROUTES.subApps[welcome.app];
  const fail = (reason: string) => {
    console.error(`[sub-app ${app}] ${reason}`);
    post({ kind: 'error', reason });
  };

  // The child sees the shell's route, under its base route (micro-app's native router mode): the
  // one the shell started the frame on, or (after a reload inside the frame) the frame's own path.
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const started = new URLSearchParams(window.location.search).get('route');
  const route = routeUnder(prefix, started ?? here, window.location.origin) ?? `${prefix}/`;
  window.history.replaceState(null, '', route);

  // Requests the child makes of the shell (a token, a confirm), answered on the port.
  let nextRequest = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const request = (body: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextRequest++;
      waiting.set(id, { resolve, reject });
      post({ kind: 'request', id, body });
    });

  // A browser that refuses this (third-party) frame its own storage gets one kept by the shell.
  provideStorage(welcome.storage, (area, items) => post({ kind: 'storage', area, items }));

  const api = installChildApi({
    app,
    entry: welcome.entry,
    baseRoute: `${prefix}/`,
    dispatchToShell: (data) => post({ kind: 'dispatch', data }),
    navigateShell: (path) => post({ kind: 'dispatch', data: { type: 'navigate', path } }),
    request,
  });
  if (Object.keys(welcome.data).length) api.fromShell.deliver(welcome.data);
  if (Object.keys(welcome.globalData).length) api.global.deliver(welcome.globalData);
  const routes = syncRoutes(
    (path, replace, state) => post({ kind: 'location', path, replace, state }),
    (pathname) => routeUnder(prefix, pathname, window.location.origin) !== null,
  );

  // Unmount: asked for by the shell, acknowledged when the child's hooks ran (or failed). A frame
  // removed without asking (a browser that cannot keep it while it leaves) unmounts on pagehide.
  let unmounting: Promise<void> | null = null;
  let stopLifecycleWatch = () => {};
  const unmount = () => {
    stopLifecycleWatch();
    return (unmounting ??= unmountChild(app, api.fromShell.data).catch((error: unknown) =>
      console.error(`[sub-app ${app}] unmount threw`, error),
    ));
  };
  window.addEventListener('pagehide', () => void unmount());

  const handlers: Handlers<ShellToFrame> = {
    // The shell decided that it changed (or was forced): delivered as it is, not compared again.
    data: (message) => api.fromShell.deliver(message.data),
    'global-data': (message) => api.global.deliver(message.data),
    navigate: (message) => {
      if (routeUnder(prefix, message.path, window.location.origin))
        routes.navigate(message.path, message.state ?? null);
    },
    answer: (message) => {
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new Error(message.reason));
    },
    unmount: () => void unmount().then(() => post({ kind: 'unmounted' })),
  };
  port.onmessage = (event: MessageEvent) => {
    const message = parseShellMessage(event.data);
    if (message) dispatch(handlers, message);
  };

  // The shell covers its chrome while the child shows a modal; its tour finds the child's targets.
  watchModals((state) => post({ kind: 'modal', ...state }));
  watchGuideTargets((targets) => post({ kind: 'guide-targets', targets }));

  const logThrewAfterRegistering = () => {
    const error = firstError();
    if (error)
      console.error(
        `[sub-app ${app}] its entry threw after registering its lifecycle; mounting it anyway: ${error.reason}`,
      );
  };
  const mountOverdue = () => new Error(`its mount() had not finished after ${LIFECYCLE_MOUNT_MS / 1000} s`);
  let render: ReturnType<typeof watchRender> | undefined;
  let registered: boolean;
  try {
    if (early && namedEntry !== welcome.entry)
      throw new Error(`the frame was opened for ${namedEntry}, not for ${welcome.entry}`);
    const page: ChildPage = early ? unwrap(await early) : await prepareChildPage(welcome.entry, nonce);
    // A child is written for a page its user sees: it may write, count a visit, open a socket.
    await whenShown();
    render = watchRender();
    await runScripts(page, nonce);
    // As micro-app does: a child whose entry threw after registering its lifecycle is still mounted.
    registered = hasLifecycle(app);
    if (registered) logThrewAfterRegistering();
    await within(mountChild(app, api.fromShell.data), LIFECYCLE_MOUNT_MS, mountOverdue);
  } catch (error) {
    render?.stop();
    const noted = firstError();
    fail(noted ? `${describeError(error)} (${noted.reason})` : describeError(error));
    return;
  }

  let lateMountFailed = false;
  if (!registered)
    stopLifecycleWatch = watchForLifecycle(app, () => {
      registered = true;
      logThrewAfterRegistering();
      within(mountRegisteredLate(app, api.fromShell.data), LIFECYCLE_MOUNT_MS, mountOverdue).catch(
        (error: unknown) => {
          lateMountFailed = true;
          fail(describeError(error));
        },
      );
    });
  const outcome = await render.outcome({
    firstError,
    registered: () => registered,
    abandoned: () => lateMountFailed,
  });
  if (!outcome) return;
  if (outcome.mounted) {
    post({ kind: 'mounted' });
    return;
  }
  stopLifecycleWatch();
  fail(outcome.reason);
}

void start();
