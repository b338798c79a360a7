/**
 * Helpers shared by the hardening browser tests (csp, a11y, keyboard, security).
 */
import { expect, type Locator, type Page, type Request } from '@playwright/test';

/**
 * Resolves once no HTTP request has been in flight for `quietMs` (sockets ignored).
 * `networkidle` never comes here: the realtime socket reconnects.
 */
export async function settle(page: Page, quietMs = 400, timeoutMs = 15_000): Promise<void> {
  const inFlight = new Set<Request>();
  // micro-app's sandbox iframe never finishes loading its document (micro-app takes it over): not waited for.
  const add = (r: Request) => {
    if (r.resourceType() !== 'document' || r.frame() === page.mainFrame()) inFlight.add(r);
  };
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

/** Is the keyboard focus inside this dialog or drawer (its antd wrapper included)? */
export function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => (el.closest('.ant-modal-wrap, .ant-drawer') ?? el).contains(document.activeElement));
}

/** Closes a dialog or drawer with Escape, the way a keyboard user does: once focus has moved into it. */
export async function escapeFrom(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => focusInside(dialog), { message: 'focus moves into the dialog' }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Opens the avatar dropdown and returns it once it stays open. It opens on hover as well
 * as on click, and a dialog that has just closed hands the focus back to its button: so
 * the pointer starts elsewhere, no dialog may still be fading out, and a click that
 * toggled it shut is tried again.
 */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  const menu = page.locator('.ant-dropdown-menu[role="menu"]');
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.mouse.move(1, 300);
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.waitForTimeout(400);
    if (await menu.isVisible()) break;
  }
  await expect(menu).toBeVisible();
  return menu;
}
