/**
 * The page a sub-app runs in (`sub-app.html?route=<shell path>`), served on the app's own
 * origin (src/constants/frame-origins.ts) with a policy of its own (scripts/csp.ts): the child
 * gets its own document, storage and cookies, and reaches nothing of the shell's. This script
 * shakes hands with the shell (src/sub-app-protocol/messages.ts), sets up micro-app's child API, loads the
 * child's page, keeps the child's route and the shell URL in step, shows the shell when the
 * child has a modal open, and tells the shell the truth: `mounted` once the child shows
 * content, `error` with the reason otherwise.
 */
import { ROUTES } from '@/constants/routes';
import type { SubAppName } from '@/config/env';
import { cspNonce, nonceScriptCreatedStyles } from '@/ui/csp-nonce';
import {
  FRAME_CHANNEL,
  dispatch,
  isWelcome,
  parseShellMessage,
  routeUnder,
  type FrameToShell,
  type Handlers,
  type ShellToFrame,
  type Hello,
  type Welcome,
} from '@/sub-app-protocol/messages';
import { hasLifecycle, installChildApi, mountChild, mountRegisteredLate, unmountChild } from './child-api';
import {
  buildChildPage,
  childStylesheetsApplied,
  fetchChild,
  resolveChildResources,
  runScripts,
  type ChildPage,
} from './load-child';
import { watchGuideTargets, watchModals } from './modal-watch';
import { provideStorage } from './storage-fallback';
import { syncRoutes } from './route-sync';
import { hasVisibleContent } from './render-watch';

/** How long a child may take to show content once its scripts ran. */
const RENDER_LIMIT_MS = 15_000;
/** After an uncaught error of a child that registered no lifecycle, how long it still has to show something. */
const AFTER_ERROR_MS = 1_500;
/**
 * A page whose own markup already shows content (server-rendered, hydrated in place)
 * counts as mounted this long after its scripts ran without an error, even if its code
 * changed nothing.
 */
const SHIPPED_CONTENT_GRACE_MS = 1_000;
/** How often the frame looks for a lifecycle the child registers after its scripts ran. */
const LIFECYCLE_POLL_MS = 50;
/** How often the render watch looks when nothing in the page changed. */
const RENDER_TICK_MS = 100;
/** How long to wait for the shell's welcome. */
const WELCOME_LIMIT_MS = 10_000;

const APPS = new Set(Object.keys(ROUTES.subApps));
const isSubApp = (name: string): name is SubAppName => APPS.has(name);

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'unknown error');

/**
 * The shell's origin: the only origin allowed to embed this page (its `frame-ancestors`), as
 * the browser reports it (`ancestorOrigins`), or from the referrer the shell sends.
 */
function shellOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors?.length) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Waits for the shell's welcome (from the parent window and the shell's origin only) and its port. */
function handshake(origin: string): Promise<{ welcome: Welcome; port: MessagePort } | null> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, WELCOME_LIMIT_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== origin || !isWelcome(event.data)) return;
      const port = event.ports[0];
      if (!port) return;
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve({ welcome: event.data, port });
    };
    window.addEventListener('message', onMessage);
    const hello: Hello = { channel: FRAME_CHANNEL, kind: 'hello' };
    window.parent.postMessage(hello, origin);
  });
}

/** The child's page in this document, its styles applied, its scripts not yet run. */
async function prepareChildPage(entry: string, nonce: string | undefined): Promise<ChildPage> {
  const { html, url } = await fetchChild(entry);
  const page = buildChildPage(html, url, nonce);
  resolveChildResources(page.base);
  // Hidden, in the same task as the markup went in: nothing unstyled is ever painted.
  await childStylesheetsApplied();
  return page;
}

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
  const origin = window.parent !== window ? shellOrigin() : null;
  if (!origin) {
    document.body.textContent = '这是工作台子应用的运行页，请从工作台打开。';
    return;
  }
  // The child's page is fetched, built and styled while the shell answers the handshake: only
  // the embedding shell names the entry in this page's address (its frame-ancestors), and the
  // child's scripts run only once the welcome named the same entry.
  const nonce = cspNonce();
  nonceScriptCreatedStyles(nonce);
  const namedEntry = new URLSearchParams(window.location.search).get('entry');
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
  const { app } = welcome;
  if (!isSubApp(app)) {
    post({ kind: 'error', reason: `unknown sub-app "${app}"` });
    return;
  }
  const fail = (reason: string) => {
    console.error(`[sub-app ${app}] ${reason}`);
    post({ kind: 'error', reason });
  };

  // The child sees the shell's route, under its base route (micro-app's native router mode): the
  // one the shell started the frame on, or (after a reload inside the frame) the frame's own path.
  const prefix = ROUTES.subApps[app];
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const started = new URLSearchParams(window.location.search).get('route');
  const route = routeUnder(prefix, started ?? here, window.location.origin) ?? `${prefix}/`;
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
  provideStorage(welcome.storage ?? {}, (area, items) => post({ kind: 'storage', area, items }));

  const api = installChildApi({
    app,
    entry: welcome.entry,
    baseRoute: `${prefix}/`,
    dispatchToShell: (data) => post({ kind: 'dispatch', data }),
    navigateShell: (path) => post({ kind: 'dispatch', data: { type: 'navigate', path } }),
    request,
  });
  if (Object.keys(welcome.data).length) api.fromShell.set(welcome.data, true);
  if (Object.keys(welcome.globalData).length) api.global.set(welcome.globalData, true);
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
    data: (message) => api.fromShell.set(message.data, message.force),
    'global-data': (message) => api.global.set(message.data, message.force),
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

  // Content counts once the child's code changed the page: markup its index.html ships
  // (a "加载中…" placeholder) is not the app having rendered — unless its scripts ran
  // cleanly and a moment passed (a server-rendered page hydrates without changing much).
  let changed = false;
  let shipped: boolean;
  /** Wakes the render watch below as soon as the child changed the page (not at its next tick). */
  let wake = () => {};
  const loaderOwn = (node: Node) => node instanceof Element && /^(SCRIPT|STYLE|LINK)$/.test(node.tagName);
  const watch = new MutationObserver((records) => {
    const byApp = (r: MutationRecord) =>
      r.type !== 'childList' || ![...r.addedNodes, ...r.removedNodes].every(loaderOwn);
    if (records.some(byApp)) {
      changed = true;
      wake();
    }
  });
  let registered: boolean;
  try {
    if (early && namedEntry !== welcome.entry)
      throw new Error(`the frame was opened for ${namedEntry}, not for ${welcome.entry}`);
    const page = early ? unwrap(await early) : await prepareChildPage(welcome.entry, nonce);
    shipped = hasVisibleContent();
    watch.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    await runScripts(page, nonce);
    // As micro-app does: a child whose entry threw after registering its lifecycle is still mounted.
    registered = hasLifecycle(app);
    if (registered && firstError) {
      console.error(
        `[sub-app ${app}] its entry threw after registering its lifecycle; mounting it anyway: ${firstError.reason}`,
      );
    }
    await mountChild(app, api.fromShell.data);
  } catch (error) {
    watch.disconnect();
    fail(firstError ? `${describe(error)} (${firstError.reason})` : describe(error));
    return;
  }

  const since = performance.now();
  // micro-app's two forms (`window.mount`, `window['micro-app-<name>']`) may appear after the
  // entry's `load` — a module script's load is not proof its code ran: watched for until the
  // render limit, and mounted when they do, whatever the entry threw meanwhile.
  let lateMountFailed = false;
  if (!registered) {
    const timer = window.setInterval(() => {
      if (!hasLifecycle(app)) {
        if (performance.now() - since >= RENDER_LIMIT_MS) window.clearInterval(timer);
        return;
      }
      window.clearInterval(timer);
      registered = true;
      if (firstError)
        console.error(
          `[sub-app ${app}] its entry threw after registering its lifecycle; mounting it anyway: ${firstError.reason}`,
        );
      mountRegisteredLate(app, api.fromShell.data).catch((error: unknown) => {
        lateMountFailed = true;
        watch.disconnect();
        fail(describe(error));
      });
    }, LIFECYCLE_POLL_MS);
    stopLifecycleWatch = () => window.clearInterval(timer);
  }
  for (;;) {
    if (lateMountFailed) return;
    const settledShipped = shipped && !firstError && performance.now() - since >= SHIPPED_CONTENT_GRACE_MS;
    if ((changed || !shipped || settledShipped) && hasVisibleContent()) {
      watch.disconnect();
      post({ kind: 'mounted' });
      return;
    }
    const now = performance.now();
    // A child that registered its lifecycle gets the whole limit whatever it threw: only showing
    // nothing is a failure then.
    if (!registered && firstError && now - Math.max(firstError.at, since) >= AFTER_ERROR_MS) {
      watch.disconnect();
      stopLifecycleWatch();
      fail(`the app failed before showing anything: ${firstError.reason}`);
      return;
    }
    if (now - since >= RENDER_LIMIT_MS) {
      watch.disconnect();
      stopLifecycleWatch();
      fail(
        `the app's scripts ran but it showed nothing within ${RENDER_LIMIT_MS / 1000} s` +
          (firstError ? ` (${firstError.reason})` : ''),
      );
      return;
    }
    // The next change of the page, or a tick (time limits, a style that made content visible).
    await new Promise<void>((resolve) => {
      const tick = window.setTimeout(() => resolve(), RENDER_TICK_MS);
      wake = () => {
        window.clearTimeout(tick);
        wake = () => {};
        resolve();
      };
    });
  }
}

void start();
