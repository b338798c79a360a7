/**
 * Notices in a real browser against the mock stack: the bell's unread icon, the
 * drawer and its filters, marking read, and the realtime socket — a pushed notice
 * reloads the list and the manual sample app receives the scene number, every time.
 */
import { expect, test, type Page, type Request as NetworkRequest } from '@playwright/test';
import { signInToShell } from './fixtures';

const UID = 'u-1001';

const isListRequest = (request: NetworkRequest) =>
  request.method() === 'POST' &&
  /\/api\/message\/v1\/tenant\/[^/]+\/user\/[^/]+\/msg\/list$/.test(request.url());

/** Counts the notice list requests the page makes (`started`), and those answered or failed (`done`). */
function countListRequests(page: Page): { started: () => number; done: () => number } {
  let started = 0;
  let done = 0;
  page.on('request', (request) => {
    if (isListRequest(request)) started += 1;
  });
  const onDone = (request: NetworkRequest) => {
    if (isListRequest(request)) done += 1;
  };
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return { started: () => started, done: () => done };
}

/** What the page's realtime client has seen (see `recordRealtime`). */
interface RealtimeRecord {
  /** New-message events received. */
  events: number;
  /** For each notice list request, in order: the events received before it was made. */
  listRequests: number[];
}

/**
 * Counts, inside the page and before the app's scripts run, the new-message events its socket
 * receives and, for each notice list request it makes, how many of them had arrived by then.
 */
async function recordRealtime(page: Page): Promise<() => Promise<RealtimeRecord>> {
  await page.addInitScript(() => {
    const record: RealtimeRecord = { events: 0, listRequests: [] };
    (window as unknown as { __realtime: RealtimeRecord }).__realtime = record;
    const NativeWebSocket = window.WebSocket;
    window.WebSocket = class extends NativeWebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        // Added before the app's own listener: an event is counted before the app handles it.
        this.addEventListener('message', (event: MessageEvent) => {
          try {
            if ((JSON.parse(String(event.data)) as { content?: unknown }).content === 'new_message')
              record.events += 1;
          } catch {
            // not JSON: not an event the app reacts to
          }
        });
      }
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/msg\/list$/.test(url)) record.listRequests.push(record.events);
      return nativeFetch(input, init);
    };
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __realtime: RealtimeRecord }).__realtime }));
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

test('the bell shows the unread count; reading notices changes it, and it stays changed after a reload', async ({
  page,
}) => {
  await signInToShell(page, 'personal');
  const bell = page.getByRole('button', { name: '消息通知，3条未读' });
  await expect(bell).toBeVisible();
  await bell.click();

  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer).toBeVisible();
  const items = drawer.getByTestId('notice-item');
  await expect(items).toHaveCount(3); // unread only, the default
  const readState = (name: '全部消息' | '未读') =>
    drawer.getByRole('radio', { name }).locator('xpath=..').click();
  await readState('全部消息');
  await expect(items).toHaveCount(5);
  await readState('未读');
  await expect(items).toHaveCount(3);
  const first = items.first();
  await expect(first).toContainText('手册审核通过');
  await expect(first).toContainText('织雀手册');
  await expect(first).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  // The javascript: url of the channel notice is not a link; the https one is.
  await expect(items.filter({ hasText: '渠道合作申请' }).getByRole('link')).toHaveCount(0);
  await expect(
    items.filter({ hasText: '新品评审结果已发布' }).getByRole('link', { name: '查看详情' }),
  ).toHaveAttribute('rel', 'noopener noreferrer');

  // Clicking an unread notice marks it read: it leaves the unread list and the bell counts 2.
  const markRead = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/message/v1/msg/n-5006/read'),
  );
  await first.getByRole('button').click();
  await markRead;
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: '手册审核通过' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '消息通知，2条未读' })).toBeVisible();

  // Mark all read for the chosen app (the product app's one unread notice).
  await drawer.getByRole('tab', { name: '产品创新引擎' }).click();
  const markAll = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/message/v1/msg/all/read'),
  );
  await drawer.getByRole('button', { name: '全部已读' }).click();
  expect((await markAll).postDataJSON()).toEqual({
    app_name: 'engine',
    userGid: UID,
    tenantGid: 't-personal-1001',
  });
  await expect(drawer.getByText('暂无未读消息')).toBeVisible();
  await expect(page.getByRole('button', { name: '消息通知，1条未读' })).toBeVisible();

  // The server remembered: after a reload the bell still counts 1 and only the channel notice is unread.
  await page.reload();
  await page.getByRole('button', { name: '消息通知，1条未读' }).click();
  await expect(page.getByRole('dialog', { name: '消息通知' }).getByTestId('notice-item')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: '消息通知' }).getByTestId('notice-item')).toContainText(
    '渠道合作申请',
  );
});

test('a pushed notice reloads the list and the manual app gets the scene number each time', async ({
  page,
}) => {
  const { started: listRequests } = countListRequests(page);
  await signInToShell(page, 'personal');
  await expect(page).toHaveURL(/\/micro-app-manual\/$/);
  const manual = page.frameLocator('iframe[data-sub-app="manual"]');
  await expect(manual.getByTestId('mode')).toHaveText('已嵌入主应用');
  await page.getByRole('button', { name: /^消息通知/ }).click();
  await expect(
    page.getByRole('dialog', { name: '消息通知' }).getByTestId('notice-item').first(),
  ).toBeVisible();
  await waitForRegistration(page);

  // The push stores the notice first, so the reloaded list's newest notice is the pushed one:
  // the manual app gets its scene number, and the drawer shows it on top.
  const before = listRequests();
  await push(page, { app_id: 'A0001', scene_no: 'S-PUSHED', title: '手册《伺服电机选型指南》已发布' });
  await expect.poll(listRequests).toBeGreaterThan(before);
  await expect(manual.getByTestId('received')).toContainText('"scene_no": "S-PUSHED"');
  await expect(manual.getByTestId('received')).toContainText('"type": "refresh"');
  await expect(manual.getByTestId('refresh-count')).toHaveText('1');
  const drawer = page.getByRole('dialog', { name: '消息通知' });
  await expect(drawer.getByTestId('notice-item').first()).toContainText('手册《伺服电机选型指南》已发布');
  await expect(page.getByRole('button', { name: '消息通知，4条未读' })).toBeVisible();

  // The same scene again still reaches the app (forced data). Inside the coalescing window
  // or not, the event gets a reload of its own (then on the window's trailing edge).
  const afterFirst = listRequests();
  await push(page, { app_id: 'A0001', scene_no: 'S-PUSHED' });
  await expect.poll(listRequests).toBeGreaterThan(afterFirst);
  await expect(manual.getByTestId('refresh-count')).toHaveText('2');
});

test('a burst of 1,000 pushed events causes at most 3 list reloads', async ({ page }) => {
  const listRequests = countListRequests(page);
  const realtime = await recordRealtime(page);
  await signInToShell(page, 'personal');
  await waitForRegistration(page);
  // The first load's lists are in: the bell counts, and no list request is open.
  await expect(page.getByTestId('notice-bell')).toHaveAttribute('data-unread', /^[1-9]/);
  await expect.poll(() => listRequests.started() - listRequests.done()).toBe(0);
  const before = listRequests.started();
  const { events: eventsBefore, listRequests: listRequestsBefore } = await realtime();

  await push(page, { app_id: 'W0001', scene_no: null, count: 1000 });
  // The trailing reload is the one made once all 1,000 events had arrived (no later one can
  // follow it); all reloads are done when each list request the page made has been answered.
  await expect
    .poll(async () => {
      const now = await realtime();
      const made = now.listRequests.slice(listRequestsBefore.length);
      return {
        trailingReloadMade: made.includes(eventsBefore + 1000),
        seenHereToo: listRequests.started() - before === made.length,
        allAnswered: listRequests.done() === listRequests.started(),
      };
    })
    .toEqual({ trailingReloadMade: true, seenHereToo: true, allAnswered: true });
  expect(listRequests.started() - before).toBeGreaterThanOrEqual(1);
  expect(listRequests.started() - before).toBeLessThanOrEqual(3);
});
