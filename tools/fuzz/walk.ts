/**
 * The walk of one signed-in session: every main route of the shell, then every
 * dialog, drawer and menu it offers. A step whose trigger this user is not offered
 * (no bell in a frozen tenant, no invite entry for a member…) is skipped; after every
 * step the page is checked (health.ts). Used by the schema-valid pass of the fuzz run.
 */
import type { Locator, Page } from '@playwright/test';
import { isBlank, settle, type Finding, type PageWatch } from './health';
import { ROUTES, routeTo, USER_CENTER_PAGES } from '../../src/constants/routes';

const MAIN_ROUTES = [
  '/',
  routeTo.subAppHome('manual'),
  routeTo.subAppHome('product'),
  routeTo.subApp('product', '/classifiedManagement'),
  routeTo.subAppHome('engine'),
  routeTo.subAppHome('channel'),
  ...USER_CENTER_PAGES,
  routeTo.feedbackDetail('activity', 'fb-5001'),
  routeTo.feedbackDetail('question', 'fb-5002'),
  ROUTES.renewal,
  ROUTES.entrance,
  '/manage/enterprise',
  '/manage/members',
  '/manage/roles',
  '/manage/permissions',
  ROUTES.notFound,
] as const;

export interface WalkTally {
  routes: number;
  dialogs: number;
  skipped: number;
  findings: Finding[];
}

const SHORT = 3_000;

async function visible(locator: Locator): Promise<boolean> {
  return locator
    .first()
    .waitFor({ state: 'visible', timeout: SHORT })
    .then(() => true)
    .catch(() => false);
}

/** Closes whatever dialog, drawer, menu or tour is open (the guide's dialogs ignore Escape: their own buttons). */
async function dismiss(page: Page): Promise<void> {
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => undefined);
  const leave = page
    .locator('.ant-modal-wrap [role="dialog"], .ant-tour')
    .getByRole('button', { name: /忽略|跳过|关闭|取消|知道了|完成/ });
  for (
    let i = 0;
    i < 4 &&
    (await leave
      .first()
      .isVisible()
      .catch(() => false));
    i++
  ) {
    await leave
      .first()
      .click({ timeout: SHORT })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  }
  await page.mouse.move(1, 400).catch(() => undefined);
}

export class Walker {
  readonly tally: WalkTally = { routes: 0, dialogs: 0, skipped: 0, findings: [] };

  constructor(
    private readonly page: Page,
    private readonly watch: PageWatch,
    private readonly seed: number | string,
  ) {}

  /** Checks the page after a step and records what is wrong. */
  async check(step: string): Promise<void> {
    await settle(this.page);
    const url = this.page.url();
    for (const detail of this.watch.take())
      this.tally.findings.push({ seed: this.seed, step, url, kind: 'pageerror', detail });
    if (await isBlank(this.page))
      this.tally.findings.push({
        seed: this.seed,
        step,
        url,
        kind: 'blank',
        detail: 'the page shows nothing',
      });
  }

  async routes(): Promise<void> {
    for (const route of MAIN_ROUTES) {
      await this.page.goto(route, { waitUntil: 'domcontentloaded' }).catch(() => undefined);
      await this.check(`route ${route}`);
      this.tally.routes += 1;
    }
  }

  /** Opens one dialog (when offered), checks the page with it open, closes it. */
  private async dialog(
    name: string,
    open: () => Promise<boolean>,
    close: () => Promise<void> = () => dismiss(this.page),
  ): Promise<void> {
    await dismiss(this.page);
    const opened = await open().catch(() => false);
    if (!opened) {
      this.tally.skipped += 1;
      return;
    }
    this.tally.dialogs += 1;
    await this.check(`dialog ${name}`);
    await close().catch(() => undefined);
    await this.check(`dialog ${name} closed`);
  }

  private async clickIfOffered(locator: Locator, then: Locator): Promise<boolean> {
    // The page has settled: a trigger that is not there now is not offered to this user.
    if (!(await locator.first().isVisible())) return false;
    await locator.first().click({ timeout: SHORT });
    return visible(then);
  }

  private avatarMenu = () => this.page.locator('.ant-dropdown-menu[role="menu"]');

  private async openAvatarMenu(): Promise<boolean> {
    return this.clickIfOffered(this.page.getByTestId('avatar-trigger'), this.avatarMenu());
  }

  private async fromAvatarMenu(entry: string, then: Locator): Promise<boolean> {
    if (!(await this.openAvatarMenu())) return false;
    const item = this.page.getByTestId(`avatar-menu-${entry}`);
    if (!(await item.isVisible())) return false;
    await item.click({ timeout: SHORT });
    return visible(then);
  }

  async dialogs(): Promise<void> {
    const page = this.page;
    const modal = page.locator(
      '.ant-modal-wrap:not([style*="display: none"]) [role="dialog"], .ant-drawer-open [role="dialog"]',
    );
    const visit = async (path: string) => {
      await page.goto(path, { waitUntil: 'domcontentloaded' }).catch(() => undefined);
      await settle(page);
    };
    await visit('/'); // this user's landing page
    await this.dialog('notices', () =>
      this.clickIfOffered(page.getByTestId('notice-bell'), page.locator('.ant-drawer-open')),
    );
    await this.dialog('feedback', () => this.clickIfOffered(page.getByTestId('feedback-icon'), modal));
    await this.dialog('avatar menu', () => this.openAvatarMenu());
    await this.dialog('invite', () => this.fromAvatarMenu('invite', modal));
    await this.dialog(
      'logout confirm',
      () => this.fromAvatarMenu('logout', modal),
      async () => {
        await page.getByRole('dialog').getByRole('button', { name: '取消' }).click({ timeout: SHORT });
      },
    );
    await visit(routeTo.subAppHome('manual')); // the guide flag is on the manual app only
    await this.dialog('guide', () =>
      this.clickIfOffered(
        page.getByTestId('guide-flag'),
        page.locator('.ant-modal-wrap [role="dialog"], .ant-tour'),
      ),
    );
    await visit(ROUTES.userCenter.baseInfo);
    await this.dialog('avatar', () =>
      this.clickIfOffered(page.getByRole('button', { name: '更换头像' }), modal),
    );
  }
}
