/**
 * A prerendered page (the module tabs' speculation rules) reads only until it is shown, and a
 * page prepares the next one only once it has settled.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isPrerendering,
  layOutWhilePrerendering,
  reloadIfSessionChanged,
  usePageSettled,
  whenShown,
} from './page-shown';

function prerender(on: boolean) {
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => on });
}
function activate() {
  prerender(false);
  document.dispatchEvent(new Event('prerenderingchange'));
}

/** Longer than the idle wait (jsdom has no requestIdleCallback: when-idle.ts waits 500 ms). */
const idle = () => new Promise((resolve) => setTimeout(resolve, 650));

afterEach(() => {
  prerender(false);
  vi.restoreAllMocks();
});

describe('page-shown', () => {
  it('a page loaded the usual way is shown at once', async () => {
    expect(isPrerendering()).toBe(false);
    await expect(whenShown()).resolves.toBeUndefined();
  });

  it('a prerendered page is shown when the browser activates it, not before', async () => {
    prerender(true);
    let shown = false;
    void whenShown().then(() => (shown = true));
    await Promise.resolve();
    expect(shown).toBe(false);
    activate();
    await Promise.resolve();
    expect(shown).toBe(true);
  });

  it('reloads a prerendered page whose session another page changed; its own writes do not count', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    let stored = 'token-a t-1';
    const listeners = new Set<() => void>();
    prerender(true);
    reloadIfSessionChanged(
      () => stored,
      (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    );
    stored = 'token-a t-2'; // this page chose its tenant itself
    listeners.forEach((l) => l());
    activate();
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled();

    prerender(true);
    reloadIfSessionChanged(
      () => stored,
      (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    );
    stored = 'token-b t-2'; // another page signed in again meanwhile
    activate();
    await Promise.resolve();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a prerendered page is laid out once idle after each change, and no more once shown', async () => {
    const layOuts = vi.spyOn(document.documentElement, 'getBoundingClientRect');
    const rows = document.createElement('ul');
    try {
      layOutWhilePrerendering(); // a page loaded the usual way: the browser lays it out itself
      document.body.append(rows);
      await idle();
      expect(layOuts).not.toHaveBeenCalled();

      prerender(true);
      layOutWhilePrerendering();
      await idle();
      expect(layOuts).not.toHaveBeenCalled(); // nothing changed
      rows.append(document.createElement('li'), document.createElement('li'));
      rows.firstElementChild!.textContent = '织雀手册';
      await Promise.resolve(); // the observer has heard the burst, the browser is not idle yet
      expect(layOuts).not.toHaveBeenCalled();
      await idle();
      expect(layOuts).toHaveBeenCalledTimes(1); // once for the whole burst
      // Each kind of change counts: a text, an attribute, a style added to <head>.
      const changes = [
        () => (rows.firstElementChild!.firstChild as Text).appendData('（手册）'),
        () => rows.setAttribute('class', 'wide'),
        () => document.head.append(document.createElement('style')),
      ];
      for (const [i, change] of changes.entries()) {
        change();
        await idle();
        expect(layOuts).toHaveBeenCalledTimes(2 + i);
      }

      rows.append(document.createElement('li'));
      activate(); // shown before the browser was idle: it lays the page out itself
      await idle();
      rows.append(document.createElement('li'));
      await idle();
      expect(layOuts).toHaveBeenCalledTimes(1 + changes.length);
    } finally {
      rows.remove();
      document.head.querySelectorAll('style:empty').forEach((style) => style.remove());
    }
  });

  it('settles once the named mark is there and the browser was idle, only after being shown', async () => {
    try {
      prerender(true);
      const { result } = renderHook(() => usePageSettled('sub-app-mounted-test', 'a'));
      performance.mark('sub-app-mounted-test');
      await act(() => idle());
      expect(result.current).toBe(false); // still prerendering
      activate();
      await act(() => idle());
      expect(result.current).toBe(true);
    } finally {
      performance.clearMarks('sub-app-mounted-test');
    }
  });

  it("another app in the same page starts over: the old app's mark does not count", async () => {
    try {
      performance.mark('moved-mark-test');
      const { result, rerender } = renderHook(({ app }) => usePageSettled('moved-mark-test', app), {
        initialProps: { app: 'manual' },
      });
      await act(() => idle());
      expect(result.current).toBe(true);
      rerender({ app: 'product' });
      expect(result.current).toBe(false);
      await act(() => idle());
      expect(result.current).toBe(false);
      performance.mark('moved-mark-test');
      await act(() => idle());
      expect(result.current).toBe(true);
    } finally {
      performance.clearMarks('moved-mark-test');
    }
  });

  it('waits for the mark when it is not there yet', async () => {
    try {
      const { result } = renderHook(() => usePageSettled('later-mark-test', 'a'));
      await act(() => idle());
      expect(result.current).toBe(false);
      performance.mark('later-mark-test');
      await act(() => idle());
      expect(result.current).toBe(true);
    } finally {
      performance.clearMarks('later-mark-test');
    }
  });
});
