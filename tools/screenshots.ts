/**
 * `npm run screenshots`: the README's screenshots, taken from the running product so they
 * stay current. Starts `npm run preview` (production build, mock stack) on free ports,
 * signs in as scenario users in headless Chromium and saves the home page, the notice
 * drawer, the feedback dialog and the members page at 1440, 1280, 1024 and 390 px wide
 * into docs/screenshots/. Chinese text needs a CJK font (Debian: fonts-wqy-microhei).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import getPort from 'get-port';
import { spawnManaged } from '@zhique/workbench-mock/processes';
import { nodeBinary, projectRoot, typescriptArgs } from './lib/paths';

const WIDTHS = [1440, 1280, 1024, 390];
const OUT = path.join(projectRoot, 'docs', 'screenshots');

interface Shot {
  name: string;
  scenario: string;
  path: string;
  /** What to open once the page is there. */
  open?: (page: Page) => Promise<void>;
  /** What must be visible before the picture is taken. */
  ready: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  {
    name: 'home',
    scenario: 'personal',
    path: '/',
    // The manual app runs in its own frame.
    ready: (page) =>
      page.frameLocator('iframe.sub-app-frame').getByRole('button', { name: '新建手册' }).waitFor(),
  },
  {
    name: 'notices',
    scenario: 'personal',
    path: '/',
    open: (page) => page.getByTestId('notice-bell').click(),
    ready: (page) => page.locator('[data-testid="notice-item"]').first().waitFor(),
  },
  {
    name: 'feedback',
    scenario: 'personal',
    path: '/',
    open: (page) => page.getByTestId('feedback-icon').click(),
    ready: (page) => page.getByText('体验官姓名').waitFor(),
  },
  {
    name: 'members',
    scenario: 'owner',
    path: '/manage/members',
    ready: (page) => page.getByRole('row', { name: /王芳/ }).waitFor(),
  },
];

async function main(): Promise<void> {
  const [port, mockPort] = [await getPort(), await getPort()];
  // Ready once start.ts prints its banner: the build, the mock stack and the server are all up.
  let started = false;
  const app = spawnManaged('preview', nodeBinary(), typescriptArgs('tools/start.ts', '--preview'), {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort) },
    onLine: (line) => {
      if (line.includes('Ctrl-C stops everything')) started = true;
    },
  });
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const deadline = Date.now() + 300_000;
    while (!started) {
      if (app.hasExited() || Date.now() > deadline)
        throw new Error(`npm run preview did not start:\n${app.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    mkdirSync(OUT, { recursive: true });
    for (const width of WIDTHS) {
      for (const shot of SHOTS) {
        const context = await browser.newContext({
          viewport: { width, height: width < 500 ? 844 : 900 },
          locale: 'zh-CN',
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await page.goto(
          `${base}/__mock/scenario/${shot.scenario}?fresh=1&next=${encodeURIComponent(shot.path)}`,
        );
        await page.getByRole('button', { name: '账号菜单' }).waitFor({ timeout: 60_000 });
        await shot.open?.(page);
        await shot.ready(page);
        // Animations and late images settle.
        await page.waitForTimeout(800);
        const file = path.join(OUT, `${shot.name}-${width}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(projectRoot, file));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
