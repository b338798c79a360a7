/**
 * The origin wall around hosted apps, proven with a probing child of our own (plain
 * index.html + one classic script, no kit, no bundler) served as the manual app: what a
 * compromised or careless child tries, and what it gets instead — a scoped token, overlays
 * rendered by the shell, and the shell's chrome covered while its modal is open.
 */
import { expect, test, type Page } from '@playwright/test';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { baseURL } from '../../playwright.config';
import { signInToShell } from './fixtures';
import { routeTo } from '../../src/constants/routes';

const PROBE_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>探针</title></head>
<body><p>探针加载中…</p><script src="probe.js"></script></body></html>`;

/** What a hostile child tries first; each attempt's outcome lands in `window.__probe`. */
const PROBE_SCRIPT = `(function () {
  var probe = (window.__probe = { origin: location.origin, reads: {}, leave: null });
  function attempt(name, read) {
    try { probe.reads[name] = { ok: true, value: String(read()) }; }
    catch (error) { probe.reads[name] = { ok: false, error: error.name }; }
  }
  attempt('ownStorage', function () { return JSON.stringify(Object.assign({}, localStorage)); });
  attempt('ownCookie', function () { return document.cookie; });
  attempt('parentStorage', function () { return parent.localStorage.getItem('workbench.token'); });
  attempt('topStorage', function () { return top.localStorage.getItem('workbench.token'); });
  attempt('parentDocument', function () { return parent.document.title; });
  attempt('parentCookie', function () { return parent.document.cookie; });
  attempt('parentGlobal', function () { return parent.fetch; });
  attempt('frameElement', function () { return window.frameElement; });

  document.body.innerHTML =
    '<h1>探针</h1>' +
    '<button id="leave">离开工作台</button> <button id="native">原生对话框</button> <button id="aria">ARIA 对话框</button>' +
    '<dialog id="dialog"><p>原生对话框</p><button id="close-native">关闭</button></dialog>' +
    '<div id="mask" hidden style="position:fixed;inset:0;background:rgba(0, 0, 0, 0.5)"></div>' +
    '<div id="aria-dialog" role="dialog" aria-modal="true" aria-label="ARIA 对话框" hidden ' +
    'style="position:fixed;top:30%;left:30%;padding:16px;background:#fff">' +
    '<p>ARIA 对话框</p><button id="close-aria">关闭</button></div>';
  document.getElementById('leave').onclick = function () {
    try { top.location.href = location.origin + '/phish'; probe.leave = 'navigated'; }
    catch (error) { probe.leave = error.name; }
  };
  var dialog = document.getElementById('dialog');
  document.getElementById('native').onclick = function () { dialog.showModal(); };
  document.getElementById('close-native').onclick = function () { dialog.close(); };
  var mask = document.getElementById('mask');
  var aria = document.getElementById('aria-dialog');
  function showAria(on) { mask.hidden = !on; aria.hidden = !on; if (on) document.getElementById('close-aria').focus(); }
  document.getElementById('aria').onclick = function () { showAria(true); };
  document.getElementById('close-aria').onclick = function () { showAria(false); };
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') showAria(false); });
})();`;

async function hostProbe(page: Page, script = PROBE_SCRIPT) {
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await page.route('**/__mock/apps/manual/', (route) =>
    route.fulfill({ contentType: 'text/html', headers: cors, body: PROBE_PAGE }),
  );
  await page.route('**/__mock/apps/manual/probe.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', headers: cors, body: script }),
  );
  await signInToShell(page, 'owner', routeTo.subAppHome('manual'));
  const child = page.frameLocator('iframe[data-sub-app="manual"]');
  await expect(child.getByRole('heading', { name: '探针' })).toBeVisible();
  await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');
  return child;
}

type Reads = Record<string, { ok: boolean; value?: string; error?: string }>;
const probeOf = (page: Page) =>
  page
    .frameLocator('iframe[data-sub-app="manual"]')
    .locator('body')
    .evaluate(
      () =>
        (window as unknown as { __probe: { origin: string; reads: Reads; leave: string | null } }).__probe,
    );

const shellCovered = (page: Page) =>
  page.evaluate(() => ({
    boxes: document.querySelectorAll('.child-modal-cover').length,
    headerInert: document.querySelector('header')?.closest('[inert]') !== null,
    footerInert: document.querySelector('footer')?.closest('[inert]') !== null,
  }));

test('the child runs on an origin of its own and reaches nothing of the shell', async ({ page }) => {
  await hostProbe(page);
  const probe = await probeOf(page);
  const shell = new URL(baseURL).origin;
  expect(probe.origin).not.toBe(shell);
  expect(probe.origin).toBe(`http://manual.localhost:${new URL(baseURL).port}`);
  const token = await page.evaluate(() => localStorage.getItem('workbench.token'));
  expect(token).toBeTruthy();
  // Its own storage and cookies are its own: the shell's token is in neither. (This browser
  // refuses a third-party frame its storage; the frame offers one kept for this app alone.)
  expect(probe.reads.ownStorage?.ok).toBe(true);
  expect(probe.reads.ownStorage?.value).not.toContain(token!);
  expect(probe.reads.ownCookie?.value ?? '').not.toContain('mock_session');
  // The shell's storage, document, cookies and globals are out of reach.
  for (const name of ['parentStorage', 'topStorage', 'parentDocument', 'parentCookie', 'parentGlobal'])
    expect(probe.reads[name], name).toEqual({ ok: false, error: 'SecurityError' });
  expect(probe.reads.frameElement).toEqual({ ok: true, value: 'null' });
  // The frame is sandboxed without top navigation.
  const sandbox = await page.locator('iframe[data-sub-app="manual"]').getAttribute('sandbox');
  expect(sandbox?.split(' ').sort()).toEqual(
    [
      'allow-downloads',
      'allow-forms',
      'allow-modals',
      'allow-popups',
      'allow-popups-to-escape-sandbox',
      'allow-same-origin',
      'allow-scripts',
    ].sort(),
  );
});

test('a click in the child cannot navigate the shell away', async ({ page }) => {
  const child = await hostProbe(page);
  const before = page.url();
  await child.getByRole('button', { name: '离开工作台' }).click();
  await expect.poll(async () => (await probeOf(page)).leave).not.toBeNull();
  expect((await probeOf(page)).leave).not.toBe('navigated');
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
});

test('the child gets a JWT scoped to it, not the shell token, verified by the JWKS and renewed', async ({
  page,
}) => {
  await hostProbe(page);
  const frame = page.frameLocator('iframe[data-sub-app="manual"]').locator('body');
  type Token = { token: string; expiresAt: number };
  const ask = () =>
    frame.evaluate(() =>
      (window as unknown as { microApp: { getSessionToken(): Promise<Token> } }).microApp.getSessionToken(),
    );
  const first = await ask();
  const shellToken = await page.evaluate(() => localStorage.getItem('workbench.token'));
  expect(first.token).not.toBe(shellToken);
  expect(first.token).not.toContain(shellToken!);

  const keys = createRemoteJWKSet(new URL('/api/workbench/sub-app/v1/jwks', baseURL));
  const { payload, protectedHeader } = await jwtVerify(first.token, keys, {
    issuer: 'workbench',
    audience: 'manual',
  });
  expect(protectedHeader.alg).toBe('ES256');
  expect(payload.sub).toBe('u-1001');
  expect(payload.tid).toBe('t-ent-2001');
  expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
  expect(first.expiresAt).toBe(payload.exp! * 1000);
  // Not valid for another app's back end.
  await expect(jwtVerify(first.token, keys, { issuer: 'workbench', audience: 'product' })).rejects.toThrow();

  // Asked again while fresh: the same token; close to its expiry: a new one.
  expect((await ask()).token).toBe(first.token);
  await frame.evaluate(() => {
    const now = Date.now.bind(Date);
    Date.now = () => now() + 250_000;
  });
  const renewed = await ask();
  expect(renewed.token).not.toBe(first.token);
  expect(decodeJwt(renewed.token).jti).not.toBe(payload.jti);
});

test('messages from another window or origin are ignored', async ({ page, context }) => {
  await hostProbe(page);
  const frame = page.frameLocator('iframe[data-sub-app="manual"]').locator('body');
  // The child speaks on the window instead of its port: not heard.
  await frame.evaluate(() =>
    parent.postMessage({ kind: 'dispatch', data: { type: 'open', dialog: 'feedback' } }, '*'),
  );
  // A window of another origin says hello, as a frame would: no welcome, no port.
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate(
      (url) => void window.open(url, 'stranger'),
      baseURL.replace('localhost', '127.0.0.1') + '/__mock/scenarios',
    ),
  ]);
  await popup.waitForLoadState();
  const welcomed = await popup.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        window.addEventListener('message', () => resolve(true));
        window.opener.postMessage({ channel: 'workbench:sub-app-frame', kind: 'hello' }, '*');
        window.opener.postMessage(
          { channel: 'workbench:sub-app-frame', kind: 'dispatch', data: { type: 'open', dialog: 'notices' } },
          '*',
        );
        setTimeout(() => resolve(false), 1_000);
      }),
  );
  expect(welcomed).toBe(false);
  await popup.close();
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("the child's modals cover the shell's chrome and release it when closed", async ({ page }) => {
  const child = await hostProbe(page);
  expect(await shellCovered(page)).toEqual({ boxes: 0, headerInert: false, footerInert: false });

  await child.getByRole('button', { name: '原生对话框' }).click();
  await expect.poll(() => shellCovered(page)).toEqual({ boxes: 4, headerInert: true, footerInert: true });
  // The same mask colour as the child's ::backdrop; the bell behind it does not open the drawer.
  const bell = page.getByRole('button', { name: /通知/ }).first();
  const box = await bell.boundingBox();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  // Esc closes it, as in the child alone.
  await page.keyboard.press('Escape');
  await expect.poll(() => shellCovered(page)).toEqual({ boxes: 0, headerInert: false, footerInert: false });

  await child.getByRole('button', { name: 'ARIA 对话框' }).click();
  await expect.poll(() => shellCovered(page)).toEqual({ boxes: 4, headerInert: true, footerInert: true });
  const colour = await page
    .locator('.child-modal-cover')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour).toBe('rgba(0, 0, 0, 0.5)');
  await expect(child.getByRole('button', { name: '关闭' }).last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect.poll(() => shellCovered(page)).toEqual({ boxes: 0, headerInert: false, footerInert: false });
  await bell.click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(1);
});

test('a toast and a confirm asked for by the child are rendered by the shell', async ({ page }) => {
  await hostProbe(page);
  const frame = page.frameLocator('iframe[data-sub-app="manual"]').locator('body');
  await frame.evaluate(() =>
    (window as unknown as { microApp: { forceDispatch(d: unknown): void } }).microApp.forceDispatch({
      type: 'toast',
      level: 'success',
      content: '保存成功',
    }),
  );
  await expect(page.locator('.ant-message').getByText('保存成功')).toBeVisible();

  const answer = frame.evaluate(() =>
    (window as unknown as { microApp: { request(m: unknown): Promise<boolean> } }).microApp.request({
      type: 'confirm',
      title: '删除这个手册？',
      content: '删除后不能恢复',
    }),
  );
  const dialog = page.getByRole('dialog').filter({ hasText: '删除这个手册？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  expect(await answer).toBe(true);
});

test("a child's session-expired message runs the expiry path once", async ({ page }) => {
  await hostProbe(page);
  const frame = page.frameLocator('iframe[data-sub-app="manual"]').locator('body');
  const logouts: string[] = [];
  page.on(
    'request',
    (r) => r.isNavigationRequest() && r.url().includes('/sso/logout') && logouts.push(r.url()),
  );
  await frame.evaluate(() => {
    const api = (window as unknown as { microApp: { forceDispatch(d: unknown): void } }).microApp;
    api.forceDispatch({ type: 'session-expired' });
    api.forceDispatch({ type: 'session-expired' });
  });
  await expect(page.getByText('登录状态已失效,请重新登录!')).toHaveCount(1);
  await page.waitForURL(/\/sso\/logout/);
  expect(logouts).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('workbench.token'))).toBeNull();
});

test('a child whose entry throws after registering its lifecycle is mounted anyway', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // As micro-app's Vite example does: window.mount/unmount, then an assertion that fails; it renders late.
  const script = `window.mount = function () {
      setTimeout(function () { document.body.innerHTML = '<h1>探针</h1>'; }, 2500);
    };
    window.unmount = function () {};
    throw new Error('assertion failed: a global the sandbox does not offer');`;
  await hostProbe(page, script);
  expect(errors.join('\n')).toContain('[sub-app manual] its entry threw after registering its lifecycle');
});
