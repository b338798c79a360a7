import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithShell, FIRST_MOUNT_WITHIN_MS, useFetchedWithShell } from './first-data';

afterEach(() => {
  vi.useRealTimers();
});

const started = (key: string[]) => {
  const queryClient = new QueryClient();
  fetchWithShell(queryClient, { queryKey: key, queryFn: () => 'data' });
};

describe('a query fetched with the shell', () => {
  it('is taken as it came by the first mount only', () => {
    started(['first-mount']);
    const first = renderHook(() => useFetchedWithShell(['first-mount']));
    expect(first.result.current).toEqual({ refetchOnMount: false, retryOnMount: false });
    first.unmount();
    expect(renderHook(() => useFetchedWithShell(['first-mount'])).result.current).toEqual({});
    // Another key was never fetched with the shell.
    expect(renderHook(() => useFetchedWithShell(['other'])).result.current).toEqual({});
  });

  it('is not taken as it came once its page has not shown it for a while', () => {
    vi.useFakeTimers();
    started(['late']);
    vi.advanceTimersByTime(FIRST_MOUNT_WITHIN_MS - 1);
    started(['later']);
    vi.advanceTimersByTime(1);
    // Its page never mounted in time (the menus no longer give it, say): a later visit asks again.
    expect(renderHook(() => useFetchedWithShell(['late'])).result.current).toEqual({});
    expect(renderHook(() => useFetchedWithShell(['later'])).result.current).toEqual({
      refetchOnMount: false,
      retryOnMount: false,
    });
  });
});
