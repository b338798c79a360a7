/**
 * Hosting real sub-apps, both kinds the teams ship: the manual app (ES modules, served
 * from source) and the product app (webpack's classic bundle: deferred scripts, an
 * extracted stylesheet with global rules, a lazy chunk, micro-app's UMD lifecycle).
 * What a user sees: the app's content, its routes in the address bar (both ways, back
 * and forward too), a truthful error state, no style leaking either way, and the data
 * channel working in both directions — all under the shell's and the frame's policies.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';
import { openAvatarMenu } from './hardening';
import { watchPolicy } from './policy-watch';
import { ROUTES, routeTo } from '../../src/constants/routes';

const app = (page: Page, name: string) => page.frameLocator(`iframe[data-sub-app="${name}"]`);
const rail = (page: Page) => page.getByRole('navigation', { name: '产品管理导航' });

/** Computed styles of an element, for comparing the same element in two documents. */
const STYLE_KEYS = ['fontSize', 'lineHeight', 'fontFamily', 'boxSizing', 'marginTop', 'color'] as const;
type Styles = Record<(typeof STYLE_KEYS)[number], string>;
function stylesOf(element: Element, keys: readonly string[]): Record<string, string> {
  const style = getComputedStyle(element) as unknown as Record<string, string>;
  return Object.fromEntries(keys.map((key) => [key, style[key] ?? '']));
}

test('both kinds of child show their content, with no policy violation in any document', async ({ page }) => {
  const { violations, consoleErrors } = await watchPolicy(page);
  await signInToShell(page, 'owner', routeTo.subAppHome('manual'));
  await expect(app(page, 'manual').getByTestId('app-name')).toHaveText('织雀手册');
  await expect(app(page, 'manual').getByTestId('mode')).toHaveText('已嵌入主应用');
  await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');

  await page.goto(routeTo.subAppHome('product'));
  await expect(app(page, 'product').getByTestId('app-name')).toHaveText('产品管理');
  // The lazy chunk came through webpack's runtime from the public path micro-app gives.
  await expect(app(page, 'product').getByTestId('lazy-chunk')).toBeVisible();
  // The inline <script> and <style> of its index.html ran with the frame's nonce, before the bundle.
  await expect(app(page, 'product').locator('#sample-app')).toHaveAttribute('data-inline-config', 'webpack');
  await expect(app(page, 'product').locator('#sample-app')).toHaveCSS('min-height', '240px');
  await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');
  // The session context reached both (user · tenant), never the token; the app's own back end
  // knows the caller from the token the shell issued for the app.
  await expect(app(page, 'product').getByTestId('context')).toContainText('·');
  await expect(app(page, 'product').getByTestId('whoami')).toHaveText('u-1001 · t-ent-2001');
  const context = await page
    .frameLocator('iframe[data-sub-app="product"]')
    .locator('body')
    .evaluate(() =>
      JSON.stringify(
        (window as unknown as { microApp: { getGlobalData(): unknown } }).microApp.getGlobalData(),
      ),
    );
  expect(context).toContain('"locale":"zh-CN"');
  expect(context).not.toContain('token');

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** The manual app's module, as another team's broken release would serve it. */
const MANUAL_SCRIPT = '**/__mock/apps/manual/main.js';
const replaceManualScript = (page: Page, body: string) =>
  page.route(MANUAL_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', headers: { 'Access-Control-Allow-Origin': '*' }, body }),
  );

test.describe('the error state tells the truth', () => {
  test('a child whose script throws before rendering: error with retry, reason in the console', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await replaceManualScript(page, "throw new Error('manual app exploded');");
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(page.getByText('织雀手册加载失败')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: /重\s*试/ })).toBeVisible();
    expect(errors.join('\n')).toContain('manual app exploded');

    // Fixed: retry brings the app.
    await page.unroute(MANUAL_SCRIPT);
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await expect(app(page, 'manual').getByTestId('received')).toBeVisible();
  });

  test('a child whose page answers 404: error with the reason', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route('**/__mock/apps/manual/', (route) =>
      route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, body: 'gone' }),
    );
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(page.getByText('织雀手册加载失败')).toBeVisible({ timeout: 10_000 });
    expect(errors.join('\n')).toMatch(/answered 404/);
  });

  test('a server-rendered child (content in its own markup, scripts that change nothing) counts as mounted', async ({
    page,
  }) => {
    await page.route('**/__mock/apps/manual/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '<!doctype html><html><body><h1>服务端渲染的手册</h1><script>window.hydrated = true</script></body></html>',
      }),
    );
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(app(page, 'manual').getByRole('heading', { name: '服务端渲染的手册' })).toBeVisible();
    await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted', { timeout: 5_000 });
  });

  test('a child whose scripts run but render nothing never counts as mounted', async ({ page }) => {
    test.setTimeout(60_000);
    await replaceManualScript(page, 'window.microApp.addDataListener(() => {});');
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'loading');
    await expect(page.getByText('织雀手册加载失败')).toBeVisible({ timeout: 25_000 });
  });
});

test.describe('a UMD child mounts when it registers its lifecycle, whenever that is (issue 40)', () => {
  test('registered a while after its script loaded: mounted then', async ({ page }) => {
    // As a large module graph, or a bundle that is itself a micro-app host, does it.
    await replaceManualScript(
      page,
      `setTimeout(() => {
        window.mount = () => {
          const heading = document.createElement('h1');
          heading.textContent = '迟到的生命周期';
          document.body.append(heading);
        };
        window.unmount = () => document.body.replaceChildren();
      }, 700);`,
    );
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(app(page, 'manual').getByRole('heading', { name: '迟到的生命周期' })).toBeVisible();
    await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');
  });

  test('an entry that throws after registering (micro-app’s own Vite example): logged and mounted', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await replaceManualScript(
      page,
      `setTimeout(() => {
        window['micro-app-manual'] = {
          mount() {
            const heading = document.createElement('h1');
            heading.textContent = '注册后抛错的子应用';
            document.body.append(heading);
          },
          unmount() {},
        };
        throw new ReferenceError('escapeKey1 is not defined');
      }, 300);`,
    );
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    await expect(app(page, 'manual').getByRole('heading', { name: '注册后抛错的子应用' })).toBeVisible();
    await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');
    expect(errors.join('\n')).toMatch(
      /threw after registering its lifecycle; mounting it anyway: .*escapeKey1/,
    );
  });
});

test.describe('the shell URL is the source of truth for the child route', () => {
  test('navigating inside the child moves the address bar; reload and deep links land there', async ({
    page,
  }) => {
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    const manual = app(page, 'manual');
    await expect(manual.getByTestId('sub-route')).toHaveText('/');
    await manual.getByRole('link', { name: '回收站' }).click();
    await expect(page).toHaveURL(/\/micro-app-manual\/recycle$/);
    await expect(manual.getByTestId('sub-route')).toHaveText('/recycle');

    await page.reload();
    await expect(app(page, 'manual').getByTestId('sub-route')).toHaveText('/recycle');

    await page.goto(routeTo.subApp('manual', '/list'));
    await expect(app(page, 'manual').getByTestId('sub-route')).toHaveText('/list');
  });

  test('back and forward walk through child and shell routes alike', async ({ page }) => {
    await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
    const manual = app(page, 'manual');
    await manual.getByRole('link', { name: '我的手册' }).click();
    await expect(page).toHaveURL(/\/micro-app-manual\/list$/);
    await manual.getByRole('link', { name: '回收站' }).click();
    await expect(page).toHaveURL(/\/micro-app-manual\/recycle$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/micro-app-manual\/list$/);
    await expect(manual.getByTestId('sub-route')).toHaveText('/list');
    await page.goForward();
    await expect(manual.getByTestId('sub-route')).toHaveText('/recycle');

    // To a shell page and back: the child comes back on the route it had, within 5 s.
    await (await openAvatarMenu(page)).getByText('账号设置').click();
    await expect(page).toHaveURL(/\/user-info\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/micro-app-manual\/recycle$/);
    await expect(app(page, 'manual').getByTestId('sub-route')).toHaveText('/recycle', { timeout: 5_000 });
  });

  test('the left rail moves the classic child’s router without reloading it', async ({ page }) => {
    await signInToShell(page, 'owner', routeTo.subApp('product', '/commodityManagement'));
    const product = app(page, 'product');
    await expect(product.getByTestId('data-sub-route')).toHaveText('commodityManagement');
    // A mark in the child's window: a reload would lose it.
    await product.locator('body').evaluate(() => Object.assign(window, { __stillHere: true }));

    await rail(page).getByRole('button', { name: '类目管理' }).click();
    await expect(page).toHaveURL(/\/micro-app-product\/classifiedManagement$/);
    await expect(product.getByTestId('sub-route')).toHaveText('/classifiedManagement');
    await expect(product.getByTestId('data-sub-route')).toHaveText('classifiedManagement');

    // And the other way: the child's own link moves the rail.
    await product.getByRole('link', { name: '属性管理' }).click();
    await expect(page).toHaveURL(/\/micro-app-product\/attributeManagement$/);
    await expect(rail(page).locator('[aria-current="page"]')).toContainText('属性参数管理');
    expect(await product.locator('body').evaluate(() => '__stillHere' in window)).toBe(true);
  });

  test('leaving the app runs its unmount (micro-app UMD lifecycle) before its frame goes', async ({
    page,
  }) => {
    await signInToShell(page, 'owner', routeTo.subAppHome('product'));
    const product = app(page, 'product');
    await expect(product.getByTestId('lazy-chunk')).toBeVisible();
    // The sample records its unmount in its own storage, on its own origin.
    const unmounted = () =>
      product.locator('body').evaluate(() => sessionStorage.getItem('sample-app-unmounted:product'));
    expect(await unmounted()).toBeNull();
    await (await openAvatarMenu(page)).getByText('账号设置').click();
    await expect(page).toHaveURL(/\/user-info\//);
    // Its frame stayed until it said it had unmounted, then went.
    await expect(page.locator('iframe[data-sub-app="product"]')).toHaveCount(0);
    await page.goBack();
    await expect(product.getByTestId('lazy-chunk')).toBeVisible();
    expect(await unmounted()).not.toBeNull();
  });

  test('away and back by module tab shows the child again within 5 s', async ({ page }) => {
    await signInToShell(page, 'owner', routeTo.subAppHome('manual'));
    await expect(app(page, 'manual').getByTestId('received')).toBeVisible();
    await page.getByRole('link', { name: '产品管理' }).first().click();
    await expect(app(page, 'product').getByTestId('app-name')).toBeVisible({ timeout: 5_000 });
    await page.getByRole('link', { name: '织雀手册' }).first().click();
    await expect(app(page, 'manual').getByTestId('app-name')).toBeVisible({ timeout: 5_000 });
    await expect(page.locator('.sub-app-host')).toHaveAttribute('data-status', 'mounted');
  });
});

test('styles stay in their own document, both ways', async ({ browser, page }) => {
  const shellStyles = () =>
    page.evaluate((keys) => {
      const read = (element: Element) => {
        const style = getComputedStyle(element) as unknown as Record<string, string>;
        return Object.fromEntries(keys.map((key) => [key, style[key] ?? '']));
      };
      return { html: read(document.documentElement), body: read(document.body) };
    }, STYLE_KEYS);
  await signInToShell(page, 'owner', ROUTES.userCenter.baseInfo);
  const before = await shellStyles();
  await page.goto(routeTo.subAppHome('product'));
  const product = app(page, 'product');
  await expect(product.getByTestId('lazy-chunk')).toBeVisible();
  // The child's reset (html font and line-height, body margin, `*` box-sizing) did not reach the shell.
  expect(await shellStyles()).toEqual(before);

  // The shell's antd and reset rules did not reach the child: the same as the child on its own.
  const embedded = (await product.locator('h1').evaluate(stylesOf, STYLE_KEYS)) as Styles;
  const alone = await browser.newPage();
  await alone.goto('/__mock/apps/product/');
  const standalone = (await alone.locator('h1').evaluate(stylesOf, STYLE_KEYS)) as Styles;
  await alone.close();
  expect(embedded).toEqual(standalone);
  expect(embedded.boxSizing).toBe('content-box'); // the child's own `*` rule applies
});

test('the data channel: the contract’s messages pass both ways, a malformed one is ignored', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await signInToShell(page, 'personal', routeTo.subAppHome('manual'));
  const manual = app(page, 'manual');
  await expect(manual.getByTestId('received')).toBeVisible();

  // From the child, outside the contract: a dialog the shell does not open for apps.
  await manual.locator('body').evaluate(() =>
    (window as unknown as { microApp: { dispatch(d: unknown): void } }).microApp.dispatch({
      type: 'open',
      dialog: 'logout',
    }),
  );
  await expect.poll(() => warnings.join('\n')).toContain('breaks the contract');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Within the contract: the shell opens its feedback dialog.
  await manual.getByTestId('ask-feedback').click();
  await expect(page.getByRole('dialog').getByRole('tab', { name: /问题反馈/ })).toBeVisible();
});
