/** Work nobody sees at once waits for the browser's first idle period, and only the first time. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each test: "idle once" is per page load. */
async function load() {
  vi.resetModules();
  return import('./when-idle');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs the task in an idle callback, with a deadline, and cancels it', async () => {
    const callbacks: (() => void)[] = [];
    const requestIdleCallback = vi.fn((callback: () => void) => callbacks.push(callback));
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const { whenIdle } = await load();
    const task = vi.fn();
    const cancel = whenIdle(task, 1500);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    expect(task).not.toHaveBeenCalled();
    callbacks[0]!();
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it('falls back to a timer where the browser has no idle callbacks (Safari)', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const { whenIdle } = await load();
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('useIdleOnce', () => {
  it('is false on the first render, true once the browser was idle, and true at once after that', async () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { useIdleOnce } = await load();
    function Probe({ name }: { name: string }) {
      return (
        <span>
          {name}: {useIdleOnce() ? 'idle' : 'busy'}
        </span>
      );
    }
    const first = render(<Probe name="bell" />);
    expect(screen.getByText('bell: busy')).toBeTruthy();
    act(() => callbacks.forEach((callback) => callback()));
    expect(screen.getByText('bell: idle')).toBeTruthy();
    first.unmount();
    const calls = callbacks.length;
    render(<Probe name="drawer" />);
    expect(screen.getByText('drawer: idle')).toBeTruthy();
    expect(callbacks).toHaveLength(calls);
  });
});
