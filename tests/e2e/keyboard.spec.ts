/**
 * The keyboard alone: sign in on the dev SSO page (Tab to a scenario link, Enter), Tab
 * to the bell and open the notices (Enter), Tab to an unread notice and mark it read
 * (Enter), close the drawer (Escape) — with focus and state checked at every step.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';
import { focusInside } from './hardening';
import { routeTo } from '../../src/constants/routes';

/** Presses Tab until `target` has focus (at most `max` times); fails naming what had focus. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<number> {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el
          ? `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} ${el.textContent?.trim().slice(0, 20) ?? ''}`
          : 'none';
      }),
    );
  }
  throw new Error(`Tab never reached the target; focus went through: ${seen.join(' → ')}`);
}

test('sign in, open the notices, mark one read and close them — keyboard only', async ({ page }) => {
  // Signed out: the app sends us to the dev SSO page; its scenario links are in the tab order.
  await page.goto('/');
  await page.waitForURL(/\/sso\/authorize/);
  const personal = page.locator('a.choice', { has: page.locator('code', { hasText: /^personal$/ }) });
  await tabTo(page, personal);
  await expect(personal).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === routeTo.subAppHome('manual'));
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toHaveAccessibleName('消息通知，3条未读');

  // The bell is reachable with Tab and opens the drawer with Enter; focus moves into it.
  await tabTo(page, bell);
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusInside(drawer)).toBe(true);

  // An unread notice is a button in the tab order; Enter marks it read.
  const unread = drawer.locator('[data-testid="notice-item"][data-read="false"] [role="button"]').first();
  await expect(unread).toBeVisible();
  const id = await unread.evaluate((el) => el.closest('[data-notice]')?.getAttribute('data-notice'));
  expect(id).toBeTruthy();
  await tabTo(page, unread, 20);
  await expect(unread).toBeFocused();
  const markRead = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith(`/api/message/v1/msg/${id}/read`),
  );
  await page.keyboard.press('Enter');
  await markRead;
  // The drawer stays open and keeps the focus while the list reloads; the read notice leaves
  // the unread list and the focus moves to the next unread one.
  await expect(drawer).toBeVisible();
  await expect(drawer.locator(`[data-notice="${id}"]`)).toHaveCount(0);
  await expect(drawer.locator('[data-testid="notice-item"] [role="button"]').first()).toBeFocused();
  await expect(page.getByTestId('notice-bell')).toHaveAccessibleName('消息通知，2条未读');

  // Escape closes it, and focus goes back to the bell.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell).toBeFocused();
});

test('the module tabs and the avatar menu work with the keyboard', async ({ page }) => {
  await signInToShell(page, 'personal');
  // A module tab is a link: Tab to it, Enter follows it.
  const product = page.getByRole('navigation', { name: '模块' }).getByRole('link', { name: '产品管理' });
  await tabTo(page, product);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/micro-app-product\/$/);

  // The avatar menu opens with Enter and takes the focus; the arrow keys move between its entries, Enter picks one.
  const avatar = page.getByRole('button', { name: '账号菜单' });
  await tabTo(page, avatar);
  await page.keyboard.press('Enter');
  const menu = page.locator('.ant-dropdown-menu[role="menu"]');
  await expect(menu).toBeVisible();
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const settings = menu.getByRole('menuitem', { name: '账号设置' });
  // rc-menu moves the focus a frame after each key: wait for each move before the next key, or
  // a loaded machine presses past the entry before the focus shows it.
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  for (let i = 0; i < 10 && !(await settings.evaluate((el) => el === document.activeElement)); i++) {
    const before = await focused();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).not.toBe(before);
  }
  await expect(settings).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/user-info\/account-setting$/);

  // Escape closes an open menu and leaves focus on its button.
  await tabTo(page, avatar);
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(avatar).toBeFocused();
});

test('a dialog opened with the keyboard closes with Escape and gives the focus back to its button', async ({
  page,
}) => {
  await signInToShell(page, 'personal');
  const feedback = page.getByTestId('feedback-icon');
  await tabTo(page, feedback);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(feedback).toBeFocused();

  // The same for a dialog opened from the avatar menu (the menu is gone when it closes).
  const avatar = page.getByRole('button', { name: '账号菜单' });
  await avatar.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.locator('.ant-dropdown-menu[role="menu"]');
  await expect(menu).toBeVisible();
  const logout = menu.getByRole('menuitem', { name: '退出登录' });
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(logout).toBeFocused({ timeout: 300 });
  }).toPass();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').filter({ hasText: '确认退出' });
  await expect(confirm).toBeVisible();
  await expect.poll(() => focusInside(confirm)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(avatar).toBeFocused();
});
