/**
 * A page the browser prerenders (the module tabs' Speculation Rules, public/speculation-rules.json)
 * runs before the user opens it, and may never be opened. Until it is shown it only reads: it
 * renders and fetches what it shows, but opens no socket and sends no write (the transport waits
 * for `whenShown` before any call that is not a GET); the browser itself holds back the
 * sub-apps' frames (other origins) until then. A page loaded the usual way is shown at once.
 */

import { useEffect, useState } from 'react';
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
 * when given, such as the hosted app's `sub-app-mounted`) and the browser was idle after it:
 * the moment to prepare the next page without slowing this one. With `withinMs`, only when the
 * mark came within that long of the page's start (its activation, for a prerendered page): a
 * device or network that took longer would not finish preparing in time, and the work would
 * only compete with the page the user opens next.
 */
export function usePageSettled(mark?: string, withinMs = Infinity): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    let observer: PerformanceObserver | undefined;
    let stopped = false;
    const settleWhenIdle = (entry?: PerformanceEntry) => {
      if (stopped || cancelIdle) return;
      if (entry && entry.startTime - pageStart() > withinMs) return;
      cancelIdle = whenIdle(() => setSettled(true), IDLE_DEADLINE_MS);
    };
    void whenShown().then(() => {
      if (stopped) return;
      if (!mark || typeof PerformanceObserver !== 'function') return settleWhenIdle();
      const [done] = performance.getEntriesByName(mark, 'mark');
      if (done) return settleWhenIdle(done);
      observer = new PerformanceObserver((entries) => {
        const [entry] = entries.getEntriesByName(mark, 'mark');
        if (entry) settleWhenIdle(entry);
      });
      observer.observe({ type: 'mark' });
    });
    return () => {
      stopped = true;
      cancelIdle?.();
      observer?.disconnect();
    };
  }, [mark, withinMs]);
  return settled;
}

/** When this page started for the user: its activation if it was prerendered, else 0. */
function pageStart(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    (PerformanceEntry & { activationStart?: number }) | undefined;
  return navigation?.activationStart ?? 0;
}
