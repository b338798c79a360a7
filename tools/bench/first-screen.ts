/**
 * `npm run bench:first-screen`: QA's daily path. Starts `tools/start.ts` (mock stack +
 * Vite dev server) `FIRST_SCREEN_RUNS` times (default 5) and, each time, opens the app in
 * a fresh headless Chromium profile the moment the start banner is printed. Prints, per
 * run and as medians:
 * - banner: `npm start` until its URL banner ("Ctrl-C stops everything.");
 * - first screen: banner until the signed-in shell is on screen (module tabs and the
 *   avatar button visible) after `/__mock/scenario/NAME?next=/`: the scenario cookie,
 *   the app, the dev SSO round trip, the callback and the home page;
 *   per run also when the SSO callback page came (the signed-out load and the SSO round trip);
 * - requests: what the page asked the dev server for until then (scripts in brackets).
 * The browser is launched (its own temporary profile: no cache, no cookies) before
 * `npm start`, as QA's browser is already open. A run in which Vite re-bundled its
 * dependencies is marked, since that happens once after a dependency or config change.
 * Figures only — no pass/fail (target: first screen ≤ 3 s after the banner).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import getPort from 'get-port';
import { spawnManaged } from '@zhique/workbench-mock/processes';
import playwrightConfig from '../../playwright.config';
import { nodeBinary, projectRoot, typescriptArgs } from '../lib/paths';

const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const SCENARIO = process.env.BENCH_SCENARIO ?? 'personal';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BANNER = 'Ctrl-C stops everything';
/** Vite's lines when it bundles dependencies (at start, or on discovering new ones mid-load). */
const OPTIMIZER = /\[optimizer\]|optimized dependencies changed|new dependencies optimized/i;

interface Run {
  bannerMs: number;
  firstScreenMs: number;
  /** Banner until the SSO callback page: the signed-out load of the app and the dev SSO round trip. */
  callbackMs: number;
  requests: number;
  scripts: number;
  optimized: boolean;
}

const ms = (x: number) => `${Math.round(x)} ms`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function once(): Promise<Run> {
  const [port, mockPort] = [await getPort(), await getPort()];
  const profile = mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...playwrightConfig.use?.launchOptions,
    executablePath: CHROMIUM,
    headless: true,
    locale: 'zh-CN',
  });
  let optimized = false;
  let bannerAt: (at: number) => void = () => undefined;
  const banner = new Promise<number>((resolve) => (bannerAt = resolve));
  const started = performance.now();
  const app = spawnManaged(
    'npm start',
    nodeBinary(),
    typescriptArgs(path.join(projectRoot, 'tools', 'start.ts')),
    {
      cwd: projectRoot,
      env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort) },
      onLine: (line) => {
        if (line.includes(BANNER)) bannerAt(performance.now());
        if (OPTIMIZER.test(line)) optimized = true;
      },
    },
  );
  try {
    const shown = await Promise.race([
      banner,
      app.exited.then((code) => {
        throw new Error(`npm start exited (${code}) before its banner:\n${app.tail()}`);
      }),
    ]);
    const page = context.pages()[0] ?? (await context.newPage());
    const origin = `http://localhost:${port}`;
    let requests = 0;
    let scripts = 0;
    let callbackMs = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && !callbackMs && new URL(frame.url()).pathname === '/oauth/callback')
        callbackMs = performance.now() - shown;
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) return;
      requests++;
      if (request.resourceType() === 'script') scripts++;
    });
    await page.goto(`${origin}/__mock/scenario/${SCENARIO}?next=/`, { waitUntil: 'commit' });
    await page.locator('nav[aria-label="模块"]').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('[data-testid="avatar-trigger"]').waitFor({ state: 'visible', timeout: 60_000 });
    const firstScreenMs = performance.now() - shown;
    return { bannerMs: shown - started, firstScreenMs, callbackMs, requests, scripts, optimized };
  } finally {
    await context.close();
    await app.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await once();
  runs.push(run);
  const mark = run.optimized ? ' (Vite bundled dependencies)' : '';
  console.log(
    `  run ${i + 1}: banner ${ms(run.bannerMs)}, first screen ${ms(run.firstScreenMs)} ` +
      `(SSO callback at ${ms(run.callbackMs)}), ` +
      `${run.requests} requests (${run.scripts} scripts)${mark}`,
  );
}
console.log(`npm start → signed-in first screen in a fresh Chromium profile (${SCENARIO}), ${RUNS} runs`);
console.log(`  start → banner (median):         ${ms(median(runs.map((r) => r.bannerMs)))}`);
console.log(`  banner → first screen (median):  ${ms(median(runs.map((r) => r.firstScreenMs)))}`);
console.log(
  `  start → first screen (median):   ${ms(median(runs.map((r) => r.bannerMs + r.firstScreenMs)))}`,
);
console.log(`  requests to the dev server:      ${median(runs.map((r) => r.requests))} (median)`);
