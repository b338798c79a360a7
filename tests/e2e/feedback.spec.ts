/**
 * The feedback dialog in a real browser against the mock stack: both forms are
 * submitted (request body and "反馈成功！"), an image goes through the real
 * upload and is served back, the submitted feedback opens from 我的反馈, and a
 * failed submit scrolls to the first error.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';
import { ROUTES } from '../../src/constants/routes';

// A real 1×1 PNG (magic bytes and all): the dialog checks the content, not just the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

async function openFeedback(page: Page): Promise<Locator> {
  await signInToShell(page, 'personal');
  await page.getByTestId('feedback-icon').click();
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const pane = (dialog: Locator) => dialog.locator('.ant-tabs-tabpane-active');
const item = (form: Locator, label: string) =>
  form.locator('.ant-form-item').filter({ has: form.page().getByText(label, { exact: true }) });

test('activity feedback: submit through the mock stack, "反馈成功！", the dialog closes', async ({
  page,
}) => {
  const dialog = await openFeedback(page);
  const form = pane(dialog);
  await form.getByLabel('体验官姓名').fill('林小雀');
  await form.getByLabel('邮箱').fill('lin.xiaoque@example.com');
  await item(form, '使用体验').getByText('好', { exact: true }).click();
  await item(form, '手册效果').getByText('一般', { exact: true }).click();
  await form.getByLabel('产品优点').fill('手册模板丰富，上手很快。');
  await form.getByLabel('产品不足').fill('批量导入偶尔卡顿。');
  await form.getByLabel('建议').fill('希望增加按分类批量导出。');
  await expect(item(form, '建议').getByText('12 / 2000')).toBeVisible();

  const request = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/workbench/feedback/v1/activity'),
  );
  await form.getByRole('button', { name: /提\s*交/ }).click();
  expect((await request).postDataJSON()).toEqual({
    experiencer_name: '林小雀',
    experiencer_email: 'lin.xiaoque@example.com',
    use_experience: 1,
    manual_effect: 2,
    product_advantage: '手册模板丰富，上手很快。',
    product_shortage: '批量导入偶尔卡顿。',
    suggestion: '希望增加按分类批量导出。',
  });
  await expect(page.getByText('反馈成功！')).toBeVisible();
  await expect(dialog).toBeHidden();

  // reopened: reset
  await page.getByTestId('feedback-icon').click();
  await expect(pane(dialog).getByLabel('体验官姓名')).toHaveValue('');
});

test('question feedback with an uploaded image: submitted, then opened from 我的反馈 with its image', async ({
  page,
}) => {
  const dialog = await openFeedback(page);
  await dialog.getByRole('tab', { name: '问题反馈' }).click();
  const form = pane(dialog);
  await form.getByLabel('反馈人姓名').fill('林小雀');
  await form.getByLabel('邮箱').fill('lin.xiaoque@example.com');
  await form.getByLabel('问题描述').fill('新建手册时插入的截图在预览里一片空白。');

  const upload = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/workbench/sys/v1/upload'),
  );
  const chooser = page.waitForEvent('filechooser');
  await form.getByText('上传图片').click();
  await (await chooser).setFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG });
  // The mock keeps the file and serves it back on the app's own origin.
  const uploaded = ((await (await upload).json()) as { data: { abs: string } }).data.abs;
  expect(new URL(uploaded).origin).toBe(new URL(page.url()).origin);
  expect((await page.request.get(uploaded)).headers()['content-type']).toBe('image/png');
  await expect(form.locator('.ant-upload-list-item-done')).toHaveCount(1);

  const request = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/workbench/feedback/v1/question'),
  );
  await form.getByRole('button', { name: /提\s*交/ }).click();
  expect((await request).postDataJSON()).toEqual({
    experiencer_name: '林小雀',
    experiencer_email: 'lin.xiaoque@example.com',
    description: '新建手册时插入的截图在预览里一片空白。',
    image_urls: [uploaded],
  });
  await expect(page.getByText('反馈成功！')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 我的反馈 lists it first; its detail page shows the description and the image, loaded.
  await page.goto(ROUTES.userCenter.myFeedback);
  const row = page.getByRole('row').filter({ hasText: '新建手册时插入的截图在预览里一片空白' }).first();
  await expect(row).toContainText('问题反馈');
  await row.getByRole('link').first().click();
  await page.waitForURL('**/question-feedback-detail**');
  await expect(page.getByText('新建手册时插入的截图在预览里一片空白。')).toBeVisible();
  const image = page.locator(`img[src="${uploaded}"]`);
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('a file that only looks like a PNG is refused before anything is sent', async ({ page }) => {
  const dialog = await openFeedback(page);
  await dialog.getByRole('tab', { name: '问题反馈' }).click();
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/sys/v1/upload')) uploads += 1;
  });
  const chooser = page.waitForEvent('filechooser');
  await pane(dialog).getByText('上传图片').click();
  await (
    await chooser
  ).setFiles({ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not really a png') });
  await expect(page.getByText('不支持此格式文件上传!')).toBeVisible();
  expect(uploads).toBe(0);
});

test('a failed submit shows the messages and scrolls to the first error', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  const dialog = await openFeedback(page);
  const form = pane(dialog);
  await form.getByLabel('邮箱').fill('not-an-email');
  const submit = form.getByRole('button', { name: /提\s*交/ });
  await submit.scrollIntoViewIfNeeded();
  await expect(form.getByLabel('体验官姓名')).not.toBeInViewport();
  await submit.click();
  await expect(form.getByText('请输入体验官姓名')).toBeInViewport();
  await expect(form.getByText('请输入正确的邮箱！')).toBeVisible();
  await expect(form.getByText('请选择')).toHaveCount(2);
  await expect(form.getByText('请输入您的想法')).toHaveCount(3);
});
