/**
 * Children as other teams ship them, from servers of their own (issue 40): a Vue 3 child built
 * by Vite shaped like micro-app's own example (hash routes, its lifecycle under its name,
 * registered after its entry's `load`, then an error) and a Vue 3 child built by webpack with
 * vue-loader shaped like micro-app's Vue CLI example (`window.mount`, a public path, history
 * routes under the base route, a lazy chunk). Both in the production build (`npm run preview`)
 * as the manual and product apps; then the Vite child from its own dev server under `npm start`,
 * edited while it runs: hot reload inside the frame, its state kept.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../src/constants/routes';
import { startApp, type RunningApp } from '../e2e-integration/app-runner';
import { signInToShell } from '../e2e/fixtures';
import {
  buildChildren,
  serveChildren,
  startViteDevServer,
  VITE_CHILD_PATH,
  WEBPACK_CHILD_PATH,
  type DevServer,
  type Served,
} from './child-servers';

const frame = (page: Page, app: 'manual' | 'product') => page.frameLocator(`iframe[data-sub-app="${app}"]`);
const host = (page: Page) => page.locator('.sub-app-host');

test.describe('in the production build, from their own origin', () => {
  let children: Served;
  let app: RunningApp;
  test.beforeAll(async () => {
    test.setTimeout(420_000);
    children = await serveChildren(await buildChildren());
    app = await startApp(['--preview'], 360_000, {
      VITE_OUT_DIR: 'dist-children',
      VITE_MICRO_APP_MANUAL_URL: `${children.origin}${VITE_CHILD_PATH}`,
      VITE_MICRO_APP_PRODUCT_URL: `${children.origin}${WEBPACK_CHILD_PATH}`,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await children?.close();
  });

  test('the Vite child (lifecycle registered late, then an error) mounts; its hash routes are the shell’s', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signInToShell(page, 'owner', `${app.url}${ROUTES.subApps.manual}/`);
    const child = frame(page, 'manual');
    await expect(child.getByTestId('app-title')).toHaveText('Vite 子应用');
    await expect(host(page)).toHaveAttribute('data-status', 'mounted');
    await expect
      .poll(() => errors.join('\n'))
      .toMatch(/threw after registering its lifecycle; mounting it anyway: .*escapeKey1/);

    // Navigation inside the child moves the address bar (its hash route); the lazy route comes.
    await child.getByRole('link', { name: '第二页' }).click();
    await expect(child.getByTestId('route-name')).toHaveText('第二页');
    await expect(page).toHaveURL(`${app.url}${ROUTES.subApps.manual}/#/page2`);
    await expect(child.getByTestId('logo')).toBeVisible();

    // Back and forward walk the child's routes.
    await page.goBack();
    await expect(child.getByTestId('route-name')).toHaveText('首页');
    await page.goForward();
    await expect(child.getByTestId('route-name')).toHaveText('第二页');

    // A deep link (a reload there) lands on that route.
    await page.reload();
    await expect(frame(page, 'manual').getByTestId('route-name')).toHaveText('第二页');
  });

  test('the webpack child (window.mount, public path, history routes, a lazy chunk) mounts and routes', async ({
    page,
  }) => {
    await signInToShell(page, 'owner', `${app.url}${ROUTES.subApps.product}/`);
    const child = frame(page, 'product');
    await expect(child.getByTestId('app-title')).toHaveText('webpack 子应用');
    await expect(host(page)).toHaveAttribute('data-status', 'mounted');
    // Its stylesheet (extracted, from its own origin) applies in its document.
    await expect(child.locator('main')).toHaveCSS('padding-top', '16px');

    await child.getByRole('link', { name: '第二页' }).click();
    await expect(child.getByTestId('route-name')).toHaveText('第二页');
    await expect(page).toHaveURL(`${app.url}${ROUTES.subApps.product}/page2`);
    // The lazy chunk and the image came from the public path micro-app gives.
    await expect(child.getByTestId('logo')).toHaveJSProperty('complete', true);
    expect(
      await child.getByTestId('logo').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    await page.goBack();
    await expect(child.getByTestId('route-name')).toHaveText('首页');
    await expect(page).toHaveURL(`${app.url}${ROUTES.subApps.product}/`);
    await page.goForward();
    await expect(child.getByTestId('route-name')).toHaveText('第二页');

    await page.goto(`${app.url}${ROUTES.subApps.product}/page2`);
    await expect(frame(page, 'product').getByTestId('route-name')).toHaveText('第二页');

    // Away to the other child by module tab and back: each mounts again.
    await page.getByRole('navigation', { name: '模块' }).getByRole('link', { name: '织雀手册' }).click();
    await expect(frame(page, 'manual').getByTestId('app-title')).toHaveText('Vite 子应用');
    await page.goBack();
    await expect(frame(page, 'product').getByTestId('route-name')).toHaveText('第二页');
  });
});

test.describe('under npm start, from the team’s own Vite dev server', () => {
  let dev: DevServer;
  let app: RunningApp;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    dev = await startViteDevServer();
    app = await startApp([], 180_000, { VITE_MICRO_APP_MANUAL_URL: `${dev.origin}${VITE_CHILD_PATH}` });
  });
  test.afterAll(async () => {
    await app?.stop();
    await dev?.close();
  });
  // On a failure, what both dev servers printed and where the page went, to tell a server's
  // reload from the app's own redirects.
  const navigations: string[] = [];
  test.beforeEach(({ page }) => {
    navigations.length = 0;
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(`${Date.now()} ${f.url()}`));
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await testInfo.attach('npm start output', { body: app?.output ?? '', contentType: 'text/plain' });
    await testInfo.attach('child dev server output', { body: dev?.output ?? '', contentType: 'text/plain' });
    await testInfo.attach('navigations', { body: navigations.join('\n'), contentType: 'text/plain' });
  });

  test('an edit shows in the frame at once (hot reload) and the child keeps its state', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await signInToShell(page, 'owner', `${app.url}${ROUTES.subApps.manual}/`);
    const child = frame(page, 'manual');
    await expect(child.getByTestId('greeting')).toHaveText('你好，工作台');
    await expect(host(page)).toHaveAttribute('data-status', 'mounted');
    await child.getByTestId('counter').click();
    await child.getByTestId('counter').click();
    await expect(child.getByTestId('counter')).toHaveText('点击了 2 次');

    const source = path.join(dev.dir, 'src', 'App.vue');
    writeFileSync(source, readFileSync(source, 'utf8').replace('你好，工作台', '你好，热更新'));
    await expect(child.getByTestId('greeting'), errors.join('\n')).toHaveText('你好，热更新', {
      timeout: 20_000,
    });
    // Updated in place: the same document, the counter as it was.
    await expect(child.getByTestId('counter')).toHaveText('点击了 2 次');
    await expect(host(page)).toHaveAttribute('data-status', 'mounted');
    // Nothing failed but the example's own deliberate error.
    expect(errors.filter((error) => !error.includes('escapeKey1'))).toEqual([]);
  });
});
