/**
 * Coalesces a burst of triggers into few runs of an async task: the first trigger
 * runs it at once (leading edge), triggers that arrive later run it once more
 * (trailing edge), runs start at least `waitMs` apart and never overlap.
 *
 * So N triggers spread over T ms cause at most 1 + ceil(T / waitMs) runs: with
 * 500 ms, a burst of 1,000 events within one second gives at most 3 reloads, and
 * the last run always sees the state after the last event.
 */
export interface Coalesced {
  (): void;
  /** Drops a scheduled run; later triggers are ignored. */
  cancel(): void;
}

export function coalesce(task: () => Promise<unknown> | unknown, waitMs: number): Coalesced {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  let pending = false;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = () => {
    timer = undefined;
    if (cancelled) return;
    pending = false;
    running = true;
    lastStart = Date.now();
    // The task reports its own failures; a rejected run must not stop later ones.
    void Promise.resolve()
      .then(task)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (pending) schedule();
      });
  };

  const schedule = () => {
    if (cancelled || running || timer !== undefined) return;
    const wait = lastStart + waitMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };

  const trigger = (() => {
    if (cancelled) return;
    pending = true;
    schedule();
  }) as Coalesced;
  trigger.cancel = () => {
    cancelled = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return trigger;
}
