/**
 * The user center in a real browser against the mock stack: the left column and
 * its menu, the avatar change (upload through the file chooser, save, the top bar
 * shows the new avatar), and "my feedback" opening a detail page.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdCalls, signInToShell } from './fixtures';
import { ROUTES } from '../../src/constants/routes';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

const topBarAvatar = (page: Page) => page.getByTestId('avatar-trigger').locator('img');

/** Every request the page makes to a host other than the app's own. */
function foreignRequests(page: Page, origin: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) seen.push(r.url());
  });
  return seen;
}

test('change the avatar: an upload saves at once ("头像更改成功！"), the top bar shows it at once and after a reload; no other host is asked', async ({
  page,
  baseURL,
}) => {
  const foreign = foreignRequests(page, new URL(baseURL!).origin);
  await signInToShell(page, 'personal', ROUTES.userCenter.baseInfo);
  // The contract's example avatar is served by the mock stack on the app's origin (offline).
  await expect(topBarAvatar(page)).toHaveAttribute('src', /\/__mock\/static\/avatar\/u-1001\.png$/);
  await expect
    .poll(() => topBarAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await page.getByTestId('user-center-avatar').click();
  await page.getByTestId('change-avatar').click();
  const dialog = page.getByRole('dialog', { name: '更换头像' });
  await expect(dialog).toBeVisible();
  // No extra step: choosing a file (or resetting) is the change.
  await expect(dialog.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);

  const upload = page.waitForResponse((r) => r.url().endsWith('/api/workbench/sys/v1/upload'));
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/workbench/user/v1/login/'),
  );
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '选择图片' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const uploaded = ((await (await upload).json()) as { data: { abs: string } }).data.abs;
  expect((await request).postDataJSON()).toEqual({ avatar_url: uploaded, user_name: '林小雀' });
  await expect(page.getByText('头像更改成功！')).toBeVisible();
  await expect(topBarAvatar(page)).toHaveAttribute('src', uploaded);
  await expect(page.getByTestId('user-center-avatar').locator('img')).toHaveAttribute('src', uploaded);

  // Reset to the default, with the keyboard: saved at once; Esc still closes the dialog, and the
  // focus goes back to the control that opened it.
  const reset = dialog.getByRole('button', { name: '恢复默认头像' });
  await reset.focus();
  const resetRequest = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/workbench/user/v1/login/'),
  );
  await page.keyboard.press('Enter');
  expect(((await resetRequest).postDataJSON() as { avatar_url: string }).avatar_url).toMatch(
    /avatar\/default\.png$/,
  );
  await expect(reset).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-center-avatar')).toBeFocused();

  // The server remembered it: after a reload the top bar shows the default avatar, shipped with the app.
  await page.reload();
  await expect
    .poll(() => topBarAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The app's own copy (a bundled asset), neither the contract's host nor the mock's stand-in.
  expect(await topBarAvatar(page).getAttribute('src')).toMatch(
    /^(\/assets\/default-avatar-[\w-]+\.svg|data:image\/svg\+xml)/,
  );
  await page.getByTestId('user-center-avatar').click();
  await page.getByTestId('change-avatar').click();
  await expect(
    page.getByRole('dialog', { name: '更换头像' }).getByRole('button', { name: '恢复默认头像' }),
  ).toBeDisabled();
  expect(foreign).toEqual([]);
});

test('the left column: phone, menu, and joined enterprises hidden in page2 mode', async ({ page }) => {
  await signInToShell(page, 'page2', ROUTES.userCenter.root);
  await page.waitForURL(/\/user-info\/base-info$/);
  await expect(page.getByTestId('user-center-phone')).toHaveText('13812345678');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['个人信息', '账号设置', '第三方账号', '我的反馈']);
  await menu.getByRole('link', { name: '账号设置' }).click();
  await expect(page).toHaveURL(/\/user-info\/account-setting$/);
  await expect(page.getByText('登录密码')).toBeVisible();
});

test("a user centre page opened from a bookmark paints the centre's layout before the app runs", async ({
  page,
}) => {
  await signInToShell(page, 'page2', ROUTES.userCenter.accountSetting);
  const release = await holdCalls(page, '**/api/workbench/userconfig/v2/info');
  await page.reload({ waitUntil: 'domcontentloaded' });
  const frame = page.locator('.boot-frame');
  // The menu as the app draws it (no joined enterprises in page2 mode), the page's entry current.
  await expect(frame.locator('.boot-frame-uc-menu li:visible')).toHaveText([
    '个人信息',
    '账号设置',
    '第三方账号',
    '我的反馈',
  ]);
  await expect(frame.locator("[data-uc-item='accountSetting']")).toHaveCSS('color', 'rgb(23, 92, 211)');
  await expect(frame.locator('.boot-frame-page-title')).toHaveText('账号设置', { useInnerText: true });
  release();
  await expect(page.getByText('登录密码')).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('joined enterprises marks the current tenant', async ({ page }) => {
  await signInToShell(page, 'owner', ROUTES.userCenter.enterprise);
  const current = page.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.getByText('当前')).toBeVisible();
});

test('my feedback lists the feedback and opens a detail page', async ({ page }) => {
  await signInToShell(page, 'personal', ROUTES.userCenter.myFeedback);
  const request = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/workbench/feedback/v1/list'),
  );
  await page.reload();
  expect((await request).postDataJSON()).toEqual({ index: 1, page_size: 10 });
  await page.getByRole('link', { name: '上传手册时图片无法预览，刷新后仍然显示空白。', exact: true }).click();
  await expect(page).toHaveURL(/\/question-feedback-detail\?id=fb-5002$/);
  await expect(page.getByRole('heading', { name: '问题反馈详情' })).toBeVisible();
  await expect(page.getByText('lin.xiaoque@example.com')).toBeVisible();
});

test("a load that starts on 我的反馈 asks for its list with the shell's calls, once, not after the page's code came", async ({
  page,
}) => {
  await signInToShell(page, 'personal', ROUTES.userCenter.myFeedback);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // The page's code is held back: its list is asked for meanwhile (src/features/user-center/first-data.ts).
  let releasePage!: () => void;
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(/\/assets\/MyFeedbackPage-[\w-]+\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  const lists: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/workbench/feedback/v1/list'))
      lists.push(request.postDataJSON());
  });
  const listAsked = page.waitForRequest((r) => r.url().endsWith('/api/workbench/feedback/v1/list'));
  await page.reload({ waitUntil: 'commit' });
  await listAsked;
  releasePage();
  await expect(
    page.getByRole('link', { name: '上传手册时图片无法预览，刷新后仍然显示空白。', exact: true }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The page took what the shell's call brought: no second request on its mount.
  expect(lists).toEqual([{ index: 1, page_size: 10 }]);
});

test('bind a third-party account through the authorize round trip', async ({ page }) => {
  await signInToShell(page, 'personal', ROUTES.userCenter.thirdAccount);
  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/workbench/provider/v1/user/bind'),
  );
  await page
    .getByTestId('provider-dingtalk')
    .getByRole('button', { name: /绑\s*定/ })
    .click();
  const body = (await request).postDataJSON() as { provider: string; code: string; redirect_uri: string };
  expect(body.provider).toBe('dingtalk');
  expect(body.code).toBeTruthy();
  expect(body.redirect_uri).toMatch(/\/user-info\/third-account$/);
  await expect(page.getByText('已绑定钉钉', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/user-info\/third-account$/); // the single-use code is off the address bar
  // Bound for real: still bound after a reload.
  await page.reload();
  await expect(page.getByTestId('provider-dingtalk').getByRole('button', { name: /解\s*绑/ })).toBeVisible();
});

test("the name is edited in place and the account's dialogs open on their press: each form's code comes when it is first wanted, and the focus goes back to its button", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const fetched = (name: string) => scripts.some((path) => path.includes(`/${name}-`));

  await signInToShell(page, 'personal', ROUTES.userCenter.baseInfo);
  const edit = page.getByRole('button', { name: /修\s*改/ });
  await expect(edit).toBeVisible();
  expect(fetched('UserNameForm'), 'the form is not part of the page').toBe(false);
  await edit.focus();
  await expect.poll(() => fetched('UserNameForm')).toBe(true);
  await page.keyboard.press('Enter');
  const name = page.getByRole('textbox', { name: '用户名' });
  await expect(name).toBeFocused();
  await name.fill('林小雀新名');
  const saved = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/workbench/user/v1/login/'),
  );
  await page.keyboard.press('Enter');
  expect((await saved).postDataJSON()).toMatchObject({ user_name: '林小雀新名' });
  await expect(page.getByText('用户名已更新')).toBeVisible();
  await expect(page.getByTestId('base-info-name')).toHaveText('林小雀新名');
  await expect(edit).toBeFocused();

  await page.getByRole('menuitem', { name: '账号设置' }).click();
  await page.waitForURL(/\/user-info\/account-setting$/);
  const change = page.getByRole('button', { name: '修改密码' });
  await expect(change).toBeVisible();
  expect(fetched('ChangePasswordDialog'), 'the dialog is not part of the page').toBe(false);
  // Pressed before its code is there (held back here): the button spins, then the dialog opens.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/ChangePasswordDialog-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await change.click();
  await expect(change).toHaveAttribute('aria-busy', 'true');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeHidden();
  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('原密码')).toBeVisible();
  // antd's dialog takes the focus once its opening animation has ended; Escape closes it from
  // there (pressed during the animation, it reached the button: this test's flake on a busy CI).
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(change).toBeFocused();
});
