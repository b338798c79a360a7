/** The frame looks for a child's UMD lifecycle until the render limit, not once (issue 40). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_MS } from '@/sub-app-protocol/limits';
import { watchForLifecycle } from './lifecycle-watch';

const w = window as unknown as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
  for (const key of ['mount', 'unmount', 'micro-app-manual']) delete w[key];
});

describe('watching for a lifecycle registered late', () => {
  it("sees micro-app's named form once it appears, and only once", () => {
    const registered = vi.fn();
    watchForLifecycle('manual', registered);
    vi.advanceTimersByTime(500);
    expect(registered).not.toHaveBeenCalled();
    w['micro-app-manual'] = { mount: () => {}, unmount: () => {} };
    vi.advanceTimersByTime(60);
    expect(registered).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it('sees window.mount too', () => {
    const registered = vi.fn();
    watchForLifecycle('manual', registered);
    w.mount = () => {};
    w.unmount = () => {};
    vi.advanceTimersByTime(60);
    expect(registered).toHaveBeenCalledTimes(1);
  });

  it('stops looking at the render limit', () => {
    const registered = vi.fn();
    watchForLifecycle('manual', registered);
    vi.advanceTimersByTime(RENDER_MS + 100);
    expect(vi.getTimerCount()).toBe(0);
    w.mount = () => {};
    w.unmount = () => {};
    vi.advanceTimersByTime(1_000);
    expect(registered).not.toHaveBeenCalled();
  });

  it('stops when told to (the app is leaving)', () => {
    const registered = vi.fn();
    const stop = watchForLifecycle('manual', registered);
    stop();
    w.mount = () => {};
    w.unmount = () => {};
    vi.advanceTimersByTime(1_000);
    expect(registered).not.toHaveBeenCalled();
  });
});
