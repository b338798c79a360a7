/**
 * micro-app 1.0's child-side API, as a child running in its own frame sees it: the
 * window globals and `window.microApp` (data channel, global data, router helpers).
 * Children written for micro-app run here unchanged. The rules follow micro-app's own
 * event centre (rc.30): data is a plain object; a new value reaches listeners only when
 * it differs shallowly from the current one, unless forced; `autoTrigger` calls a new
 * listener at once with data already there. Host→child data arrives already merged and
 * only when it changed (the shell merges and compares, as micro-app's setData does: it is
 * the one place that decides); what the child changes itself (its dispatch, its
 * setGlobalData) is merged and compared here.
 */
import { shallowEqual } from '@/sub-app-protocol/messages';

type Data = Record<string, unknown>;
type Listener = ((data: Data) => unknown) & { __AUTO_TRIGGER__?: boolean };
type NextStep = (results?: unknown[]) => void;

const isPlainObject = (value: unknown): value is Data =>
  Object.prototype.toString.call(value) === '[object Object]';

/** One direction of data: the value, and who listens. */
export class DataSlot {
  private value: Data | null = null;
  private readonly listeners = new Set<Listener>();

  get data(): Data | null {
    return this.value;
  }

  on(listener: Listener, autoTrigger = false): void {
    if (typeof listener !== 'function') {
      console.error('[micro-app] addDataListener: the listener is not a function');
      return;
    }
    listener.__AUTO_TRIGGER__ = autoTrigger;
    this.listeners.add(listener);
    if (autoTrigger && this.value && Object.keys(this.value).length) listener(this.value);
  }

  off(listener?: Listener): void {
    if (listener) this.listeners.delete(listener);
    else this.listeners.clear();
  }

  clear(): void {
    this.value = {};
  }

  /** Sets the value the child itself changed; returns the listeners' results, or null when nothing changed. */
  set(next: Data, force: boolean): unknown[] | null {
    if (!force && this.value && shallowEqual(this.value, next)) return null;
    return this.deliver(next);
  }

  /** Delivers a value the shell sent: it already decided that it changed (src/sub-app-host/channel.ts). */
  deliver(next: Data): unknown[] {
    this.value = next;
    const results: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        const result = listener(next);
        if (result) results.push(result);
      } catch (error) {
        console.error('[micro-app] a data listener threw', error);
      }
    }
    return results;
  }
}

export interface ChildApiOptions {
  app: string;
  /** The child's entry, as configured: micro-app's `__MICRO_APP_URL__` and public path come from it. */
  entry: string;
  baseRoute: string;
  /** Sends what the child dispatched to the shell (already checked to be a plain object). */
  dispatchToShell: (data: Data) => void;
  /** Asks the shell to go to a path of its own (`microApp.router.getBaseAppRouter().push`). */
  navigateShell: (path: string) => void;
  /** Asks the shell something and waits for its answer (contract: AppRequest); rejects with the reason. */
  request: (body: unknown) => Promise<unknown>;
}

/** A token for the child's own back end, as `getSessionToken()` resolves it. */
interface SessionToken {
  token: string;
  expiresAt: number;
}

/** A cached token is handed out again while it has more than this left; then a new one is asked for. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface ChildApi {
  fromShell: DataSlot;
  global: DataSlot;
}

/** micro-app's public path: the entry's folder, with a trailing slash, no search or hash. */
export function publicPathOf(entry: string): string {
  const url = new URL(entry);
  const folder = /\.\w+$/.test(url.pathname) ? url.pathname.replace(/[^/]*$/, '') : url.pathname;
  return `${url.origin}${folder.endsWith('/') ? folder : `${folder}/`}`;
}

/** Installs the globals and `window.microApp` before any of the child's scripts run. */
export function installChildApi(options: ChildApiOptions): ChildApi {
  const fromShell = new DataSlot();
  const global = new DataSlot();
  let sent: Data | null = null;
  const entry = new URL(options.entry);

  const dispatch = (data: unknown, nextStep?: NextStep, force = false) => {
    if (!isPlainObject(data)) {
      console.error('[micro-app] dispatch: data must be an object');
      return;
    }
    const merged = { ...(sent ?? {}), ...data };
    if (!force && sent && shallowEqual(sent, merged)) return;
    sent = merged;
    options.dispatchToShell(data);
    if (typeof nextStep === 'function') queueMicrotask(() => nextStep());
  };

  const setGlobal = (data: unknown, nextStep?: NextStep, force = false) => {
    if (!isPlainObject(data)) {
      console.error('[micro-app] setGlobalData: data must be an object');
      return;
    }
    const results = global.set({ ...(global.data ?? {}), ...data }, force);
    if (results && typeof nextStep === 'function') queueMicrotask(() => nextStep(results));
  };

  const navigateOwn = (to: { path?: string; replace?: boolean } | string, replace = false) => {
    const target = typeof to === 'string' ? { path: to, replace } : to;
    if (typeof target.path !== 'string') return Promise.reject(new Error('router: path is required'));
    const method = target.replace ? 'replaceState' : 'pushState';
    window.history[method](null, '', target.path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return Promise.resolve();
  };
  const baseAppRouter = {
    push: (to: string | { path?: string }) => {
      const path = typeof to === 'string' ? to : to.path;
      if (typeof path === 'string') options.navigateShell(path);
    },
  };

  // Workbench extensions of micro-app's child API (README "Sub-apps"): a token scoped to this
  // app, never the shell's own, cached while it has more than a minute left; and requests.
  let token: SessionToken | null = null;
  let asking: Promise<SessionToken> | null = null;
  const getSessionToken = (): Promise<SessionToken> => {
    if (token && token.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) return Promise.resolve({ ...token });
    asking ??= options
      .request({ type: 'session-token' })
      .then((answer) => {
        token = answer as SessionToken;
        return { ...token };
      })
      .finally(() => (asking = null));
    return asking;
  };

  const microApp = {
    appName: options.app,
    getSessionToken,
    request: (message: unknown) => options.request(message),
    getData: (fromBaseApp = true) => (fromBaseApp ? fromShell.data : sent),
    addDataListener: (listener: Listener, autoTrigger?: boolean) => fromShell.on(listener, autoTrigger),
    removeDataListener: (listener: Listener) => {
      if (typeof listener === 'function') fromShell.off(listener);
    },
    clearDataListener: () => fromShell.off(),
    dispatch: (data: unknown, nextStep?: NextStep, force?: boolean) => dispatch(data, nextStep, force),
    forceDispatch: (data: unknown, nextStep?: NextStep) => dispatch(data, nextStep, true),
    clearData: (fromBaseApp = false) => {
      if (fromBaseApp) fromShell.clear();
      else sent = {};
    },
    getGlobalData: () => global.data,
    addGlobalDataListener: (listener: Listener, autoTrigger?: boolean) => global.on(listener, autoTrigger),
    removeGlobalDataListener: (listener: Listener) => {
      if (typeof listener === 'function') global.off(listener);
    },
    clearGlobalDataListener: () => global.off(),
    // A child's global data stays in its own frame: the shell's context is the shell's to set.
    setGlobalData: (data: unknown, nextStep?: NextStep, force?: boolean) => setGlobal(data, nextStep, force),
    forceSetGlobalData: (data: unknown, nextStep?: NextStep) => setGlobal(data, nextStep, true),
    clearGlobalData: () => global.clear(),
    pureCreateElement: (tag: string, options?: ElementCreationOptions) =>
      document.createElement(tag, options),
    removeDomScope: () => {},
    location: window.location,
    router: {
      push: (to: { path?: string; replace?: boolean }) => navigateOwn(to),
      replace: (to: { path?: string }) => navigateOwn({ ...to, replace: true }),
      go: (delta: number) => window.history.go(delta),
      back: () => window.history.back(),
      forward: () => window.history.forward(),
      getBaseAppRouter: () => baseAppRouter,
      setBaseAppRouter: () => {},
      current: new Map(),
      encode: encodeURIComponent,
      decode: decodeURIComponent,
    },
  };

  Object.assign(window, {
    __MICRO_APP_ENVIRONMENT__: true,
    __MICRO_APP_NAME__: options.app,
    __MICRO_APP_URL__: `${entry.origin}${entry.pathname}${entry.search}`,
    __MICRO_APP_PUBLIC_PATH__: publicPathOf(options.entry),
    __MICRO_APP_BASE_ROUTE__: options.baseRoute,
    __MICRO_APP_BASE_URL__: options.baseRoute,
    __MICRO_APP_UMD_MODE__: false,
    __MICRO_APP_PRE_RENDER__: false,
    __MICRO_APP_STATE__: 'loading',
    __MICRO_APP_SANDBOX_TYPE__: 'iframe',
    rawWindow: window,
    rawDocument: document,
    microApp,
  });
  return { fromShell, global };
}

type Lifecycle = (data?: unknown) => unknown;
interface ChildWindow {
  mount?: Lifecycle;
  unmount?: Lifecycle;
  onmount?: Lifecycle;
  onunmount?: Lifecycle;
  [key: string]: unknown;
}

/** The child's mount/unmount (UMD mode): `window['micro-app-<name>']` or `window.mount` and `window.unmount`. */
function lifecycleOf(app: string): { mount: Lifecycle; unmount: Lifecycle } | null {
  const w = window as unknown as ChildWindow;
  const named = w[`micro-app-${app}`] as { mount?: unknown; unmount?: unknown } | undefined;
  const source = named && typeof named.mount === 'function' ? named : w;
  return typeof source.mount === 'function' && typeof source.unmount === 'function'
    ? { mount: source.mount as Lifecycle, unmount: source.unmount as Lifecycle }
    : null;
}

/** Whether the child registered micro-app's UMD lifecycle (`mount` and `unmount`). */
export const hasLifecycle = (app: string): boolean => lifecycleOf(app) !== null;

function setState(state: string): void {
  (window as unknown as ChildWindow).__MICRO_APP_STATE__ = state;
  window.dispatchEvent(new CustomEvent('statechange', { detail: { appState: state } }));
}

/** After the child's scripts ran: mounts a UMD child (awaiting a promise), then says so as micro-app does. */
export async function mountChild(app: string, data: unknown): Promise<void> {
  const lifecycle = lifecycleOf(app);
  setState('mounting');
  if (lifecycle) {
    (window as unknown as ChildWindow).__MICRO_APP_UMD_MODE__ = true;
    await lifecycle.mount(data);
  }
  setState('mounted');
  (window as unknown as ChildWindow).onmount?.(data);
  window.dispatchEvent(new CustomEvent('mounted'));
}

/**
 * A UMD lifecycle that appeared after the entry's scripts had run (a module graph still
 * evaluating, a bundle that registers in a later task): its `mount`, as micro-app calls it.
 */
export async function mountRegisteredLate(app: string, data: unknown): Promise<void> {
  const lifecycle = lifecycleOf(app);
  if (!lifecycle) return;
  (window as unknown as ChildWindow).__MICRO_APP_UMD_MODE__ = true;
  await lifecycle.mount(data);
}

/** Before the frame goes away: the child's unmount hooks, in micro-app's order. */
export async function unmountChild(app: string, data: unknown): Promise<void> {
  const lifecycle = lifecycleOf(app);
  const pending = lifecycle?.unmount(data);
  setState('unmount');
  window.dispatchEvent(new CustomEvent('unmount'));
  (window as unknown as ChildWindow).onunmount?.();
  await pending;
}
