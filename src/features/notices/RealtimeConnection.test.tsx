/**
 * The shell's realtime link to the embedded apps, with the channel loaded only when something
 * is sent to an app: a new manual notice refreshes the manual app (every time, in order), an
 * app's "notices changed" reloads the notices, and nothing is left listening after sign-out.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyAppListeners } from '@/sub-app-host/app-event-listeners';
import type { AppToShell } from '@/sub-app-host/channel';
import { RealtimeConnection } from './RealtimeConnection';

const channel = vi.hoisted(() => ({ sendToApp: vi.fn(), loaded: false }));
vi.mock('@/sub-app-host/channel', () => {
  channel.loaded = true;
  return { sendToApp: channel.sendToApp };
});

const realtime = vi.hoisted(() => ({
  notifyManual: undefined as ((scene: string | null) => void) | undefined,
  stop: vi.fn(),
}));
vi.mock('./notice-realtime', () => ({
  startNoticeRealtime: (options: { notifyManual: (scene: string | null) => void }) => {
    realtime.notifyManual = options.notifyManual;
    return { stop: realtime.stop };
  },
}));
vi.mock('./use-notices', () => ({ useNoticeOwner: () => ({ tid: 't1', uid: 'u1' }) }));
const invalidateNotices = vi.hoisted(() => vi.fn());
vi.mock('./notice-query', () => ({ invalidateNotices }));

/** The browser's idle callbacks, run when the test says the browser is idle. */
const idleCallbacks = new Map<number, () => void>();
let nextIdleId = 1;
vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
  idleCallbacks.set(nextIdleId, callback);
  return nextIdleId++;
});
vi.stubGlobal('cancelIdleCallback', (id: number) => idleCallbacks.delete(id));
const browserIdle = () =>
  act(() => {
    const callbacks = [...idleCallbacks.values()];
    idleCallbacks.clear();
    callbacks.forEach((callback) => callback());
  });

/** Lets the channel's dynamic import settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function mount() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RealtimeConnection />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  realtime.notifyManual = undefined;
  realtime.stop.mockClear();
  idleCallbacks.clear();
  channel.sendToApp.mockClear();
  invalidateNotices.mockClear();
});

describe('RealtimeConnection', () => {
  // First: a module is loaded once per file.
  it('hears the apps without loading the channel, and stops listening on unmount', async () => {
    const view = mount();
    browserIdle();
    await settle();
    expect(anyAppListeners.size).toBe(1);
    for (const listener of anyAppListeners) listener('manual', { type: 'notices-changed' } as AppToShell);
    expect(invalidateNotices).toHaveBeenCalledWith(expect.any(QueryClient), { tid: 't1', uid: 'u1' });
    expect(channel.loaded).toBe(false);
    view.unmount();
    expect(anyAppListeners.size).toBe(0);
  });

  it('a prerendered page opens no socket until the user opens the page', async () => {
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => true });
    try {
      const view = mount();
      browserIdle();
      expect(realtime.notifyManual).toBeUndefined();
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('prerenderingchange'));
      await settle();
      browserIdle();
      await settle();
      expect(realtime.notifyManual).toBeDefined();
      view.unmount();
    } finally {
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
    }
  });

  it('opens the socket once the browser is idle, not in the first commit, and closes it on unmount', async () => {
    const view = mount();
    expect(realtime.notifyManual).toBeUndefined();
    browserIdle();
    await settle(); // its module comes then
    expect(realtime.notifyManual).toBeDefined();
    view.unmount();
    expect(realtime.stop).toHaveBeenCalledOnce();
  });

  it('never opens the socket when it is unmounted before the browser was idle', async () => {
    mount().unmount();
    browserIdle();
    await settle();
    expect(realtime.notifyManual).toBeUndefined();
  });

  it('never opens the socket when it is unmounted while its module loads', async () => {
    const view = mount();
    browserIdle();
    view.unmount();
    await settle();
    expect(realtime.notifyManual).toBeUndefined();
  });

  it('refreshes the manual app for each new manual notice, forced and in order', async () => {
    mount();
    browserIdle();
    await settle();
    // Several in a row: each is sent, forced, in order (one promise chain keeps the sends in order).
    realtime.notifyManual!('S1');
    realtime.notifyManual!('S1');
    realtime.notifyManual!(null);
    await settle();
    expect(channel.sendToApp.mock.calls.map(([app, data, opts]) => [app, data.scene_no, opts])).toEqual([
      ['manual', 'S1', { force: true }],
      ['manual', 'S1', { force: true }],
      ['manual', null, { force: true }],
    ]);
    expect(channel.sendToApp.mock.calls[0]![1]).toMatchObject({ type: 'refresh' });
  });
});
