/**
 * Benchmark: a burst of realtime new-message events against a signed-in shell.
 * Pushes `count` events (default 1,000) through the mock stack's
 * `POST /__mock/realtime/push` and reports how many notice list requests the page
 * made and the longest main-thread task while they arrived.
 *
 * `longestTaskMs` comes from a PerformanceObserver for 'longtask' entries injected
 * in the page; the browser reports only tasks of 50 ms or more, so 0 means no task
 * reached that threshold.
 */
import type { Page } from 'playwright-core';

const LIST_REQUEST = /\/api\/message\/v1\/tenant\/[^/]+\/user\/[^/]+\/msg\/list$/;
/** The mock accepts at most this many events per push. */
const PUSH_LIMIT = 1000;
/** No list request for this long after the last one: the reloads are over (coalescing window is 500 ms). */
const QUIET_MS = 1500;
const REGISTER_TIMEOUT_MS = 15_000;
const FIRST_RELOAD_TIMEOUT_MS = 10_000;

/** What the injected observer records on the page's window. */
type BenchWindow = Window & { __benchLongTasks?: number[] };

export interface RealtimeBurstResult {
  events: number;
  listRequests: number;
  longestTaskMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The signed-in user's gid, from the shell's stored config (null if not there). */
async function signedInUid(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    try {
      const raw = window.localStorage.getItem('workbench.config');
      const gid = raw ? (JSON.parse(raw) as { gid?: unknown }).gid : undefined;
      return typeof gid === 'string' && gid ? gid : null;
    } catch {
      return null;
    }
  });
}

async function waitForRegistration(page: Page, baseURL: string, uid: string | null): Promise<void> {
  const deadline = Date.now() + REGISTER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const res = await page.request.get(new URL('/__mock/realtime/clients', baseURL).href);
    const body = (await res.json()) as { uids?: string[] };
    if (uid ? body.uids?.includes(uid) : (body.uids?.length ?? 0) > 0) return;
    await sleep(100);
  }
  throw new Error(
    `the page's realtime socket did not register${uid ? ` ${uid}` : ''} within ${REGISTER_TIMEOUT_MS} ms`,
  );
}

export async function measureRealtimeBurst(
  page: Page,
  opts: { baseURL: string; count?: number },
): Promise<RealtimeBurstResult> {
  const count = opts.count ?? 1000;
  const uid = await signedInUid(page);
  await waitForRegistration(page, opts.baseURL, uid);

  await page.evaluate(() => {
    const w = window as BenchWindow;
    w.__benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__benchLongTasks?.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });

  let listRequests = 0;
  let lastRequestAt = 0;
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && LIST_REQUEST.test(request.url())) {
      listRequests += 1;
      lastRequestAt = Date.now();
    }
  };
  page.on('request', onRequest);
  try {
    let events = 0;
    for (let left = count; left > 0; left -= PUSH_LIMIT) {
      const res = await page.request.post(new URL('/__mock/realtime/push', opts.baseURL).href, {
        data: { ...(uid ? { uid } : {}), count: Math.min(left, PUSH_LIMIT) },
      });
      if (!res.ok()) throw new Error(`push failed: ${res.status()} ${await res.text()}`);
      events += ((await res.json()) as { delivered: number }).delivered;
    }

    const started = Date.now();
    while (listRequests === 0 && Date.now() - started < FIRST_RELOAD_TIMEOUT_MS) await sleep(50);
    while (listRequests > 0 && Date.now() - lastRequestAt < QUIET_MS) await sleep(100);

    const durations = await page.evaluate(() => (window as BenchWindow).__benchLongTasks ?? []);
    return { events, listRequests, longestTaskMs: Math.round(Math.max(0, ...durations)) };
  } finally {
    page.off('request', onRequest);
  }
}
