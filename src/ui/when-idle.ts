/**
 * Work that nobody sees at once waits until the browser is idle: the shell's first commit is
 * one task that React cannot slice, and each effect in it (a request, a socket, a storage
 * listener: calls into the browser that take 10–15 ms each on a busy machine) makes it longer.
 * Run after the first idle period, each is a task of its own (docs/frontend.md, "The first load").
 */
import { useEffect, useState } from 'react';

/** Runs `task` once the browser is idle (at the latest after `timeoutMs`); returns the cancel. */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 500));
  return () => window.clearTimeout(id);
}

/** How long work waits for the browser to be idle at most, in useIdleOnce and its peers. */
export const IDLE_DEADLINE_MS = 1000;

let idleOnce = false;

/**
 * False until the browser has been idle once since the page loaded (or 1 s passed), then true
 * for good: a component mounted later, such as a dialog, starts its work at once.
 */
export function useIdleOnce(): boolean {
  const [idle, setIdle] = useState(idleOnce);
  useEffect(() => {
    if (idle) return;
    return whenIdle(() => {
      idleOnce = true;
      setIdle(true);
    }, IDLE_DEADLINE_MS);
  }, [idle]);
  return idle;
}
