/**
 * Accessibility: axe-core (WCAG 2.1 A/AA rules) on every main route and with every
 * dialog, drawer and menu of the shell open — zero serious or critical violations —
 * and every icon-only button of the top bar has an accessible name.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInToShell, type Scenario } from './fixtures';
import { escapeFrom, openAvatarMenu, settle } from './hardening';
import { ROUTES, routeTo, USER_CENTER_PAGES } from '../../src/constants/routes';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page as it is; fails with a readable list of serious/critical violations. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await settle(page);
  // The page as a user reads it: no button or region still fading out of its loading state
  // (antd dims a loading button's label while it animates; axe measured that half-faded text).
  await expect(page.locator('.ant-btn-loading, .ant-spin-spinning')).toHaveCount(0, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
  if (process.env.A11Y_DEBUG) {
    const { appendFileSync } = await import('node:fs');
    for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
      for (const n of v.nodes)
        appendFileSync(
          process.env.A11Y_DEBUG,
          `${what}\t${v.id}\t${n.target.join(' ')}\t${n.html.slice(0, 160)}\t${n.failureSummary?.replace(/\n/g, ' ').slice(0, 300)}\n`,
        );
  }
  const minor = violations
    .filter((v) => !serious.some((s) => s.includes(` ${v.id}:`)))
    .map((v) => `${v.impact} ${v.id}`);
  console.log(
    `[a11y] ${what}: ${serious.length} serious/critical${minor.length ? `; minor: ${minor.join(', ')}` : ''}`,
  );
  expect(serious, `axe on ${what}`).toEqual([]);
}

const PAGES_BY_SCENARIO: { scenario: Scenario; paths: string[] }[] = [
  {
    scenario: 'personal',
    paths: [
      routeTo.subAppHome('manual'),
      routeTo.subAppHome('product'),
      ...USER_CENTER_PAGES,
      routeTo.feedbackDetail('question', 'fb-5002'),
      routeTo.feedbackDetail('activity', 'fb-5001'),
      ROUTES.entrance,
      ROUTES.notFound,
    ],
  },
  {
    scenario: 'owner',
    paths: ['/manage/enterprise', '/manage/members', '/manage/roles', '/manage/permissions'],
  },
  { scenario: 'page2', paths: [routeTo.subAppHome('product'), routeTo.subAppHome('engine')] },
  { scenario: 'frozen', paths: [ROUTES.renewal] },
];

for (const { scenario, paths } of PAGES_BY_SCENARIO) {
  test(`routes of the ${scenario} user have no serious violation`, async ({ page }) => {
    test.setTimeout(30_000 + paths.length * 20_000);
    await signInToShell(page, scenario, paths[0]);
    for (const path of paths) {
      if (path !== paths[0]) await page.goto(path);
      // The shell's top bar, or a page of its own (entrance, 404) with its heading or text.
      await expect(
        page
          .getByRole('button', { name: '账号菜单' })
          .or(page.getByRole('heading').first())
          .or(page.getByText('抱歉，您访问的页面不存在'))
          .first(),
      ).toBeVisible();
      await expectAccessible(page, `${scenario} ${path}`);
    }
  });
}

test('the dialogs, drawer and menus have no serious violation', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToShell(page, 'owner');

  await page.getByTestId('notice-bell').click();
  const notices = page.getByRole('dialog', { name: '消息通知' });
  await expect(notices.getByTestId('notice-item').first()).toBeVisible();
  await expectAccessible(page, 'notice drawer');
  await escapeFrom(page, notices);

  await page.getByRole('button', { name: '意见反馈' }).first().click();
  const feedback = page.getByRole('dialog');
  await expect(feedback).toBeVisible();
  await expectAccessible(page, 'feedback dialog');
  await escapeFrom(page, feedback);

  await openAvatarMenu(page);
  await expectAccessible(page, 'avatar menu');
  await page.getByRole('menu').getByText('邀请成员').click();
  const invite = page.getByRole('dialog', { name: '邀请成员' });
  await expect(invite.getByTestId('invite-link')).toHaveValue(/\/link\//);
  await expect(invite.getByRole('button', { name: '刷新链接' })).toBeVisible(); // icon-only refresh
  await expectAccessible(page, 'invite dialog (link)');
  await invite.getByRole('tab', { name: '手机号邀请' }).click();
  await expectAccessible(page, 'invite dialog (phone)');
  await escapeFrom(page, invite);

  await (await openAvatarMenu(page)).getByText('退出登录').click();
  const logout = page.getByRole('dialog');
  await expect(logout.getByText('确认退出？')).toBeVisible();
  await expectAccessible(page, 'logout confirm');
  await escapeFrom(page, logout);

  await page.goto(ROUTES.userCenter.baseInfo);
  await page.getByRole('button', { name: '更换头像' }).first().click();
  const avatar = page.getByRole('dialog', { name: '更换头像' });
  await expect(avatar).toBeVisible();
  await expectAccessible(page, 'avatar dialog');
  await escapeFrom(page, avatar);
});

test('the new-user guide has no serious violation', async ({ page }) => {
  await signInToShell(page, 'newcomer');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'guide welcome dialog');
});

test('every icon-only button of the top bar has an accessible name', async ({ page }) => {
  await signInToShell(page, 'personal');
  const names = ['新手引导', '意见反馈', /^消息通知/, '账号菜单', '关闭提示'];
  for (const name of names) await expect(page.getByRole('button', { name }).first()).toBeVisible();
  // And no button anywhere in the shell is without a name.
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"]')]
      .filter((b) => (b as HTMLElement).offsetParent !== null)
      .filter(
        (b) =>
          !(
            b.getAttribute('aria-label') ||
            b.getAttribute('aria-labelledby') ||
            b.getAttribute('title') ||
            b.textContent?.trim()
          ),
      )
      .map((b) => b.outerHTML.slice(0, 120)),
  );
  expect(unnamed).toEqual([]);
});
