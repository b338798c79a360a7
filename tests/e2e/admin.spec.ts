/**
 * The management back-end against the mock stack: the owner enters it from the
 * avatar dropdown, creates a role, gives it powers and assigns it to a member;
 * a plain member has no entry and is refused the back-end path.
 * The mock stack remembers each write of the session, so every step is checked
 * where a user sees it: the role in the list, its powers after a reload, the
 * member's roles in the member list.
 */
import { expect, test, type Page } from '@playwright/test';
import { holdCalls, signInToShell } from './fixtures';

interface CreatedRole {
  id: string;
  name: string;
  description: string;
  is_system: boolean;
  member_count: number;
  created_at: number;
}

async function openAvatarMenu(page: Page) {
  await page.getByRole('button', { name: '账号菜单' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('账号设置')).toBeVisible();
  return menu;
}

async function sideMenu(page: Page, ...names: string[]) {
  for (const name of names) await page.getByRole('menuitem', { name }).first().click();
}

test.describe('management back-end', () => {
  test('owner: create a role, give it powers, assign it to a member', async ({ page }) => {
    await signInToShell(page, 'owner');
    await (await openAvatarMenu(page)).getByText('进入管理后台').click();

    // The back-end root opens the first page of the server menu.
    await page.waitForURL('**/manage/enterprise');
    await expect(page.getByRole('heading', { name: '企业管理' })).toBeVisible();
    await expect(page.getByText('面向长三角制造企业的供应链协同平台运营方。')).toBeVisible();
    await expect(page.getByRole('button', { name: /解散企业/ })).toBeVisible();

    // Roles: create 质检员.
    // 角色权限 holds one visible page: the side menu shows that page itself, not a group of one.
    await expect(page.getByRole('menuitem', { name: '角色权限' })).toHaveCount(0);
    await sideMenu(page, '角色管理');
    await page.waitForURL('**/manage/roles');
    await expect(page.getByRole('cell', { name: '企业管理员 系统' })).toBeVisible();
    await page.getByRole('button', { name: /新建角色/ }).click();
    const editor = page.getByRole('dialog', { name: '新建角色' });
    await editor.getByLabel('角色名称').fill('质检员');
    await editor.getByLabel('角色描述').fill('负责质检类手册的审核与发布');
    const [createRequest, createResponse] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/rbac/role/v1/')),
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/rbac/role/v1/')),
      editor.getByRole('button', { name: /确\s?定/ }).click(),
    ]);
    expect(createRequest.postDataJSON()).toEqual({
      name: '质检员',
      description: '负责质检类手册的审核与发布',
    });
    const created = ((await createResponse.json()) as { data: CreatedRole }).data;
    await expect(editor).toBeHidden();
    await expect(page.getByRole('row', { name: /质检员/ })).toContainText('负责质检类手册的审核与发布');

    // One short message says it was created (no notification over the top bar).
    await expect(page.locator('.ant-message-notice', { hasText: '角色已创建' })).toBeVisible();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    // Its powers: from its row. The side menu still shows where the user is (角色管理).
    await page
      .getByRole('row', { name: /质检员/ })
      .getByRole('link', { name: /权限配置/ })
      .click();
    await page.waitForURL(`**/manage/permissions?roleId=${created.id}`);
    await expect(page.locator('.ant-menu-item-selected')).toHaveText('角色管理');
    await expect(page.getByRole('heading', { name: '权限配置：质检员' })).toBeVisible();
    await page.getByRole('tab', { name: /织雀手册/ }).click();
    await page.getByRole('checkbox', { name: 'Select 删除手册' }).click();
    await expect(page.getByText('有未保存的修改')).toBeVisible();
    const [saveRequest] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/rbac/power/v1/')),
      page.getByRole('button', { name: /保存权限/ }).click(),
    ]);
    const saved = saveRequest.postDataJSON() as { role_id: string; power_ids: string[] };
    expect(saved.role_id).toBe(created.id);
    expect(saved.power_ids).toEqual(expect.arrayContaining(['p-200', 'p-202']));
    await expect(page.getByText('权限已保存')).toBeVisible();
    await expect(page.getByText('有未保存的修改')).toBeHidden();
    // Saved for real: a reload shows the ticked power again.
    await page.reload();
    await page.getByRole('tab', { name: /织雀手册/ }).click();
    await expect(page.getByRole('checkbox', { name: 'Select 删除手册' })).toBeChecked();

    // Members: assign the new role to 王芳.
    await sideMenu(page, '成员管理');
    await page.waitForURL('**/manage/members');
    const row = page.getByRole('row', { name: /王芳/ });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /分配角色/ }).click();
    const assign = page.getByRole('dialog', { name: '为 1 名成员分配角色' });
    await assign.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: '质检员' }).click();
    await assign.getByText('为 1 名成员分配角色').click(); // closes the open choice list
    const [assignRequest] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/rbac/power/v1/role/user')),
      assign.getByRole('button', { name: /确\s?定/ }).click(),
    ]);
    expect(assignRequest.postDataJSON()).toEqual({ user_gids: ['u-1003'], role_ids: [created.id] });
    await expect(page.getByText('角色已分配')).toBeVisible();
    await expect(assign).toBeHidden();
    await expect(page.getByRole('row', { name: /王芳/ })).toContainText('质检员');
    await page.reload();
    await expect(page.getByRole('row', { name: /王芳/ })).toContainText('质检员');
  });

  test('owner: a back-end page opened from a bookmark asks for its data once, beside the menus', async ({
    page,
  }) => {
    // Signed in, the shell recorded where the back-end is; the bookmark is opened afterwards.
    await signInToShell(page, 'owner');
    // The shell renders once the menus answered: hold them, and the page's call, which needs only
    // the user config, has left all the same (a page that fetched on mount would still wait).
    const release = await holdCalls(page, '**/menu/v1/login/user/menus');
    let details = 0;
    page.on('request', (request) => {
      if (request.url().includes('/tenant/v1/detail')) details += 1;
    });
    await page.goto('/manage/members', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => details).toBe(1);
    release();
    await expect(page.getByRole('row', { name: /王芳/ })).toBeVisible();
    // Taken as it came: no second request when the page mounts.
    expect(details).toBe(1);
  });

  test('owner: a back-end page opened from a bookmark paints its side menu and title before the app runs', async ({
    page,
  }) => {
    await signInToShell(page, 'owner');
    // The shell recorded the back-end's menu; hold the first bootstrap call so the frame stays.
    const release = await holdCalls(page, '**/api/workbench/userconfig/v2/info');
    await page.goto('/manage/roles', { waitUntil: 'domcontentloaded' });
    const frame = page.locator('.boot-frame');
    await expect(frame.locator('.boot-frame-menu-item')).toHaveText(['企业管理', '成员管理', '角色管理']);
    await expect(frame.locator('.boot-frame-menu-selected')).toHaveText('角色管理');
    await expect(frame.locator('.boot-frame-page-title')).toHaveText('角色管理', { useInnerText: true });
    await expect(page.getByRole('status')).toHaveText('正在加载工作台…');
    release();
    await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: '角色管理' })).toBeVisible();
  });

  test("owner: a tap on the boot frame's side menu, before the app runs, is answered once it has rendered", async ({
    page,
  }) => {
    await signInToShell(page, 'owner');
    const release = await holdCalls(page, '**/api/workbench/userconfig/v2/info');
    await page.goto('/manage/members', { waitUntil: 'domcontentloaded' });
    const frame = page.locator('.boot-frame');
    const roles = frame.locator('.boot-frame-menu-item', { hasText: '角色管理' });
    await roles.click();
    // Taken at once: the tapped row shows as chosen, the current one no longer.
    await expect(roles).toHaveAttribute('data-boot-tapped', '');
    await expect(roles).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.04)');
    // The row of the page being opened looks like any other row again.
    const members = frame.locator('.boot-frame-menu-item', { hasText: '成员管理' });
    const other = frame.locator('.boot-frame-menu-item', { hasText: '企业管理' });
    for (const property of ['background-color', 'color'])
      expect(await members.evaluate((row, p) => getComputedStyle(row).getPropertyValue(p), property)).toBe(
        await other.evaluate((row, p) => getComputedStyle(row).getPropertyValue(p), property),
      );
    release();
    await expect(page.getByRole('heading', { name: '角色管理' })).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/roles$/);
    await expect(page.locator('html')).not.toHaveAttribute('data-boot-tap', /.*/);
    // A navigation of the user's: Back returns to the page they opened.
    await page.goBack();
    await expect(page.getByRole('heading', { name: '成员管理' })).toBeVisible();
  });

  test("owner: a page's dialog is fetched when first wanted, and opens on the first press", async ({
    page,
  }) => {
    // The build names a lazily loaded module's chunk after it (EditEnterpriseForm-<hash>.js).
    const form = /\/EditEnterpriseForm-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(request.url());
    });
    await signInToShell(page, 'owner', '/manage/enterprise');
    await expect(page.getByText('面向长三角制造企业的供应链协同平台运营方。')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The form (ProComponents' fields) is not part of the page: resting on its button fetches it.
    expect(fetched.filter((url) => form.test(url))).toEqual([]);
    const edit = page.getByRole('button', { name: '编辑企业' });
    await edit.hover();
    await expect.poll(() => fetched.filter((url) => form.test(url))).toHaveLength(1);
    await edit.click();
    const dialog = page.getByRole('dialog', { name: '编辑企业' });
    await expect(dialog.getByLabel('企业名称')).toHaveValue('华东智能制造供应链协同创新中心有限公司');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await expect(dialog).toBeHidden();
    // The focus goes back to the button that opened it.
    await expect(edit).toBeFocused();
  });

  test("owner: the side menu keeps its look after the user centre was shown (its menu's styles stay its own)", async ({
    page,
  }) => {
    await signInToShell(page, 'owner');
    await (await openAvatarMenu(page)).getByText('进入管理后台').click();
    await page.waitForURL('**/manage/enterprise');
    const current = page.locator('.ant-pro-sider-menu .ant-menu-item-selected');
    const look = () =>
      current.evaluate((row) => {
        const style = getComputedStyle(row);
        return [style.color, style.backgroundColor, style.borderRadius].join(' ');
      });
    await expect(current).toHaveText('企业管理');
    const before = await look();
    // Inside the app: the user centre's menu renders (its styles made in the page), then back.
    await (await openAvatarMenu(page)).getByText('账号设置').click();
    await page.waitForURL('**/user-info/**');
    await expect(page.locator('.user-center-side .ant-menu-item-selected')).toBeVisible();
    await page.goBack();
    await expect(current).toHaveText('企业管理');
    expect(await look()).toBe(before);
  });

  test('member: no back-end entry, and the back-end path is refused', async ({ page }) => {
    await signInToShell(page, 'member');
    const menu = await openAvatarMenu(page);
    await expect(menu.getByText('进入管理后台')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/manage/roles');
    await page.waitForURL('**/404');
    await expect(page.getByText('抱歉，您访问的页面不存在或您没有权限访问。')).toBeVisible();
  });
});
