/**
 * The production build under its Content Security Policy (vite-plugins/csp.ts): the
 * preview sends the header with a fresh nonce per page (the shell's strict one, and a
 * sub-app frame's own), and a walk through the app — both kinds of sample sub-app
 * (ES modules, and webpack's classic bundle) in their frames, the notice drawer, the feedback dialog, the
 * avatar menu and dialog, the user centre, the management back-end, the entrance,
 * renewal and 404 — raises no `securitypolicyviolation` and no CSP console error, in
 * the page or in any frame.
 */
import { expect, test, type Page } from '@playwright/test';
import { baseURL, SUB_APP_ORIGIN_PRODUCT_URL } from '../../playwright.config';
import {
  policyDirectives,
  PRERENDER_FRAMES_HEADER,
  SPECULATION_RULES,
  SPECULATION_RULES_HEADER,
  SPECULATION_RULES_TYPE,
} from '../../vite-plugins/csp';
import { signInToShell } from './fixtures';
import { escapeFrom, openAvatarMenu, settle } from './hardening';
import { watchPolicy } from './policy-watch';
import { ROUTES, routeTo } from '../../src/constants/routes';

const received = (page: Page, app: string) =>
  page.frameLocator(`iframe[data-sub-app="${app}"]`).getByTestId('received');

test('the preview sends a strict policy with a fresh nonce per page', async ({ request }) => {
  const first = await request.get('/');
  const second = await request.get(ROUTES.userCenter.baseInfo);
  const policy = first.headers()['content-security-policy'] ?? '';
  const directives = policyDirectives(policy);
  expect(directives.get('script-src')).toEqual(["'self'", "'report-sample'"]);
  expect(directives.get('style-src')).toEqual([
    "'self'",
    "'report-sample'",
    expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{20,}'$/),
  ]);
  // Only style attributes may be inline; no eval anywhere.
  expect([...directives].filter(([, v]) => v.includes("'unsafe-inline'")).map(([k]) => k)).toEqual([
    'style-src-attr',
  ]);
  expect(policy).not.toContain('unsafe-eval');
  expect(directives.get('object-src')).toEqual(["'none'"]);
  // The shell frames the sub-apps' frame origins and nothing else, itself included.
  const port = new URL(baseURL).port;
  expect(directives.get('frame-src')).toEqual(
    ['manual', 'product', 'channel', 'engine'].map((app) => `http://${app}.localhost:${port}`),
  );
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
  const html = await first.text();
  // The page carries the header's nonce, never the build's placeholder.
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain('__CSP_NONCE__');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
  const otherNonce = /'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1];
  expect(otherNonce).toBeTruthy();
  expect(otherNonce).not.toBe(nonce);
});

test('the module tabs are prerendered through a header, not an inline script (issue 40)', async ({
  request,
}) => {
  const page = await request.get(routeTo.subAppHome('product'));
  expect(page.headers()['speculation-rules']).toBe(SPECULATION_RULES_HEADER);
  // …and asks for its sub-app's frame to be prerendered with it (where the browser can).
  expect(page.headers()[PRERENDER_FRAMES_HEADER.name.toLowerCase()]).toBe(PRERENDER_FRAMES_HEADER.value);
  expect(await page.text()).not.toContain('speculationrules');
  // Not on a page that arrived with a credential: the rules' fetch would carry it as Referer.
  for (const query of ['?token=abc', '?code=xyz&state=s']) {
    const headers = (await request.get(`${routeTo.subAppHome('product')}${query}`)).headers();
    expect(headers['speculation-rules']).toBeUndefined();
    expect(headers[PRERENDER_FRAMES_HEADER.name.toLowerCase()]).toBeUndefined();
  }
  const rules = await request.get(SPECULATION_RULES);
  expect(rules.headers()['content-type']).toBe(SPECULATION_RULES_TYPE);
  // Only the module tabs a settled page marked, never the page the user is on.
  const { prerender } = (await rules.json()) as { prerender: { where: unknown; eagerness: string }[] };
  expect(JSON.stringify(prerender[0]?.where)).toContain('a[data-module-tab][data-prerender]');
  expect(JSON.stringify(prerender[0]?.where)).toContain('[aria-current=page]');
});

test("a sub-app's frame gets its own policy on its own origin: the child's needs, nothing for other origins", async ({
  page,
  request,
}) => {
  // Never on the shell's origin.
  expect((await request.get('/sub-app.html?route=/micro-app-manual/')).status()).toBe(404);
  // Any path of the frame origin is the frame page (a reload inside the frame lands on it).
  const { port, origin: shellOrigin } = new URL(baseURL);
  const response = (await page.goto(`http://manual.localhost:${port}/micro-app-manual/list`))!;
  const policy = response.headers()['content-security-policy'] ?? '';
  const directives = policyDirectives(policy);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
  expect(nonce).not.toBe('');
  // The browser tests serve the product sample from another origin (playwright.config.ts): listed, and nothing else.
  const productOrigin = new URL(SUB_APP_ORIGIN_PRODUCT_URL).origin;
  // The other samples' URLs are relative: the shell's origin serves them (the loopback names of it).
  const shells = [shellOrigin, shellOrigin.replace('localhost', '127.0.0.1')];
  expect(directives.get('script-src')).toEqual([
    "'self'",
    "'report-sample'",
    `'nonce-${nonce}'`,
    "'unsafe-eval'",
    ...shells,
    productOrigin,
  ]);
  expect(directives.get('style-src')).toEqual([
    "'self'",
    "'report-sample'",
    `'nonce-${nonce}'`,
    ...shells,
    productOrigin,
  ]);
  expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...shells, productOrigin]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  // Only the shell may embed it.
  expect(directives.get('frame-ancestors')).toEqual(shells);
  const html = await response.text();
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain('__CSP_NONCE__');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script of its own
});

test('walking the app as the owner raises no violation', async ({ page }) => {
  test.setTimeout(120_000);
  const { violations, consoleErrors } = await watchPolicy(page);
  await signInToShell(page, 'owner');
  // The manual app runs its ES modules in its frame, with its stylesheet applied.
  await expect(received(page, 'manual')).toBeVisible();
  await expect(page.frameLocator('iframe[data-sub-app="manual"]').locator('.sample-app')).toHaveCSS(
    'display',
    'grid',
  );

  await page.getByTestId('notice-bell').click();
  await escapeFrom(page, page.getByRole('dialog', { name: '消息通知' }));

  await page.getByRole('button', { name: '意见反馈' }).first().click();
  await escapeFrom(page, page.getByRole('dialog'));
  // The <style> elements antd's CSS-in-JS made for the drawer and the dialog (the first screen's
  // come with the built stylesheet) carry the nonce, as every <style> of the page does.
  expect(await page.locator('style[nonce]').count()).toBeGreaterThan(5);
  expect(await page.locator('style:not([nonce])').count()).toBe(0);

  await (await openAvatarMenu(page)).getByText('邀请成员').click();
  await escapeFrom(page, page.getByRole('dialog', { name: '邀请成员' }));

  await (await openAvatarMenu(page)).getByText('退出登录').click();
  await expect(page.getByRole('dialog').getByText('确认退出？')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

  // The product app is webpack's classic bundle: deferred scripts, a lazy chunk, its own CSS.
  await page.goto(routeTo.subApp('product', '/classifiedManagement'));
  await expect(received(page, 'product')).toContainText('classifiedManagement');
  await expect(page.frameLocator('iframe[data-sub-app="product"]').getByTestId('data-sub-route')).toHaveText(
    'classifiedManagement',
  );

  await page.goto(ROUTES.userCenter.baseInfo);
  await page.getByRole('button', { name: '更换头像' }).first().click();
  await escapeFrom(page, page.getByRole('dialog', { name: '更换头像' }));

  for (const path of [
    ROUTES.userCenter.thirdAccount,
    ROUTES.userCenter.accountSetting,
    ROUTES.userCenter.enterprise,
    ROUTES.userCenter.myFeedback,
    '/manage/enterprise',
    '/manage/members',
    '/manage/roles',
    '/manage/permissions',
    ROUTES.entrance,
    ROUTES.notFound,
  ]) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await settle(page);
  }

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a frozen tenant’s renewal page raises no violation', async ({ page }) => {
  const { violations, consoleErrors } = await watchPolicy(page);
  await signInToShell(page, 'frozen');
  await expect(page).toHaveURL(/\/renewal$/);
  await settle(page);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the new-user guide raises no violation', async ({ page }) => {
  const { violations, consoleErrors } = await watchPolicy(page);
  await signInToShell(page, 'newcomer');
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
