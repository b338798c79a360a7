/**
 * A page the browser prerenders (the module tabs' Speculation Rules, public/speculation-rules.json)
 * runs before the user opens it, and may never be opened. Until it is shown it renders and
 * fetches what it shows, but opens no socket and sends no write to the server (the transport
 * waits for `whenShown` before any call that is not a GET or HEAD); the browser itself holds
 * back the sub-apps' frames (other origins) until then. A page loaded the usual way is shown
 * at once.
 */

import { useEffect, useRef, useState } from 'react';
import { isPrerendering, whenShown } from './prerendering';
import { IDLE_DEADLINE_MS, whenIdle } from './when-idle';

export { isPrerendering, whenShown };

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
 * Lays out a prerendered page while it waits to be shown. The browser draws no frame for a page
 * it prerenders, so nothing lays it out until the click: its first style and layout pass,
 * shaping every text with fonts looked up for the first time in its process, then ran in the
 * task that shows it, before the page could handle its frame's messages (76 ms of styles and
 * 281 ms of layout in a trace of a switch between apps on a busy machine; at 4× CPU, switches
 * took 1,856 → 1,535 ms with this). Reading a layout box makes the browser do that work now,
 * each time the page changed and the browser is idle, so the click leaves painting what is laid
 * out.
 */
export function layOutWhilePrerendering(): void {
  if (!isPrerendering()) return;
  let cancelPending: (() => void) | undefined;
  const layOut = () => {
    cancelPending = undefined;
    // Reading a box's size makes the browser bring styles and layout up to date.
    void document.documentElement.getBoundingClientRect();
  };
  const observer = new MutationObserver(() => {
    cancelPending ??= whenIdle(layOut, IDLE_DEADLINE_MS);
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  void whenShown().then(() => {
    observer.disconnect();
    cancelPending?.();
  });
}

/**
 * True once this page is shown, its main content is on screen (the performance mark `mark`
 * when given, such as the hosted app's `sub-app-mounted`, made after `key` last changed) and the
 * browser was idle after it: the moment to prepare the next page without slowing this one.
 * A new `key` (another app in the same page) starts over.
 */
export function usePageSettled(mark: string | undefined, key: string): boolean {
  const [settled, setSettled] = useState<string | null>(null);
  const firstKey = useRef(true);
  useEffect(() => {
    // The page's first content counts whenever it came; another app's, only after the change.
    const since = firstKey.current ? -Infinity : performance.now();
    firstKey.current = false;
    let cancelIdle: (() => void) | undefined;
    let observer: PerformanceObserver | undefined;
    let stopped = false;
    const settleWhenIdle = () => {
      if (stopped || cancelIdle) return;
      cancelIdle = whenIdle(() => setSettled(key), IDLE_DEADLINE_MS);
    };
    const isOurs = (entry: PerformanceEntry) => entry.startTime >= since;
    void whenShown().then(() => {
      if (stopped) return;
      if (!mark || typeof PerformanceObserver !== 'function') return settleWhenIdle();
      if (performance.getEntriesByName(mark, 'mark').some(isOurs)) return settleWhenIdle();
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName(mark, 'mark').some(isOurs)) settleWhenIdle();
      });
      observer.observe({ type: 'mark' });
    });
    return () => {
      stopped = true;
      cancelIdle?.();
      observer?.disconnect();
    };
  }, [mark, key]);
  return settled === key;
}
