/**
 * The user center in a real browser against the mock stack: the left column and
 * its menu, the avatar change (upload through the file chooser, save, the top bar
 * shows the new avatar), and "my feedback" opening a detail page.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

/** The contract's example images live on a host that does not exist here: serve a real PNG for them. */
async function serveStaticImages(page: Page) {
  await page.route('https://static.zhique.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
}

const topBarAvatar = (page: Page) => page.getByTestId('avatar-trigger').locator('img');

test('change the avatar: upload a PNG, save, "头像更改成功！", the top bar shows it at once and after a reload', async ({
  page,
}) => {
  await serveStaticImages(page);
  await signInToShell(page, 'personal', '/user-info/base-info');
  await expect(topBarAvatar(page)).toHaveAttribute(
    'src',
    'https://static.zhique.example.com/avatar/u-1001.png',
  );

  await page.getByTestId('user-center-avatar').click();
  await page.getByTestId('change-avatar').click();
  const dialog = page.getByRole('dialog', { name: '更换头像' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: /保\s*存/ });
  await expect(save).toBeDisabled();

  const upload = page.waitForResponse((r) => r.url().endsWith('/api/workbench/sys/v1/upload'));
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: '选择图片' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const uploaded = ((await (await upload).json()) as { data: { abs: string } }).data.abs;
  await expect(dialog.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(save).toBeEnabled();

  const request = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/workbench/user/v1/login/'),
  );
  await save.click();
  expect((await request).postDataJSON()).toEqual({ avatar_url: uploaded, user_name: '林小雀' });
  await expect(page.getByText('头像更改成功！')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(topBarAvatar(page)).toHaveAttribute('src', uploaded);
  await expect(page.getByTestId('user-center-avatar').locator('img')).toHaveAttribute('src', uploaded);

  // The server remembered it: after a reload the top bar loads the uploaded image (served by the mock).
  await page.reload();
  await expect(topBarAvatar(page)).toHaveAttribute('src', uploaded);
  await expect.poll(() => topBarAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('the left column: phone, menu, and joined enterprises hidden in page2 mode', async ({ page }) => {
  await signInToShell(page, 'page2', '/user-info');
  await page.waitForURL(/\/user-info\/base-info$/);
  await expect(page.getByTestId('user-center-phone')).toHaveText('13812345678');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['个人信息', '账号设置', '第三方账号', '我的反馈']);
  await menu.getByRole('link', { name: '账号设置' }).click();
  await expect(page).toHaveURL(/\/user-info\/account-setting$/);
  await expect(page.getByText('登录密码')).toBeVisible();
});

test('joined enterprises marks the current tenant', async ({ page }) => {
  await signInToShell(page, 'owner', '/user-info/enterprise');
  const current = page.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.getByText('当前')).toBeVisible();
});

test('my feedback lists the feedback and opens a detail page', async ({ page }) => {
  await signInToShell(page, 'personal', '/user-info/my-feedback');
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

test('bind a third-party account through the authorize round trip', async ({ page }) => {
  await signInToShell(page, 'personal', '/user-info/third-account');
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
