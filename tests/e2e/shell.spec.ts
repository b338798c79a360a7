/**
 * The shell as a user sees it, per scenario (SPEC §2, §4, §6): sign-in through the
 * dev SSO, landing redirects, tip bar, tabs, the avatar dropdown, logout, 404,
 * sub-app hosting with the product left rail, and session expiry.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseScenario, holdCalls, signInToShell } from './fixtures';
import { ROUTES, routeTo } from '../../src/constants/routes';
import { firstLoadScripts } from '../../tools/lib/first-load';

async function openAvatarMenu(page: Page) {
  await page.getByRole('button', { name: '账号菜单' }).click();
  return page.getByRole('menu');
}

test.describe('sign-in', () => {
  test('signed out, the app goes to the SSO authorize page with every query value and forwards pi', async ({
    page,
  }) => {
    await page.goto(`${routeTo.subAppHome('product')}?pi=partner-7`);
    await page.waitForURL(/\/sso\/authorize/);
    const url = new URL(page.url());
    expect(url.searchParams.get('scope')).toBeTruthy();
    expect(url.searchParams.get('grant_type')).toBe('authorization_code');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/oauth\/callback$/);
    expect(url.searchParams.get('client_id')).toBeTruthy();
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('pi')).toBe('partner-7');
    await expect(page.getByRole('heading', { name: '开发环境单点登录' })).toBeVisible();
  });

  test('after signing in the user returns where they were going, code and state gone from the URL', async ({
    page,
  }) => {
    await signInToShell(page, 'owner', routeTo.subApp('product', '/attributeManagement'));
    await expect(page).toHaveURL(/\/micro-app-product\/attributeManagement$/);
  });

  test('a callback whose state this tab did not send is refused', async ({ page }) => {
    await page.goto('/oauth/callback?code=stolen&state=workbench.forged');
    await expect(page.getByText('登录请求已失效')).toBeVisible();
    await expect(page).toHaveURL(/\/oauth\/callback$/);
  });

  test('a token in the URL is accepted and removed from the address bar', async ({ page }) => {
    await chooseScenario(page, 'personal');
    await page.goto(`${routeTo.subAppHome('manual')}?token=dS0xMDAxOndiLWRlbW8tc2Vzc2lvbi03ZjNhOWM%3D`);
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    expect(page.url()).not.toContain('token=');
  });
});

test.describe('scenarios', () => {
  test('personal: lands on the manual app, tip bar shown and closable (remembered)', async ({ page }) => {
    await signInToShell(page, 'personal');
    await expect(page).toHaveURL(/\/micro-app-manual\/$/);
    const tip = page.getByTestId('tip-bar');
    await expect(tip).toBeVisible();
    await expect(tip).toHaveCSS('height', '40px');
    await expect(page.getByRole('link', { name: '织雀手册' })).toBeVisible();
    await expect(page.getByRole('link', { name: '产品管理' })).toBeVisible();
    await expect(page.getByRole('link', { name: '制造引擎' })).toHaveCount(0);
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('创建企业')).toBeVisible();
    await expect(menu.getByText('进入管理后台')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await tip.getByRole('button', { name: '关闭提示' }).click();
    await expect(tip).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    await expect(page.getByTestId('tip-bar')).toBeHidden();
  });

  test('a scrolled page keeps the tip bar on top and the avatar menu under its button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await signInToShell(page, 'personal');
    // (The embedded app's content makes the page taller than the window once it has loaded.)
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);
    expect((await page.getByTestId('tip-bar').boundingBox())?.y).toBe(0);
    const button = (await page.getByRole('button', { name: '账号菜单' }).boundingBox())!;
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('创建企业')).toBeVisible();
    // Scrolling with the menu open does not move it away from its button either.
    await page.mouse.wheel(0, -10_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await menu.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(box.y).toBeLessThan(button.y + button.height + 16);
  });

  test('"switch enterprise" on the tip bar opens /entrance in a new tab', async ({ page, context }) => {
    await signInToShell(page, 'personal');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('tip-bar').getByRole('button', { name: '切换企业' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(ROUTES.entrance);
  });

  test('owner: no tip bar, truncated names with a tooltip, management back-end entry', async ({ page }) => {
    await signInToShell(page, 'owner');
    await expect(page).toHaveURL(/\/micro-app-manual\/$/);
    await expect(page.getByTestId('tip-bar')).toBeHidden();
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('欧阳明远测试账...')).toBeVisible();
    const enterprise = menu.getByText('华东智能制造供应链协同创新...');
    await expect(enterprise).toBeVisible();
    await enterprise.hover();
    await expect(page.getByRole('tooltip', { name: '华东智能制造供应链协同创新中心有限公司' })).toBeVisible();
    await expect(menu.getByText('进入管理后台')).toBeVisible();
    // Inside a healthy enterprise neither create nor switch shows.
    await expect(menu.getByText('切换企业')).toHaveCount(0);
    await expect(menu.getByText('创建企业')).toHaveCount(0);
    for (const entry of ['账号设置', '我的反馈', '退出登录'])
      await expect(menu.getByText(entry)).toBeVisible();
  });

  test('member: no management back-end entry, and its path is refused', async ({ page }) => {
    await signInToShell(page, 'member');
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('账号设置')).toBeVisible();
    await expect(menu.getByText('进入管理后台')).toHaveCount(0);
    await page.goto('/manage/enterprise');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('frozen: lands on renewal, normal features hidden, switch enterprise offered', async ({ page }) => {
    await signInToShell(page, 'frozen');
    await expect(page).toHaveURL(/\/renewal$/);
    await expect(page.getByRole('navigation', { name: '模块' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '意见反馈' })).toHaveCount(0);
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('切换企业')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(routeTo.subAppHome('manual'));
    await expect(page).toHaveURL(/\/404$/);
  });

  test('page2: lands on the product app with the engine tab; a user without a name shows the phone', async ({
    page,
  }) => {
    await signInToShell(page, 'page2');
    await expect(page).toHaveURL(/\/micro-app-product\/$/);
    await expect(page.getByTestId('tip-bar')).toBeHidden();
    await expect(page.getByRole('link', { name: '制造引擎' })).toBeVisible();
    await expect(page.getByRole('link', { name: '织雀手册' })).toHaveCount(0);
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText(/^1[34578]\d{9}$/)).toBeVisible();
  });

  test('tabs switch with a full page navigation', async ({ page }) => {
    await signInToShell(page, 'personal');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: '产品管理' }).click();
    await expect(page).toHaveURL(/\/micro-app-product\/$/);
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });
});

test.describe('first load', () => {
  test("the shell's frame shows from the first paint, then the shell arrives with its data in one step", async ({
    page,
  }) => {
    await signInToShell(page, 'personal');
    // Record every loading text the page ever shows, and hold the config call back.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __loadingTexts: string[] }).__loadingTexts = []);
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.full-screen-loading')) {
          const text = el.textContent?.trim() ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdCalls(page, '**/api/workbench/userconfig/v2/info');
    await page.reload({ waitUntil: 'domcontentloaded' });
    // index.html's frame of the shell (vite-plugins/boot-frame): the user has a session and the shell
    // recorded its facts, so the tabs and the tip bar are painted before the app's scripts run.
    await expect(page.getByRole('status')).toHaveText('正在加载工作台…');
    await expect(page.locator('.boot-frame .module-tab', { hasText: '织雀手册' })).toBeVisible();
    await expect(page.locator('.boot-frame .tip-bar')).toBeVisible();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    await expect(page.getByText('加载中…')).toBeHidden();
    await expect(page.locator('.boot-frame')).toHaveCount(0);
    // index.html's screen (hidden behind the frame) and then the shell: no second loading screen while the data came in.
    expect(
      await page.evaluate(() => (window as unknown as { __loadingTexts: string[] }).__loadingTexts),
    ).toEqual(['加载中…']);
  });

  test("the app's scripts are requested once the first contentful paint is on screen", async ({ page }) => {
    await signInToShell(page, 'personal');
    await page.reload();
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const scripts = performance
        .getEntriesByType('resource')
        .filter(
          (entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/app-loader|boot-frame/.test(entry.name),
        )
        .map((entry) => entry.startTime);
      return { fcp, scripts };
    });
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(5);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.fcp!);
    // The same script tags Vite wrote, added by the loader: the entry and its modulepreloads.
    await expect(page.locator('head script[type="module"][src*="/assets/main-"]')).toHaveCount(1);
    expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(5);
    // Before the entry, the large chunks one by one (one task each), in dependency order; the
    // bootstrap calls' chunk right after React, before antd (it sends the user-config call).
    const modules = await page
      .locator('head script[type="module"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => (s as HTMLScriptElement).src.replace(/.*\/|-[\w-]{8}\.js$/g, '')),
      );
    expect(modules).toEqual([
      'vendor-react',
      'bootstrap-calls',
      'vendor-antd-base',
      'vendor-antd',
      'vendor-pro',
      'main',
    ]);
  });

  // CLS 0 as a user sees it (issue 27): the boot frame, the shell's first render and the page that
  // follows it keep their boxes. Measured on a second load, when the boot frame knows the shell.
  for (const { scenario, path, width } of [
    { scenario: 'frozen', path: ROUTES.renewal, width: 390 },
    { scenario: 'personal', path: ROUTES.home, width: 390 },
    { scenario: 'personal', path: ROUTES.home, width: 1440 },
    { scenario: 'owner', path: routeTo.subAppHome('product'), width: 390 },
    { scenario: 'owner', path: '/manage/members', width: 390 },
    { scenario: 'owner', path: '/manage/members', width: 800 },
    { scenario: 'owner', path: '/manage/members', width: 1440 },
    { scenario: 'personal', path: ROUTES.userCenter.baseInfo, width: 390 },
    { scenario: 'personal', path: ROUTES.userCenter.baseInfo, width: 1440 },
  ] as const) {
    test(`nothing moves while the shell loads: ${scenario} ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await signInToShell(page, scenario, path);
      await page.reload();
      await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(
        () =>
          new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
            const seen: { value: number; nodes: string[] }[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
                sources: { node?: Node | null }[];
              })[]) {
                if (entry.hadRecentInput) continue;
                const nodes = entry.sources.map((source) =>
                  source.node instanceof Element
                    ? `${source.node.tagName}.${source.node.getAttribute('class')}`
                    : '?',
                );
                seen.push({ value: entry.value, nodes });
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(seen), 500);
          }),
      );
      expect(shifts).toEqual([]);
    });
  }

  test("the shell's antd and ProComponents styles come from the built stylesheet, not generated in the page", async ({
    page,
  }) => {
    await signInToShell(page, 'personal');
    await expect(page.locator('link[rel="stylesheet"][href*="antd-shell"]')).toHaveCount(1);
    const generated = await page.evaluate(() =>
      [
        'ant-btn',
        'ant-badge',
        'ant-avatar',
        'ant-dropdown',
        'ant-tooltip',
        'ant-spin',
        'ant-modal',
        'ant-app',
      ].filter((cls) =>
        [...document.querySelectorAll('style')].some((style) => style.textContent?.includes(`.${cls}{`)),
      ),
    );
    expect(generated).toEqual([]);
    // ProLayout's too (its layout, header and top-bar actions): no style of ProComponents is made here.
    const proGenerated = await page.evaluate(
      () =>
        [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('.ant-pro-'))
          .length,
    );
    expect(proGenerated).toBe(0);
    // …and they apply: the tip bar's link button has the theme's link colour and small size.
    const link = page.getByTestId('tip-bar').getByRole('button', { name: '切换企业' });
    await expect(link).toHaveCSS('color', 'rgb(23, 92, 211)');
    await expect(link).toHaveCSS('height', '24px');
  });
});

/** The members page's parts: its menu, toolbar, table and tags. */
const MEMBERS_PAGE_PARTS = [
  '.ant-pro-sider-menu .ant-menu-item',
  '.ant-pro-sider-menu .ant-menu-item-selected',
  '.page-frame',
  '.page-frame h4',
  '.data-table-toolbar .ant-btn-primary',
  '.ant-input-search .ant-input',
  '.ant-table-thead th',
  '.ant-table-tbody td',
  '.ant-table-tbody .ant-checkbox-inner',
  '.ant-table-tbody .ant-tag',
  '.ant-table-tbody .ant-btn-link',
];
/** The user centre's base information: its menu (no border at its side), description list and buttons. */
const BASE_INFO_PARTS = [
  '.user-center-side .ant-menu',
  '.user-center-side .ant-menu-item',
  '.user-center-side .ant-menu-item-selected',
  '.ant-descriptions-item-label',
  '.ant-descriptions-item-content',
  '.page-frame .ant-btn-link',
];

/** How the parts look: their computed styles. */
async function pageLook(page: Page, parts: string[]) {
  return page.evaluate((parts) => {
    const properties = [
      'color',
      'background-color',
      'padding',
      'margin',
      'font-size',
      'font-weight',
      'line-height',
      'height',
      'border',
      'border-radius',
      'border-inline-end',
      'display',
    ];
    return Object.fromEntries(
      parts.map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return [selector, null];
        const style = getComputedStyle(element);
        return [
          selector,
          properties.map((property) => `${property}: ${style.getPropertyValue(property)}`).join('; '),
        ];
      }),
    );
  }, parts);
}

test("a load that starts on a back-end or user centre page takes the page's antd styles from their stylesheet, and looks the same; other pages do not fetch it", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/antd-(back-end|user-center)/.test(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  await signInToShell(page, 'owner', '/manage/members');
  // The first load knew nothing of the back-end yet: its styles were generated in the page.
  await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
  const generatedLook = await pageLook(page, MEMBERS_PAGE_PARTS);
  expect(Object.values(generatedLook)).not.toContain(null);
  // The home page never asks for the file.
  await page.goto('/');
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  for (const area of ['back-end', 'user-center']) {
    await expect(page.locator(`link[data-page-styles="${area}"]`)).toHaveJSProperty('rel', '');
    await expect(page.locator(`link[href*="antd-${area}"]`)).toHaveCount(1);
  }
  expect(fetched).toEqual([]);
  await page.goto('/manage/members');
  await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
  expect(fetched).toEqual([expect.stringContaining('antd-back-end')]);
  const generated = await page.evaluate(() =>
    ['ant-menu', 'ant-table', 'ant-pagination', 'ant-checkbox', 'ant-tag'].filter((cls) =>
      [...document.querySelectorAll('style')].some(
        (style) => style.textContent?.includes(`.${cls}{`) || style.textContent?.includes(`.${cls} `),
      ),
    ),
  );
  expect(generated).toEqual([]);
  // …and they apply as the generated ones did (the two files keep antd's order of styles).
  expect(await pageLook(page, MEMBERS_PAGE_PARTS)).toEqual(generatedLook);
  // A user centre page takes its area's file: its menu, description list and spacing. Reached
  // inside the app from a page without the file first, whose styles are generated…
  await page.goto('/');
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menu').getByText('账号设置').click();
  await page.getByRole('link', { name: '个人信息' }).click();
  await expect(page.locator('.ant-descriptions-item-content').first()).toBeVisible();
  const generatedCentre = await pageLook(page, BASE_INFO_PARTS);
  expect(Object.values(generatedCentre)).not.toContain(null);
  expect(generatedCentre['.user-center-side .ant-menu']).toContain('border-inline-end: 0px');
  // …then loaded from a bookmark: the same look, from the file.
  await page.goto(ROUTES.userCenter.baseInfo);
  await expect(page.getByTestId('user-center-phone')).not.toBeEmpty();
  await expect(page.locator('.ant-descriptions-item-content').first()).toBeVisible();
  expect(await pageLook(page, BASE_INFO_PARTS)).toEqual(generatedCentre);
  expect(fetched).toEqual([
    expect.stringContaining('antd-back-end'),
    expect.stringContaining('antd-user-center'),
  ]);
  const styleElements = await page.evaluate(
    () =>
      [...document.querySelectorAll('style')].filter((style) =>
        /\.ant-(menu|descriptions|space)\b/.test(style.textContent ?? ''),
      ).length,
  );
  expect(styleElements).toBe(0);
});

test("a load that starts on a back-end page requests the page's code with the first load, not once the app's entry has run", async ({
  page,
}) => {
  await signInToShell(page, 'owner', '/manage/members');
  await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
  // The app's entry is held back: the page's code (the section's, the page's, its table's) is
  // requested meanwhile, by the loader, as the boot frame named the page.
  let releaseEntry!: () => void;
  const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  const pageCode = ['AdminSection', 'MembersPage', 'table'].map((name) =>
    page.waitForRequest(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), { timeout: 20_000 }),
  );
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-boot-admin', 'members');
  await Promise.all(pageCode);
  releaseEntry();
  await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
  // The home page names no page: only the first load's modules are preloaded.
  await page.goto('/');
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  const preloaded = await page
    .locator('head link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(preloaded.filter((href) => /\/(AdminSection|MembersPage|UserCenterLayout)-/.test(href))).toEqual([]);
});

test("the first load's scripts carry V8's compile hint, later chunks do not", async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  // The module entry and its modules, as the app loader has them (the classic scripts are not the app's).
  const firstLoad = firstLoadScripts(html).app;
  expect(firstLoad.length).toBeGreaterThan(1);
  const HINT = '//# allFunctionsCalledOnLoad\n';
  for (const src of firstLoad)
    expect((await (await page.request.get(src)).text()).startsWith(HINT), src).toBe(true);
  const entry = await (await page.request.get(firstLoad[0]!)).text();
  const later = /"(assets\/[^"]+\.js)"/.exec(entry)?.[1]; // the first file of the entry's lazy-load map
  expect(later && !firstLoad.includes(`/${later}`)).toBeTruthy();
  expect((await (await page.request.get(`/${later}`)).text()).startsWith(HINT)).toBe(false);
});

test("the sub-apps' frame page loads none of the shell's libraries, its entry or its bootstrap calls", async ({
  page,
  baseURL,
}) => {
  // Served on the apps' origins only (any path of one is the frame page).
  await page.goto(`http://manual.localhost:${new URL(baseURL!).port}/micro-app-manual/`);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && path.endsWith('.js')),
  );
  expect(scripts.some((path) => /\/sub-app-[\w-]+\.js$/.test(path))).toBe(true);
  expect(scripts.filter((path) => /\/(?:vendor-|main-|bootstrap-calls-)/.test(path))).toEqual([]);
});

test.describe('sub-apps', () => {
  test('the product app mounts and receives the left-rail sub-route through the channel', async ({
    page,
  }) => {
    await signInToShell(page, 'owner', routeTo.subAppHome('product'));
    const received = page.frameLocator('iframe[data-sub-app="product"]').getByTestId('received');
    await expect(received).toContainText('commodityManagement');
    await page
      .getByRole('navigation', { name: '产品管理导航' })
      .getByRole('button', { name: '类目管理' })
      .click();
    await expect(page).toHaveURL(/\/micro-app-product\/classifiedManagement$/);
    await expect(received).toContainText('classifiedManagement');
    await page
      .getByRole('navigation', { name: '产品管理导航' })
      .getByRole('button', { name: '属性参数管理' })
      .click();
    await expect(received).toContainText('attributeManagement');
  });

  test('an embedded app can ask the shell to open the feedback dialog through the channel', async ({
    page,
  }) => {
    await signInToShell(page, 'personal');
    await page.frameLocator('iframe[data-sub-app="manual"]').getByTestId('ask-feedback').click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: /问题反馈/ })).toBeVisible();
  });

  test('a sub-app that cannot load shows an error with a retry, and the shell keeps working', async ({
    page,
  }) => {
    await page.route('**/__mock/apps/manual/**', (route) => route.abort());
    await signInToShell(page, 'personal');
    await expect(page.getByText('织雀手册加载失败')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /重\s*试/ })).toBeVisible();
    await page.getByRole('button', { name: '账号菜单' }).click();
    await expect(page.getByRole('menu').getByText('账号设置')).toBeVisible();
    await page.unroute('**/__mock/apps/manual/**');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await expect(page.frameLocator('iframe[data-sub-app="manual"]').getByTestId('received')).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe('leaving', () => {
  // FIXME(origin wall): since the sub-app frames moved to origins of their own, this flow fails in
  // about 2 runs of 3 on this machine (the avatar menu's 退出登录 or the confirm's 确定 does not take
  // effect while the home app's frame is hosted); not root-caused yet — the closing note of issue 26
  // says so. Logout itself worked when driven by a script after the page settled; fix it first.
  test('logout: confirm, full-screen loading, token cleared, account logout page with a way back', async ({
    page,
  }) => {
    await signInToShell(page, 'personal');
    const menu = await openAvatarMenu(page);
    await menu.getByText('退出登录').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('确认退出？')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/sso\/logout/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toMatch(/^http:\/\/localhost:\d+\/$/);
    await expect(page.getByText('已退出登录')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('workbench.token'))).toBeNull();
  });

  test('unknown paths go to /404', async ({ page }) => {
    await signInToShell(page, 'personal');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  });

  test('the 404 page shows without waiting for the session (its calls held back)', async ({ page }) => {
    await signInToShell(page, 'personal');
    // The user config is the first bootstrap call: hold it until the page is seen.
    const release = await holdCalls(page, '**/userconfig/v2/info');
    await page.goto(ROUTES.notFound);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    // The app's own render, not only index.html's picture of the page (next test).
    await expect(page.locator('.boot-not-found')).toHaveCount(0);
    release();
  });

  test("the 404 page is on screen before the app's scripts run, and the app's render moves nothing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdCalls(page, '**/assets/main-*.js');
    await page.goto(ROUTES.notFound, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle('页面不存在 - 织雀工作台');
    await expect(page.getByText('加载中…')).toBeHidden();
    const before = await page.getByRole('heading', { name: '页面不存在' }).boundingBox();
    await page.evaluate(() => {
      (window as unknown as { __shifts: number }).__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { __shifts: number }).__shifts += (
            entry as unknown as { value: number }
          ).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    release();
    await expect(page.locator('.boot-not-found')).toHaveCount(0); // the app rendered it
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    expect(await page.getByRole('heading', { name: '页面不存在' }).boundingBox()).toEqual(before);
    await page.getByRole('link', { name: '返回首页' }).focus();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBe(0);
  });

  test('session expiry clears the credentials, says so and goes to logout', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL(/\/sso\/authorize/);
    await page.locator('a.choice', { has: page.locator('code', { hasText: /^expired$/ }) }).click();
    await expect(page.getByText('登录状态已失效,请重新登录!')).toBeVisible();
    await page.waitForURL(/\/sso\/logout/);
    expect(await page.evaluate(() => localStorage.getItem('workbench.token'))).toBeNull();
  });
});
