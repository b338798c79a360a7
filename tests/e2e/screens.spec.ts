/**
 * Every screen as a user sees it: the top bar's actions one by one, phone and narrow
 * windows (no sideways scroll, nothing overlapping, the tabs and the side menu collapse),
 * one error state per region, images that fail, session expiry under a storm of -401s,
 * and each call sent once per page load in the production build.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';
import { settle } from './hardening';
import { ROUTES, routeTo } from '../../src/constants/routes';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The top bar's parts that must never overlap: the home link, the module navigation, each action. */
async function topBarBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const header = document.querySelector('.ant-pro-global-header');
    if (!header) return [];
    const parts = [
      ...header.querySelectorAll<HTMLElement>(
        '.shell-home-link, .module-tabs > *, .side-menu-toggle, .ant-pro-global-header-header-actions-item',
      ),
    ].filter((el) => el.offsetParent !== null);
    return parts.map((el) => {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.className;
      return { name: name || el.className, x: r.x, y: r.y, width: r.width, height: r.height };
    });
  });
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

async function expectTidy(page: Page, viewportWidth: number) {
  await settle(page);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page never scrolls sideways').toBeLessThanOrEqual(clientWidth);
  const boxes = await topBarBoxes(page);
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const box of boxes) {
    expect(box.x, `${box.name} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.name} ends inside the window`).toBeLessThanOrEqual(viewportWidth + 0.5);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlaps(boxes[i]!, boxes[j]!), `${boxes[i]!.name} overlaps ${boxes[j]!.name}`).toBe(false);
}

test.describe('the top bar', () => {
  test('each action is its own item, with its own hover, focus ring and Tab stop', async ({ page }) => {
    await signInToShell(page, 'personal');
    const items = page.locator('.ant-pro-global-header-header-actions-item');
    // Guide flag, feedback, bell, avatar: four items, one button each.
    await expect(items).toHaveCount(4);
    for (const item of await items.all()) await expect(item.locator('button')).toHaveCount(1);
    const names = await items
      .locator('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual(['新手引导', '意见反馈', expect.stringMatching(/^消息通知/), '账号菜单']);

    // Hovering the bell highlights the bell alone.
    const background = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);
    const idle = await background('feedback-icon');
    await page.getByTestId('notice-bell').hover();
    await expect.poll(() => background('notice-bell')).not.toBe(idle);
    expect(await background('feedback-icon')).toBe(idle);
    expect(await background('avatar-trigger')).toBe(idle);

    // With the keyboard, the logo, the module tabs and each action show a focus ring.
    await page.mouse.move(0, 400);
    const ring = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'body';
        const style = getComputedStyle(el);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
          ? 'ring'
          : `no ring on ${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent}`;
      });
    const stops: string[] = [];
    for (let i = 0; i < 12 && stops.length < 7; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('.ant-pro-global-header')
          ? (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '')
          : '';
      });
      if (!label) continue;
      stops.push(label);
      expect(await ring(), label).toBe('ring');
    }
    expect(stops).toEqual([
      expect.stringMatching(/^织雀工作台/),
      '织雀手册',
      '产品管理',
      '新手引导',
      '意见反馈',
      expect.stringMatching(/^消息通知/),
      '账号菜单',
    ]);
  });
});

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('home: no sideways scroll, nothing overlaps in the top bar, the module tabs fit', async ({
      page,
    }) => {
      await signInToShell(page, 'personal');
      await expectTidy(page, viewport.width);
      const modules = page.getByRole('navigation', { name: '模块' });
      if (viewport.width < 992) {
        // Below the spec's 992 px the module tabs are one button naming the current module.
        await expect(modules.getByRole('link')).toHaveCount(0);
        await modules.getByRole('button', { name: /织雀手册/ }).click();
        await expect(page.getByRole('menuitem', { name: '产品管理' })).toBeVisible();
        await page.keyboard.press('Escape');
      } else {
        await expect(modules.getByRole('link')).toHaveText(['织雀手册', '产品管理']);
      }
    });

    test('members: the table scrolls inside its card, the page never sideways', async ({ page }) => {
      await signInToShell(page, 'owner', '/manage/members');
      await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
      await expectTidy(page, viewport.width);
      const fits = await page.evaluate(() => {
        const card = document.querySelector('.page-frame')!.getBoundingClientRect();
        const table = document.querySelector('.ant-table')!.getBoundingClientRect();
        return table.left >= card.left - 0.5 && table.right <= card.right + 0.5;
      });
      expect(fits).toBe(true);
    });
  });
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the back-end side menu opens from a real button, and following an entry closes it', async ({
    page,
  }) => {
    await signInToShell(page, 'owner', '/manage/members');
    const toggle = page.getByRole('button', { name: '管理菜单' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const entry = page.getByRole('menuitem', { name: '角色管理' });
    await expect(entry).toBeVisible();
    await entry.click();
    await page.waitForURL('**/manage/roles');
    await expect(entry).toBeHidden();
  });

  test('the notice drawer and the feedback dialog fit the screen', async ({ page }) => {
    await signInToShell(page, 'personal');
    await page.getByTestId('notice-bell').click();
    const drawer = page.getByRole('dialog', { name: '消息通知' });
    await expect(drawer).toBeVisible();
    // Once it has slid in, it spans the screen and no more.
    await expect
      .poll(async () => {
        const box = (await drawer.boundingBox())!;
        return [Math.round(box.x), Math.round(box.x + box.width)];
      })
      .toEqual([0, 390]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByTestId('feedback-icon').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '体验反馈' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await dialog.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390.5;
      })
      .toBe(true);
  });
});

test('roles with the gateway down: one error state with a retry, no empty table beside it', async ({
  page,
}) => {
  await signInToShell(page, 'owner', '/manage/enterprise');
  await page.route('**/api/rbac/role/v1/list**', (route) => route.abort('connectionrefused'));
  await page.goto('/manage/roles');
  await expect(page.getByText('角色加载失败')).toBeVisible();
  await expect(page.getByRole('button', { name: /重\s*试/ })).toBeVisible();
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  // The gateway answers again: the retry brings the roles back.
  await page.unroute('**/api/rbac/role/v1/list**');
  await page.getByRole('button', { name: /重\s*试/ }).click();
  await expect(page.getByRole('cell', { name: '企业管理员 系统' })).toBeVisible();
  await expect(page.getByText('角色加载失败')).toHaveCount(0);
});

test('a feedback image that cannot be loaded shows the fallback picture, not an empty box', async ({
  page,
}) => {
  await signInToShell(page, 'personal', ROUTES.userCenter.myFeedback);
  await page.route('**/__mock/static/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.getByRole('row').filter({ hasText: /问题/ }).getByRole('link').first().click();
  await page.waitForURL('**/question-feedback-detail**');
  const image = page.getByRole('img', { name: /图片 1/ });
  await expect(image).toBeVisible();
  // antd's fallback: the shipped picture replaces the broken one, and it has a size.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await image.getAttribute('src')).not.toContain('/__mock/static/');
});

test('session expiry under a storm: every call of a fresh load answers -401, the message shows once, then logout', async ({
  page,
}) => {
  await signInToShell(page, 'personal');
  // Every toast the page shows is reported to the test as it appears, up to the moment the page leaves.
  const toasts: string[] = [];
  await page.exposeBinding('__toastShown', (_source, text: string) => void toasts.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { __toastShown: (text: string) => void }).__toastShown;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const notices = node.matches('.ant-message-notice')
            ? [node]
            : [...node.querySelectorAll('.ant-message-notice')];
          for (const notice of notices) report(notice.textContent?.trim() ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.route('**/api/**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: -401, msg: 'token expired', data: null }),
    }),
  );
  await page.reload();
  await expect(page.getByText('登录状态已失效,请重新登录!')).toBeVisible();
  await page.waitForURL(/\/sso\/logout/);
  expect(toasts).toEqual(['登录状态已失效,请重新登录!']);
});

test('production sends each call once per page load', async ({ page }) => {
  await signInToShell(page, 'personal');
  const calls = new Map<string, number>();
  // Counted from the moment the new page's document commits: until then a request may still
  // come from the page being left (its bell asks for the list when the browser is idle, and
  // the navigation then cancels it), which is not this page's call.
  let counting = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) counting = true;
  });
  page.on('request', (r) => {
    if (!counting) return;
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const key = `${r.method()} ${url.pathname}${url.search}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  for (const path of [routeTo.subAppHome('manual'), ROUTES.userCenter.myFeedback]) {
    calls.clear();
    counting = false;
    await page.goto(path);
    await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
    await settle(page, 800);
    const twice = [...calls].filter(([, n]) => n > 1);
    expect(twice, `${path}: calls sent more than once`).toEqual([]);
    expect([...calls.keys()].some((k) => k.includes('/msg/list'))).toBe(true);
  }
});
