/**
 * The app against a real back end (issue 39), as a developer and QA use it: `npm start --
 * --upstream URL --token T` in front of
 * - a server that leaves its contracts on purpose (drifting-server.ts): each planted defect is
 *   reported once, naming its operation, in the terminal, in the app's list and in the report;
 * - the mock stack as an honest upstream: a walk through every main route reports nothing, and
 *   its recording (`--record`) replays (`--replay --strict`) the same screens with no call
 *   reaching the server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startApp, startMock, type RunningApp } from './app-runner';
import { DEFECTS, startDriftingServer, type DriftingServer } from './drifting-server';

/** The mock's token for its default user (its `exchangeToken` example): "a token copied from a real session". */
const TOKEN = 'dS0xMDAxOndiLWRlbW8tc2Vzc2lvbi03ZjNhOWM=';

interface ReportFinding {
  operationId: string;
  kind: string;
  field?: string;
  side: string;
  route: string;
  time: string;
  curl: string;
}

let folder: string;
let mock: RunningApp | undefined;
let server: DriftingServer | undefined;
let app: RunningApp | undefined;

test.beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'integration-'));
});
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});
test.afterAll(async () => {
  await server?.close();
  await mock?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const readReport = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { findings: ReportFinding[]; summary: { requests: number } };

/** Signs in the way `--token` does it (the local sign-in, then the app's own callback) and waits for the shell. */
async function openSignedIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible({ timeout: 60_000 });
}

test.describe.serial('the app against a real back end', () => {
  test('a server that leaves its contracts: each defect once, with its operation, in the terminal, the app and the report', async ({
    page,
  }) => {
    mock = await startMock();
    server = await startDriftingServer(mock.url, { defects: true });
    const report = path.join(folder, 'drift.json');
    app = await startApp(['--upstream', server.url, '--token', TOKEN, '--report', report]);
    expect(app.output).toContain(`Upstream:    ${server.url}`);

    await openSignedIn(page, `${app.url}/`);
    // The in-app list (a dev build): the badge counts this page's violations.
    const badge = page.getByTestId('contract-findings-badge');
    await expect(badge).toBeVisible();
    const defects = Object.entries(DEFECTS);
    await expect(badge.locator('.ant-badge-count')).toHaveAttribute('title', String(defects.length), {
      timeout: 60_000,
    });
    await badge.click();
    const items = page.getByTestId('contract-finding');
    await expect(items).toHaveCount(defects.length);
    for (const [operationId, defect] of defects) {
      const item = items.filter({ hasText: operationId });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(defect.kind);
      await expect(item).toContainText('服务端违反契约');
      if (defect.field) await expect(item).toContainText(defect.field);
    }

    expect(await app.stop()).toBe(130); // Ctrl-C
    const output = app.output;
    const terminal = output.split('\n').filter((line) => line.startsWith('[contract] ✘'));
    expect(terminal).toHaveLength(defects.length);
    for (const [operationId, defect] of defects) {
      const lines = terminal.filter((line) => line.startsWith(`[contract] ✘ ${operationId}:`));
      expect(lines, operationId).toHaveLength(1);
      expect(lines[0]).toContain(`the server left the contract (${defect.kind})`);
    }
    // The curl lines never carry the token.
    expect(output).not.toContain(TOKEN);
    expect(output).toContain(`-H 'authorization: Basic '"$VERIFY_TOKEN"`);

    const { findings } = readReport(report);
    expect(findings).toHaveLength(defects.length);
    for (const [operationId, defect] of defects) {
      const found = findings.filter((f) => f.operationId === operationId);
      expect(found, operationId).toHaveLength(1);
      expect(found[0]).toMatchObject({ kind: defect.kind, side: 'server' });
      if (defect.field) expect(found[0]!.field).toBe(defect.field);
      expect(found[0]!.route).toMatch(/^\//);
      expect(Date.parse(found[0]!.time)).not.toBeNaN();
    }
    expect(readFileSync(report.replace(/\.json$/, '.junit.xml'), 'utf8')).toContain(
      `failures="${defects.length}"`,
    );
    await server.close();
    server = undefined;
  });

  const recording = () => path.join(folder, 'session.har');
  /** The main routes an enterprise owner reaches, each with what shows that its screen is there. */
  const titled = (page: Page) =>
    expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  const hosted = (name: string) => (page: Page) =>
    expect(page.frameLocator(`iframe[data-sub-app="${name}"]`).getByText('已嵌入主应用')).toBeVisible({
      timeout: 30_000,
    });
  const WALK: [string, (page: Page) => Promise<void>][] = [
    ['/micro-app-manual/', hosted('manual')],
    ['/micro-app-product/', hosted('product')],
    ['/user-info/base-info', titled],
    ['/user-info/account-setting', titled],
    ['/user-info/third-account', titled],
    ['/user-info/enterprise', titled],
    ['/user-info/my-feedback', titled],
    ['/manage/enterprise', titled],
    ['/manage/members', titled],
    ['/manage/roles', titled],
  ];
  /** What each screen showed when recorded: its title, the avatar's name and its headings. */
  const seen = new Map<string, string>();

  async function walk(page: Page, base: string, remember: boolean): Promise<void> {
    await openSignedIn(page, `${base}/`);
    for (const [route, ready] of WALK) {
      await page.goto(`${base}${route}`);
      await ready(page);
      await page.waitForLoadState('networkidle');
      const screen = [
        await page.title(),
        await page.getByRole('button', { name: '账号菜单' }).textContent(),
        ...(await page.getByRole('heading').allTextContents()),
      ].join(' | ');
      if (remember) seen.set(route, screen);
      else expect(screen, route).toBe(seen.get(route));
    }
  }

  test('the mock stack as the upstream: a walk through every main route reports nothing, and is recorded', async ({
    page,
  }) => {
    mock ??= await startMock();
    server = await startDriftingServer(mock.url, { defects: false, scenario: 'owner' });
    const report = path.join(folder, 'walk.json');
    app = await startApp([
      '--upstream',
      server.url,
      '--token',
      TOKEN,
      '--report',
      report,
      '--record',
      recording(),
    ]);
    await walk(page, app.url, true);
    const badge = page.getByTestId('contract-findings-badge');
    await expect(badge).toHaveAttribute('aria-label', '接口契约：本页未发现违反');

    expect(await app.stop()).toBe(130); // Ctrl-C
    expect(app.output).not.toContain('[contract] ✘');
    const { findings, summary } = readReport(report);
    expect(findings).toEqual([]);
    expect(summary.requests).toBeGreaterThan(WALK.length);
    const har = readFileSync(recording(), 'utf8');
    expect(JSON.parse(har)).toMatchObject({ log: { version: '1.2' } });
    expect(har).not.toContain(TOKEN);
  });

  test('the recorded session replays offline: the same screens, no call reaching the server', async ({
    page,
  }) => {
    const callsBefore = server!.calls;
    app = await startApp(['--replay', recording(), '--strict']);
    // The recording holds the socket's frames too (the acknowledgement at least), sent again.
    expect(app.output).toMatch(
      new RegExp(`Replaying: +${recording()} \\(replay of \\d+ calls and \\d+ socket frames`),
    );
    await walk(page, app.url, false);
    expect(await app.stop()).toBe(130); // Ctrl-C
    expect(server!.calls).toBe(callsBefore);
    expect(app.output).not.toContain('refused (--strict)');
    expect(app.output).not.toContain('[contract] ✘');
  });
});
