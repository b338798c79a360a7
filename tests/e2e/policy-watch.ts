/**
 * Content Security Policy violations as the browser reports them, in the page and in
 * every frame (the init script runs in each, sub-app frames included), plus CSP
 * messages in the console.
 */
import type { Page } from '@playwright/test';

export interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  frame: string;
}

/** Collects violations from every frame (the init script runs in each) and CSP console errors. */
export async function watchPolicy(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void })
        .__reportCspViolation;
      report?.({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        sample: e.sample,
        frame: location.href,
      });
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute|evaluate|connect|frame)/i.test(m.text()))
      consoleErrors.push(m.text());
  });
  return { violations, consoleErrors };
}
