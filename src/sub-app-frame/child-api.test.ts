/**
 * micro-app's child API as the frame offers it: the rules children are written against
 * (rc.30's event centre) — shallow "changed?" checks, forcing, autoTrigger, merged
 * dispatches — and the globals and lifecycle a child reads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataSlot, installChildApi, mountChild, publicPathOf, unmountChild } from './child-api';

type Api = {
  getData(): unknown;
  addDataListener(fn: (d: unknown) => unknown, auto?: boolean): void;
  removeDataListener(fn: unknown): void;
  dispatch(d: unknown, next?: () => void): void;
  forceDispatch(d: unknown): void;
  getGlobalData(): unknown;
  router: { getBaseAppRouter(): { push(path: string): void } };
  getSessionToken(): Promise<{ token: string; expiresAt: number }>;
};
const w = window as unknown as Record<string, unknown> & { microApp: Api };

const install = () => {
  const sent: unknown[] = [];
  const shellPaths: string[] = [];
  const requests: unknown[] = [];
  const api = installChildApi({
    app: 'product',
    entry: 'https://apps.example.com/product/index.html?v=3#x',
    baseRoute: '/micro-app-product/',
    dispatchToShell: (data) => sent.push(data),
    navigateShell: (path) => shellPaths.push(path),
    request: (body) => {
      requests.push(body);
      return Promise.resolve({ token: `t${requests.length}`, expiresAt: Date.now() + 300_000 });
    },
  });
  return { api, sent, shellPaths, requests };
};

afterEach(() => {
  for (const key of ['mount', 'unmount', 'micro-app-product', 'onmount', 'onunmount']) delete w[key];
});

describe('data', () => {
  it('that the child changes itself reaches listeners only when it changed (shallowly), unless forced', () => {
    const slot = new DataSlot();
    const listener = vi.fn();
    slot.on(listener);
    slot.set({ type: 'route', subRoute: 'a' }, false);
    slot.set({ type: 'route', subRoute: 'a' }, false);
    slot.set({ type: 'route', subRoute: 'a' }, true);
    slot.set({ type: 'route', subRoute: 'b' }, false);
    expect(listener.mock.calls.map(([d]) => (d as { subRoute: string }).subRoute)).toEqual(['a', 'a', 'b']);
  });

  it('from the shell is delivered as it comes: the shell already decided that it changed or was forced', () => {
    const slot = new DataSlot();
    const listener = vi.fn();
    slot.on(listener);
    slot.deliver({ type: 'route', subRoute: 'a' });
    slot.deliver({ type: 'route', subRoute: 'a' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('autoTrigger calls a new listener at once with data already there', () => {
    const { api } = install();
    api.fromShell.deliver({ type: 'route', subRoute: 'x' });
    const auto = vi.fn();
    const later = vi.fn();
    w.microApp.addDataListener(auto, true);
    w.microApp.addDataListener(later);
    expect(auto).toHaveBeenCalledWith({ type: 'route', subRoute: 'x' });
    expect(later).not.toHaveBeenCalled();
    expect(w.microApp.getData()).toEqual({ type: 'route', subRoute: 'x' });
    w.microApp.removeDataListener(later);
    api.fromShell.deliver({ type: 'route', subRoute: 'y' });
    expect(auto).toHaveBeenCalledTimes(2);
    expect(later).not.toHaveBeenCalled();
  });

  it('a listener that throws does not stop the others', () => {
    const slot = new DataSlot();
    const ok = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    slot.on(() => {
      throw new Error('child bug');
    });
    slot.on(ok);
    slot.set({ a: 1 }, false);
    expect(ok).toHaveBeenCalled();
  });
});

describe('data to the shell', () => {
  it('sends each dispatch, drops one that changes nothing (micro-app merges), forced ones always go', async () => {
    const { sent } = install();
    const next = vi.fn();
    w.microApp.dispatch({ type: 'ping' }, next);
    w.microApp.dispatch({ type: 'ping' });
    w.microApp.forceDispatch({ type: 'ping' });
    w.microApp.dispatch({ type: 'open', dialog: 'feedback' });
    expect(sent).toEqual([{ type: 'ping' }, { type: 'ping' }, { type: 'open', dialog: 'feedback' }]);
    await Promise.resolve();
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('refuses data that is not a plain object', () => {
    const { sent } = install();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    w.microApp.dispatch('hello');
    w.microApp.dispatch([1, 2]);
    expect(sent).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('the base app router asks the shell to navigate', () => {
    const { shellPaths } = install();
    w.microApp.router.getBaseAppRouter().push('/user-info/base-info');
    expect(shellPaths).toEqual(['/user-info/base-info']);
  });
});

describe('globals a child reads', () => {
  it('are micro-app’s: environment, name, URL, public path and base route', () => {
    install();
    expect(w.__MICRO_APP_ENVIRONMENT__).toBe(true);
    expect(w.__MICRO_APP_NAME__).toBe('product');
    expect(w.__MICRO_APP_URL__).toBe('https://apps.example.com/product/index.html?v=3');
    expect(w.__MICRO_APP_PUBLIC_PATH__).toBe('https://apps.example.com/product/');
    expect(w.__MICRO_APP_BASE_ROUTE__).toBe('/micro-app-product/');
    expect(w.rawWindow).toBe(window);
  });

  it('the public path is the entry’s folder with a trailing slash', () => {
    expect(publicPathOf('http://h/a/index.html')).toBe('http://h/a/');
    expect(publicPathOf('http://h/a')).toBe('http://h/a/');
    expect(publicPathOf('http://h/a/')).toBe('http://h/a/');
    expect(publicPathOf('http://h:8080/a/b/?x=1#y')).toBe('http://h:8080/a/b/');
  });
});

describe('lifecycle', () => {
  it('mounts a UMD child with the shell data (awaiting its promise), then says mounted', async () => {
    install();
    const order: string[] = [];
    w['micro-app-product'] = {
      mount: async (data: unknown) => {
        await Promise.resolve();
        order.push(`mount ${JSON.stringify(data)}`);
      },
      unmount: () => order.push('unmount'),
    };
    window.addEventListener('statechange', (e) => order.push((e as CustomEvent).detail.appState));
    w.onmount = () => order.push('onmount');
    await mountChild('product', { type: 'route' });
    expect(order).toEqual(['mounting', 'mount {"type":"route"}', 'mounted', 'onmount']);
    expect(w.__MICRO_APP_UMD_MODE__).toBe(true);
  });

  it('window.mount and window.unmount work too; unmount runs the hooks in micro-app’s order', async () => {
    install();
    const order: string[] = [];
    w.mount = () => order.push('mount');
    w.unmount = () => order.push('unmount');
    const onUnmountEvent = () => order.push('unmount event');
    window.addEventListener('unmount', onUnmountEvent);
    w.onunmount = () => order.push('onunmount');
    await mountChild('product', null);
    await unmountChild('product', null);
    window.removeEventListener('unmount', onUnmountEvent);
    expect(order).toEqual(['mount', 'unmount', 'unmount event', 'onunmount']);
  });

  it('a child without lifecycle (renders as it runs) is not mounted by anyone', async () => {
    install();
    await expect(mountChild('product', null)).resolves.toBeUndefined();
    expect(w.__MICRO_APP_UMD_MODE__).toBe(false);
  });
});

describe('getSessionToken (a workbench extension of the child API)', () => {
  it('asks the shell once, hands the same token out while fresh, and a new one near its expiry', async () => {
    const { requests } = install();
    const first = await w.microApp.getSessionToken();
    expect(await w.microApp.getSessionToken()).toEqual(first);
    expect(requests).toEqual([{ type: 'session-token' }]);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 250_000);
    expect((await w.microApp.getSessionToken()).token).toBe('t2');
    vi.restoreAllMocks();
  });
});
