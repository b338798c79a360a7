/**
 * Enterprises and invitations in a real browser against the mock stack: the
 * owner's invite dialog (link, refresh, copy), /entrance (create an enterprise
 * and switch into it), the frozen tenant's renewal page, and the /link landing.
 * The mock stack remembers each session's writes: we assert the requests made and
 * what the UI shows afterwards (the new enterprise, the refreshed link, the renewal).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn, signInToShell } from './fixtures';
import { INVITE_PATH_PREFIX, ROUTES, routeTo } from '../../src/constants/routes';

/** The contract's example invite code (packages/contracts/openapi/workbench.yaml createInviteLink), known to every mock session. */
const INVITE_CODE =
  'eyJ0ZW5hbnRfbGluayI6InQtZW50LTIwMDEiLCJ0ZW5hbnRfbmFtZSI6IuWNjuS4nOaZuuiDveWItumAoOS-m-W6lOmTvuWNj-WQjOWIm-aWsOS4reW_g-aciemZkOWFrOWPuCIsImludml0ZV9jb2RlIjoiSzdQMlFYIn0';

const isCall = (method: string, path: string) => (r: Request) =>
  r.method() === method && new URL(r.url()).pathname === `/api/workbench${path}`;

function recordCalls(page: Page, method: string, path: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (r) => {
    if (isCall(method, path)(r)) calls.push(r);
  });
  return calls;
}

test('owner: opens the invite dialog from the avatar menu, refreshes and copies the link', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const linkCalls = recordCalls(page, 'POST', '/member/v1/invite/link');
  await signInToShell(page, 'owner');
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menu').getByText('邀请成员').click();

  const dialog = page.getByRole('dialog', { name: '邀请成员' });
  await expect(dialog.getByRole('tab', { name: '邀请链接' })).toHaveAttribute('aria-selected', 'true');
  const link = dialog.getByRole('textbox', { name: '邀请链接' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/link/[A-Za-z0-9_-]+$`));
  const first = await link.inputValue();
  expect(linkCalls.map((r) => r.postDataJSON())).toEqual([{ is_insert: true }]);

  // Refresh: the icon spins for a second, then a new link is asked for without inserting.
  const refresh = dialog.getByRole('button', { name: '刷新链接' });
  const started = Date.now();
  const refreshed = page.waitForRequest(isCall('POST', '/member/v1/invite/link'));
  await refresh.click();
  await expect(refresh.locator('.anticon-spin')).toHaveCount(1);
  expect((await refreshed).postDataJSON()).toEqual({ is_insert: false });
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  await expect(refresh.locator('.anticon-spin')).toHaveCount(0);
  // A new link replaces the old one, which the server now reports as expired.
  await expect(link).not.toHaveValue(first);
  const current = await link.inputValue();
  const oldInfo = await page.request.get(
    `/api/workbench/member/v1/invite/user/link?code=${first.split(INVITE_PATH_PREFIX)[1]}`,
    { headers: { Authorization: 'Basic e2e', 'X-Tenant-Id': 't-ent-2001' } },
  );
  expect(((await oldInfo.json()) as { data: { expired: boolean } }).data.expired).toBe(true);

  await dialog.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(current);
  expect(await page.evaluate(() => localStorage.getItem('workbench.inviteUrl'))).toBe(
    JSON.stringify(current),
  );

  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toBeHidden();
});

test('personal: /entrance creates an enterprise and switches into it', async ({ page }) => {
  await signInToShell(page, 'personal');
  await page.goto(ROUTES.entrance);
  const personal = page.getByTestId('tenant-t-personal-1001');
  await expect(personal).toHaveAttribute('aria-current', 'true');
  await expect(personal.getByText('当前')).toBeVisible();

  await page.getByRole('button', { name: '创建企业' }).click();
  const form = page.getByRole('dialog', { name: '创建企业' });
  await form.getByRole('button', { name: '创建并进入' }).click();
  await expect(form.getByText('请输入企业名称')).toBeVisible();
  await form.getByRole('textbox', { name: '企业名称' }).fill('云杉供应链有限公司');
  await form.getByRole('textbox', { name: '所属行业' }).fill('供应链管理');
  await form.getByRole('textbox', { name: '联系电话' }).fill('12345');
  await form.getByRole('button', { name: '创建并进入' }).click();
  await expect(form.getByText('请输入正确的手机号码！')).toBeVisible();
  await form.getByRole('textbox', { name: '联系电话' }).fill('13812345678');

  const create = page.waitForRequest(isCall('POST', '/tenant/v1/'));
  const record = page.waitForRequest(isCall('POST', '/userconfig/v2/lastlogin/tenant'));
  await form.getByRole('button', { name: '创建并进入' }).click();
  expect((await create).postDataJSON()).toEqual({
    tenant_name: '云杉供应链有限公司',
    industry: '供应链管理',
    contact_phone: '13812345678',
  });
  // The created tenant is recorded as the last-login tenant...
  const created = (await record).postDataJSON() as { tenant_link: string; tenant_name: string };
  expect(created).toEqual({
    tenant_link: expect.stringMatching(/^t-ent-/),
    tenant_name: '云杉供应链有限公司',
  });
  // ...and the workbench opens in it with a full page load: the owner of the new enterprise.
  await page.waitForURL(/\/micro-app-manual\/$/);
  await page.getByRole('button', { name: '账号菜单' }).click();
  await expect(page.getByRole('menu').getByText('云杉供应链有限公司')).toBeVisible();
  await expect(page.getByRole('menu').getByText('进入管理后台')).toBeVisible();
  await page.keyboard.press('Escape');

  // /entrance lists it as the current space.
  await page.goto(ROUTES.entrance);
  await expect(page.getByTestId(`tenant-${created.tenant_link}`)).toHaveAttribute('aria-current', 'true');
});

test("personal: the avatar menu's 创建企业 opens /entrance?create=1 in a new tab with the form open", async ({
  page,
  context,
}) => {
  await signInToShell(page, 'personal');
  await page.getByRole('button', { name: '账号菜单' }).click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menu').getByText('创建企业').click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(ROUTES.entrance);
  await expect(tab.getByRole('dialog', { name: '创建企业' })).toBeVisible();
});

test('owner: /entrance switches to another enterprise', async ({ page }) => {
  await signInToShell(page, 'owner');
  await page.goto(ROUTES.entrance);
  await expect(page.getByTestId('tenant-t-ent-2001')).toHaveAttribute('aria-current', 'true');
  const record = page.waitForRequest(isCall('POST', '/userconfig/v2/lastlogin/tenant'));
  await page.getByRole('button', { name: '进入 织雀科技' }).click();
  expect((await record).postDataJSON()).toEqual({ tenant_link: 't-ent-2002', tenant_name: '织雀科技' });
  await page.waitForURL((url) => url.pathname !== ROUTES.entrance);
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
});

test('frozen: lands on /renewal with the reason and the remaining days, and can ask for renewal', async ({
  page,
  context,
}) => {
  await signInToShell(page, 'frozen');
  await expect(page).toHaveURL(/\/renewal$/);
  await expect(page.getByRole('heading', { name: '企业续费' })).toBeVisible();
  const detail = page.getByTestId('tenant-detail');
  await expect(detail.getByText('星河电子元件有限公司')).toBeVisible();
  await expect(detail.getByText('企业服务已到期')).toBeVisible();
  await expect(detail.getByText('剩余0天')).toBeVisible();
  await expect(page.getByTestId('frozen-notice')).toContainText('冻结原因：企业服务已到期');
  // Normal features stay hidden (the shell gives a frozen tenant only the renewal route set): no feedback icon.
  await expect(page.getByTestId('feedback-icon')).toHaveCount(0);

  await page.getByRole('textbox', { name: '联系人' }).fill('林小雀');
  await page.getByRole('textbox', { name: '联系电话' }).fill('13812345678');
  const upgrade = page.waitForRequest(isCall('POST', '/tenant/v1/upgrade'));
  await page.getByRole('button', { name: '提交续费申请' }).click();
  expect((await upgrade).postDataJSON()).toMatchObject({
    tenant_link: 't-ent-3001',
    contact_name: '林小雀',
    contact_phone: '13812345678',
  });
  await expect(page.getByText('续费申请已提交，我们会尽快与您联系')).toBeVisible();

  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: '切换空间' }).click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(ROUTES.entrance);
  // The mock's provider processes a renewal at once: /entrance shows the enterprise active again.
  const renewedRow = tab.getByTestId('tenant-t-ent-3001');
  await expect(renewedRow).toContainText('星河电子元件有限公司');
  await expect(renewedRow.getByText('剩余365天')).toBeVisible();
  await expect(renewedRow.getByText('冻结')).toHaveCount(0);
});

test('frozen: /entrance shows the frozen enterprise with its renewal entry', async ({ page }) => {
  await signInToShell(page, 'frozen');
  await page.goto(ROUTES.entrance);
  const frozenRow = page.getByTestId('tenant-t-ent-3001');
  await expect(frozenRow.getByText('冻结')).toBeVisible();
  await expect(frozenRow.getByRole('button', { name: '去续费 星河电子元件有限公司' })).toBeVisible();
});

test('invite link: signing in first returns to the link, which shows the enterprise and joins it', async ({
  page,
}) => {
  await signIn(page, 'personal', `/link/${INVITE_CODE}`);
  await expect(page).toHaveURL(new RegExp(`/link/${INVITE_CODE}$`));
  await expect(
    page.getByText('欧阳明远测试账号名称 邀请您加入「华东智能制造供应链协同创新中心有限公司」'),
  ).toBeVisible();
  const accept = page.waitForRequest(isCall('POST', '/member/v1/invite/user/invite'));
  const record = page.waitForRequest(isCall('POST', '/userconfig/v2/lastlogin/tenant'));
  await page.getByRole('button', { name: '加入企业' }).click();
  expect(new URL((await accept).url()).searchParams.get('code')).toBe(INVITE_CODE);
  expect((await record).postDataJSON()).toEqual({
    tenant_link: 't-ent-2001',
    tenant_name: '华东智能制造供应链协同创新中心有限公司',
  });
  await page.waitForURL((url) => !url.pathname.startsWith(INVITE_PATH_PREFIX));
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
});

test('invite link: a malformed link says so and offers the way home', async ({ page }) => {
  await signIn(page, 'personal', routeTo.invite('not-a-valid-code'));
  await expect(page.getByText('邀请链接无效或已损坏')).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
});
