/**
 * The page a sub-app runs in (`/sub-app.html?app=<name>&route=<shell path>`): one
 * same-origin frame per app, served with a policy of its own (scripts/csp.ts), so the
 * child gets its own document (no style leaks either way) and the shell keeps its
 * strict policy. This script sets up micro-app's child API, loads the child's page,
 * keeps the child's route and the shell URL in step, and tells the shell the truth:
 * `mounted` once the child shows content, `error` with the reason otherwise.
 */
import { APP_PREFIX } from '@/access/route-set';
import { config, type SubAppName } from '@/config/env';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';
import { FRAME_CHANNEL, isShellMessage, type FrameToShell } from '../frame-protocol';
import { installChildApi, mountChild, unmountChild } from './child-api';
import { buildChildPage, fetchChild, runScripts } from './load-child';
import { syncRoutes } from './route-sync';
import { hasVisibleContent } from './render-watch';

/** How long a child may take to show content once its scripts ran. */
const RENDER_LIMIT_MS = 15_000;
/** After an uncaught error, how long the child still has to show something. */
const AFTER_ERROR_MS = 1_500;
/** How long to wait for the shell's data before running the child without it. */
const INIT_LIMIT_MS = 5_000;

type Outgoing = FrameToShell extends infer M
  ? M extends { channel: unknown }
    ? Omit<M, 'channel'>
    : never
  : never;

const embedded = window.parent !== window;
const post = (message: Outgoing) => {
  if (embedded) window.parent.postMessage({ channel: FRAME_CHANNEL, ...message }, window.location.origin);
};

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'unknown error');

const isSubApp = (name: string | null): name is SubAppName => !!name && Object.hasOwn(config.subApps, name);

async function start(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const app = params.get('app');
  if (!isSubApp(app)) {
    post({ kind: 'error', reason: `unknown sub-app "${app ?? ''}"` });
    return;
  }
  const fail = (reason: string) => {
    console.error(`[sub-app ${app}] ${reason}`);
    post({ kind: 'error', reason });
  };

  // The child sees the shell's route, under its base route (micro-app's native router mode).
  const prefix = APP_PREFIX[app];
  const requested = params.get('route') ?? '';
  const route = requested.startsWith(prefix) && !requested.startsWith('//') ? requested : `${prefix}/`;
  window.history.replaceState(null, '', route);

  let firstError: { reason: string; at: number } | undefined;
  const noteError = (reason: string) => {
    firstError ??= { reason, at: performance.now() };
  };
  window.addEventListener('error', (event) => noteError(describe(event.error ?? event.message)));
  window.addEventListener('unhandledrejection', (event) => noteError(describe(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => {
    const reason = `blocked by the Content Security Policy: ${event.effectiveDirective} ${event.blockedURI || '(inline)'}`;
    console.error(`[sub-app ${app}] ${reason}`);
    noteError(reason);
  });

  const nonce = cspNonce();
  nonceScriptCreatedStyles(nonce);
  const entry = new URL(config.subApps[app], window.location.origin).href;
  const api = installChildApi({
    app,
    entry,
    baseRoute: `${prefix}/`,
    dispatchToShell: (data) => post({ kind: 'dispatch', data }),
    navigateShell: (path) => post({ kind: 'dispatch', data: { type: 'navigate', path } }),
  });
  const routes = syncRoutes((path, replace) => post({ kind: 'location', path, replace }));

  let initialised = () => {};
  const init = new Promise<void>((resolve) => (initialised = resolve));
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== window.location.origin) return;
    if (!isShellMessage(event.data)) return;
    const message = event.data;
    if (message.kind === 'init') {
      if (Object.keys(message.data).length) api.fromShell.set(message.data, true);
      if (Object.keys(message.globalData).length) api.global.set(message.globalData, true);
      initialised();
    } else if (message.kind === 'data') api.fromShell.set(message.data, message.force);
    else if (message.kind === 'global-data') api.global.set(message.data, message.force);
    else if (message.kind === 'navigate') routes.navigate(message.path);
    else void unmountChild(app, api.fromShell.data);
  });
  if (embedded) {
    post({ kind: 'ready' });
    await Promise.race([init, new Promise((resolve) => window.setTimeout(resolve, INIT_LIMIT_MS))]);
  }

  try {
    const { html, url } = await fetchChild(entry);
    const page = buildChildPage(html, url, nonce);
    await runScripts(page, nonce);
    await mountChild(app, api.fromShell.data);
  } catch (error) {
    fail(describe(firstError?.reason ?? error));
    return;
  }

  const started = performance.now();
  for (;;) {
    if (hasVisibleContent()) {
      post({ kind: 'mounted' });
      return;
    }
    const now = performance.now();
    if (firstError && now - Math.max(firstError.at, started) >= AFTER_ERROR_MS) {
      fail(`the app failed before showing anything: ${firstError.reason}`);
      return;
    }
    if (now - started >= RENDER_LIMIT_MS) {
      fail(`the app's scripts ran but it showed nothing within ${RENDER_LIMIT_MS / 1000} s`);
      return;
    }
    await new Promise((resolve) => window.setTimeout(resolve, 100));
  }
}

void start();
