/**
 * A page the browser prerenders (the module tabs' Speculation Rules, public/speculation-rules.json)
 * runs before the user opens it, and may never be opened. Until it is shown it renders and
 * fetches what it shows, but opens no socket and sends no write to the server (the transport
 * waits for `whenShown` before any call that is not a GET or HEAD); the browser itself holds
 * back the sub-apps' frames (other origins) until then. A page loaded the usual way is shown
 * at once.
 */

import { useEffect, useRef, useState } from 'react';
import { IDLE_DEADLINE_MS, whenIdle } from './when-idle';

/** Whether this page is being prerendered and not yet shown. */
export const isPrerendering = (): boolean =>
  typeof document !== 'undefined' && (document as { prerendering?: boolean }).prerendering === true;

/** Settles when the page is shown: at once, or when a prerendered page is activated. */
export function whenShown(): Promise<void> {
  if (!isPrerendering()) return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('prerenderingchange', () => resolve(), { once: true }),
  );
}

/**
 * Reloads a prerendered page that is shown after another page changed the session it was
 * rendered for (signed out, chose another enterprise): it would show the old one.
 * `sessionKey` reads what identifies the stored session (token and tenant); `subscribe` tells
 * of this page's own writes, which move what it was rendered for.
 */
export function reloadIfSessionChanged(
  sessionKey: () => string,
  subscribe: (listener: () => void) => () => void,
): void {
  if (!isPrerendering()) return;
  let renderedFor = sessionKey();
  const unsubscribe = subscribe(() => {
    if (isPrerendering()) renderedFor = sessionKey();
  });
  void whenShown().then(() => {
    unsubscribe();
    if (sessionKey() !== renderedFor) window.location.reload();
  });
}

/**
 * True once this page is shown, its main content is on screen (the performance mark `mark`
 * when given, such as the hosted app's `sub-app-mounted`, made after `key` last changed) and the
 * browser was idle after it: the moment to prepare the next page without slowing this one.
 * With `withinMs`, only when that came within so long of the page's start (its activation for
 * a prerendered page, the change of `key` for a move inside the page): a device or network
 * that took longer would not finish preparing in time, and the work would only compete with
 * the page the user opens next. A new `key` (another app in the same page) starts over.
 */
export function usePageSettled(mark: string | undefined, key: string, withinMs = Infinity): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  const firstKey = useRef(true);
  useEffect(() => {
    // The page's first content counts from the page's start; another app's, from the change.
    const first = firstKey.current;
    firstKey.current = false;
    const since = first ? -Infinity : performance.now();
    // Read once shown: a prerendered page's activation time is known only then.
    let start = since;
    let cancelIdle: (() => void) | undefined;
    let observer: PerformanceObserver | undefined;
    let stopped = false;
    const settleWhenIdle = (at: number) => {
      if (stopped || cancelIdle || at - start > withinMs) return;
      cancelIdle = whenIdle(() => setSettled(key), IDLE_DEADLINE_MS);
    };
    const isOurs = (entry: PerformanceEntry) => entry.startTime >= since;
    void whenShown().then(() => {
      if (stopped) return;
      if (first) start = pageStart();
      // No content to wait for: the page's own start is what counts.
      if (!mark || typeof PerformanceObserver !== 'function') return settleWhenIdle(performance.now());
      const done = performance.getEntriesByName(mark, 'mark').find(isOurs);
      if (done) return settleWhenIdle(done.startTime);
      observer = new PerformanceObserver((entries) => {
        const entry = entries.getEntriesByName(mark, 'mark').find(isOurs);
        if (entry) settleWhenIdle(entry.startTime);
      });
      observer.observe({ type: 'mark' });
    });
    return () => {
      stopped = true;
      cancelIdle?.();
      observer?.disconnect();
    };
  }, [mark, key, withinMs]);
  return settled === key;
}

/**
 * When this page started for the user: its activation if it was prerendered, else when its
 * document was fetched (after any redirects, such as the sign-on's).
 */
function pageStart(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    (PerformanceEntry & { activationStart?: number; fetchStart?: number }) | undefined;
  return navigation?.activationStart || navigation?.fetchStart || 0;
}
