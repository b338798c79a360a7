/**
 * What the fuzz run checks on a page after every step: no uncaught error (the
 * `pageerror` event: an exception nothing caught, in the page or a frame) and no
 * blank page (the app's root shows something). Region error states (an error
 * boundary's fallback, a load-failed state) are counted as what the app shows on
 * purpose, not as errors.
 */
import type { Page, Request, Route } from '@playwright/test';

export interface Finding {
  seed: number | string;
  step: string;
  url: string;
  kind: 'pageerror' | 'blank' | 'expectation';
  detail: string;
}

export interface PageWatch {
  /** Uncaught errors since the last `take()`. */
  take(): string[];
}

export function watchPage(page: Page): PageWatch {
  let errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`.slice(0, 400)));
  return {
    take() {
      const out = errors;
      errors = [];
      return out;
    },
  };
}

/** True when neither the app's root nor (on a page without one) the body shows anything. */
export function isBlank(page: Page): Promise<boolean> {
  return page
    .evaluate(() => {
      const root = document.getElementById('root') ?? document.body;
      if (!root) return true;
      if (root.innerText.trim()) return false;
      return ![...root.querySelectorAll('*')].some((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      });
    })
    .catch(() => false); // navigating away: the next check sees the new page
}

/** Texts of the error states on screen that offer a retry (`role="alert"` holding a 重试 button). */
export function errorStatesWithRetry(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="alert"]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
      .filter((el) => [...el.querySelectorAll('button')].some((b) => /重\s*试/.test(b.textContent ?? '')))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)),
  );
}

/**
 * Resolves once no HTTP request has been in flight for `quietMs` (sockets ignored),
 * or after `timeoutMs`.
 */
export async function settle(page: Page, quietMs = 300, timeoutMs = 8_000): Promise<void> {
  const inFlight = new Set<Request>();
  const add = (r: Request) => void inFlight.add(r);
  const remove = (r: Request) => inFlight.delete(r);
  page.on('request', add);
  page.on('requestfinished', remove);
  page.on('requestfailed', remove);
  try {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
  } finally {
    page.off('request', add);
    page.off('requestfinished', remove);
    page.off('requestfailed', remove);
  }
}

/**
 * page.route for the run's own interception. A walk closes its page while requests are
 * still in flight, and the handler then fails ("Response has been disposed"): that is the
 * end of the walk, not a finding, and must not end the whole run as an unhandled rejection.
 * Any other failure is logged and the request aborted, so it still shows.
 */
export async function interceptApi(page: Page, handler: (route: Route) => Promise<void>): Promise<void> {
  await page.route('**/api/**', async (route) => {
    try {
      await handler(route);
    } catch (error) {
      if (page.isClosed() || /disposed|has been closed/i.test(String(error))) return;
      console.warn(`[fuzz] interception failed on ${route.request().url()}: ${String(error)}`);
      await route.abort().catch(() => undefined);
    }
  });
}
