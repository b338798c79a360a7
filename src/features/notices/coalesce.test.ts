import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs on the leading edge and once more on the trailing edge of a burst', async () => {
    const task = vi.fn();
    const trigger = coalesce(task, 500);
    for (let i = 0; i < 1000; i++) trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('gives at most 3 runs for 1,000 triggers spread evenly over one second', async () => {
    const task = vi.fn();
    const trigger = coalesce(task, 500);
    for (let i = 0; i < 1000; i++) {
      trigger();
      await vi.advanceTimersByTimeAsync(1); // events at t = 0 … 999 ms
    }
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('never overlaps runs: a slow run delays the next until it ends', async () => {
    let resolve: () => void = () => {};
    const task = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const trigger = coalesce(task, 100);
    trigger();
    await vi.advanceTimersByTimeAsync(0);
    trigger();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('keeps working after a failed run and stops after cancel', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const trigger = coalesce(task, 100);
    trigger();
    await vi.advanceTimersByTimeAsync(200);
    trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    trigger();
    trigger.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    trigger();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
  });
});
