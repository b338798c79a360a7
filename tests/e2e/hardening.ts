/**
 * Helpers shared by the hardening browser tests (csp, a11y, keyboard, security).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { settle as settleNetwork } from '../../tools/fuzz/health';

/**
 * Resolves once no HTTP request has been in flight for a while (sockets ignored): the
 * fuzz walk's own check, with the longer waits a test can afford.
 * `networkidle` never comes here: the realtime socket reconnects.
 */
export function settle(page: Page, quietMs = 400, timeoutMs = 15_000): Promise<void> {
  return settleNetwork(page, quietMs, timeoutMs);
}

/** Is the keyboard focus inside this dialog or drawer (its antd wrapper included)? */
export function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) =>
    (el.closest('.ant-modal-wrap, .ant-drawer') ?? el).contains(document.activeElement),
  );
}

/** Closes a dialog or drawer with Escape, the way a keyboard user does: once focus has moved into it. */
export async function escapeFrom(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusInside(dialog), { message: 'focus moves into the dialog' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Opens the avatar dropdown and returns it. A dialog that has just closed hands the focus
 * back to its button, so no dialog may still be fading out when it is clicked.
 */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  const menu = page.locator('.ant-dropdown-menu[role="menu"]');
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  await page.getByRole('button', { name: '账号菜单' }).click();
  await expect(menu).toBeVisible();
  return menu;
}
