/**
 * Notices in a real browser against the mock stack: the bell's unread icon, the
 * drawer and its filters, marking read, and the realtime socket — a pushed notice
 * reloads the list and the manual sample app receives the scene number, every time.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInToShell } from './fixtures';

const UID = 'u-1001';

/** Counts the notice list requests the page makes. */
function countListRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      /\/api\/message\/v1\/tenant\/[^/]+\/user\/[^/]+\/msg\/list$/.test(request.url())
    )
      count += 1;
  });
  return () => count;
}

async function waitForRegistration(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const res = await page.request.get('/__mock/realtime/clients');
      const body = (await res.json()) as { uids: string[] };
      return body.uids;
    })
    .toContain(UID);
}

async function push(page: Page, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post('/__mock/realtime/push', { data: { uid: UID, ...data } });
  expect(res.ok()).toBe(true);
}

test('the bell shows the unread count and opens the drawer with the notices', async ({ page }) => {
  await signInToShell(page, 'personal');
  const bell = page.getByRole('button', { name: '消息通知，3条未读' });
  await expect(bell).toBeVisible();
  await bell.click();

  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('notice-item')).toHaveCount(5); // the mock serves one static example
  const first = drawer.getByTestId('notice-item').first();
  await expect(first).toContainText('手册审核通过');
  await expect(first).toContainText('织雀手册');
  await expect(first).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  // The javascript: url of the channel notice is not a link; the https one is.
  await expect(
    drawer.getByTestId('notice-item').filter({ hasText: '渠道合作申请' }).getByRole('link'),
  ).toHaveCount(0);
  await expect(
    drawer
      .getByTestId('notice-item')
      .filter({ hasText: '新品评审结果已发布' })
      .getByRole('link', { name: '查看详情' }),
  ).toHaveAttribute('rel', 'noopener noreferrer');

  // Clicking an unread notice marks it read.
  const markRead = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/message/v1/msg/n-5006/read'),
  );
  await first.getByRole('button').click();
  await markRead;

  // Mark all read for the chosen app.
  await drawer.getByRole('tab', { name: '织雀手册' }).click();
  const markAll = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/message/v1/msg/all/read'),
  );
  await drawer.getByRole('button', { name: '全部已读' }).click();
  expect((await markAll).postDataJSON()).toEqual({
    app_name: 'manual',
    userGid: UID,
    tenantGid: 't-personal-1001',
  });
});

test('a pushed notice reloads the list and the manual app gets the scene number each time', async ({
  page,
}) => {
  const listRequests = countListRequests(page);
  await signInToShell(page, 'personal');
  await expect(page).toHaveURL(/\/micro-app-manual\/$/);
  const manual = page.frameLocator('iframe[data-sub-app="manual"]');
  await expect(manual.getByTestId('mode')).toHaveText('已嵌入主应用');
  await page.getByRole('button', { name: /^消息通知/ }).click();
  await expect(
    page.getByRole('dialog', { name: '消息通知' }).getByTestId('notice-item').first(),
  ).toBeVisible();
  await waitForRegistration(page);

  // The scene number comes from the newest notice of the reloaded list (the contract example's
  // S-1024, appId A0001), not from the event: the push carries another one on purpose.
  const before = listRequests();
  await push(page, { app_id: 'A0001', scene_no: 'S-FROM-EVENT' });
  await expect.poll(listRequests).toBeGreaterThan(before);
  await expect(manual.getByTestId('received')).toContainText('"scene_no": "S-1024"');
  await expect(manual.getByTestId('received')).not.toContainText('S-FROM-EVENT');
  await expect(manual.getByTestId('received')).toContainText('"type": "refresh"');
  await expect(manual.getByTestId('refresh-count')).toHaveText('1');

  // The same scene again still reaches the app (forced data).
  const afterFirst = listRequests();
  await page.waitForTimeout(600);
  await push(page, { app_id: 'A0001', scene_no: 'S-FROM-EVENT' });
  await expect.poll(listRequests).toBeGreaterThan(afterFirst);
  await expect(manual.getByTestId('refresh-count')).toHaveText('2');
});

test('a burst of 1,000 pushed events causes at most 3 list reloads', async ({ page }) => {
  const listRequests = countListRequests(page);
  await signInToShell(page, 'personal');
  await waitForRegistration(page);
  await page.waitForTimeout(1000); // let the initial loads settle
  const before = listRequests();
  await push(page, { app_id: 'W0001', scene_no: null, count: 1000 });
  await expect.poll(listRequests).toBeGreaterThan(before);
  await page.waitForTimeout(2000); // the trailing reload
  expect(listRequests() - before).toBeLessThanOrEqual(3);
});
