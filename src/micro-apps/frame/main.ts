/**
 * The page a sub-app runs in (`/sub-app.html?app=<name>&route=<shell path>`): one
 * same-origin frame per app, served with a policy of its own (scripts/csp.ts), so the
 * child gets its own document (no style leaks either way) and the shell keeps its
 * strict policy. This script sets up micro-app's child API, loads the child's page,
 * keeps the child's route and the shell URL in step, and tells the shell the truth:
 * `mounted` once the child shows content, `error` with the reason otherwise.
 */
import { ROUTES } from '@/constants/routes';
import { config, type SubAppName } from '@/config/env';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';
import {
  FRAME_CHANNEL,
  FRAME_HOOK,
  isShellMessage,
  routeUnder,
  type FrameHook,
  type FrameToShell,
  type Untagged,
} from '../frame-protocol';
import { installChildApi, mountChild, unmountChild } from './child-api';
import { buildChildPage, fetchChild, resolveChildResources, runScripts } from './load-child';
import { syncRoutes } from './route-sync';
import { hasVisibleContent } from './render-watch';

/** How long a child may take to show content once its scripts ran. */
const RENDER_LIMIT_MS = 15_000;
/** After an uncaught error, how long the child still has to show something. */
const AFTER_ERROR_MS = 1_500;
/**
 * A page whose own markup already shows content (server-rendered, hydrated in place)
 * counts as mounted this long after its scripts ran without an error, even if its code
 * changed nothing.
 */
const SHIPPED_CONTENT_GRACE_MS = 1_000;
/** How long to wait for the shell's data before running the child without it. */
const INIT_LIMIT_MS = 5_000;

type Outgoing = Untagged<FrameToShell>;

const embedded = window.parent !== window;
const post = (message: Outgoing) => {
  if (!embedded) return;
  try {
    window.parent.postMessage({ channel: FRAME_CHANNEL, ...message }, window.location.origin);
  } catch {
    // A history.state the child filled with something that cannot be copied (a function): sent without it.
    if (message.kind === 'location') post({ ...message, state: null });
  }
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
  const prefix = ROUTES.subApps[app];
  const route = routeUnder(prefix, params.get('route')) ?? `${prefix}/`;
  window.history.replaceState(null, '', route);

  // What can stop a child from rendering: an exception its code threw, or a script the policy
  // refused. Benign noise (ResizeObserver's loop notice, a refused image) does not count.
  let firstError: { reason: string; at: number } | undefined;
  const noteError = (reason: string) => {
    firstError ??= { reason, at: performance.now() };
  };
  window.addEventListener('error', (event) => {
    if (!/^ResizeObserver loop/.test(event.message)) noteError(describe(event.error ?? event.message));
  });
  window.addEventListener('unhandledrejection', (event) => noteError(describe(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => {
    const reason = `blocked by the Content Security Policy: ${event.effectiveDirective} ${event.blockedURI || '(inline)'}`;
    console.error(`[sub-app ${app}] ${reason}`);
    if (event.effectiveDirective.startsWith('script-src')) noteError(reason);
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
  const routes = syncRoutes(
    (path, replace, state) => post({ kind: 'location', path, replace, state }),
    (pathname) => routeUnder(prefix, pathname) !== null,
  );
  const hook: FrameHook = { unmount: () => void unmountChild(app, api.fromShell.data) };
  Object.defineProperty(window, FRAME_HOOK, { value: hook });

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
    else if (typeof message.path === 'string' && routeUnder(prefix, message.path)) {
      routes.navigate(message.path, message.state ?? null);
    }
  });
  if (embedded) {
    post({ kind: 'ready' });
    await Promise.race([init, new Promise((resolve) => window.setTimeout(resolve, INIT_LIMIT_MS))]);
  }

  // Content counts once the child's code changed the page: markup its index.html ships
  // (a "加载中…" placeholder) is not the app having rendered — unless its scripts ran
  // cleanly and a moment passed (a server-rendered page hydrates without changing much).
  let changed = false;
  let shipped: boolean;
  const loaderOwn = (node: Node) => node instanceof Element && /^(SCRIPT|STYLE|LINK)$/.test(node.tagName);
  const watch = new MutationObserver((records) => {
    const byApp = (r: MutationRecord) =>
      r.type !== 'childList' || ![...r.addedNodes, ...r.removedNodes].every(loaderOwn);
    if (records.some(byApp)) changed = true;
  });
  try {
    const { html, url } = await fetchChild(entry);
    const page = buildChildPage(html, url, nonce);
    resolveChildResources(page.base);
    shipped = hasVisibleContent();
    watch.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    await runScripts(page, nonce);
    await mountChild(app, api.fromShell.data);
  } catch (error) {
    watch.disconnect();
    fail(firstError ? `${describe(error)} (${firstError.reason})` : describe(error));
    return;
  }

  const started = performance.now();
  for (;;) {
    const settledShipped = shipped && !firstError && performance.now() - started >= SHIPPED_CONTENT_GRACE_MS;
    if ((changed || !shipped || settledShipped) && hasVisibleContent()) {
      watch.disconnect();
      post({ kind: 'mounted' });
      return;
    }
    const now = performance.now();
    if (firstError && now - Math.max(firstError.at, started) >= AFTER_ERROR_MS) {
      watch.disconnect();
      fail(`the app failed before showing anything: ${firstError.reason}`);
      return;
    }
    if (now - started >= RENDER_LIMIT_MS) {
      watch.disconnect();
      fail(`the app's scripts ran but it showed nothing within ${RENDER_LIMIT_MS / 1000} s`);
      return;
    }
    await new Promise((resolve) => window.setTimeout(resolve, 100));
  }
}

void start();
