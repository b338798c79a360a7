/**
 * `npm run test:fuzz`: the production build against any server response.
 *
 * 1. Builds once (with a short request time limit, VITE_REQUEST_TIMEOUT_MS, so that
 *    never-answering requests end within the run).
 * 2. Schema-valid pass: for each seed (FUZZ_SEEDS, default 50, from FUZZ_FIRST_SEED,
 *    default 1) a fresh mock stack in dynamic mode (Prism `--seed`: random responses
 *    that obey the schemas, the same for the same seed), the build served in front of
 *    it, sign-in through the dev SSO as one scenario (they take turns), every main route
 *    walked and every dialog, drawer and menu opened (tools/fuzz/walk.ts). Pass: no
 *    uncaught page error, no blank page. FUZZ_WORKERS (default 2) seeds run at once.
 * 3. Contract-breaking pass (tools/fuzz/faults.ts; FUZZ_FAULTS=0 skips it).
 *
 * Prints the figures and every finding; exits 1 on any. One browser for the whole run
 * (launched again, and the seed retried once, if it dies underneath us).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import pMap from 'p-map';
import { startMockStack } from '@zhique/workbench-mock';
import playwrightConfig from '../playwright.config';
import { nodeBinary, packageBin, projectRoot } from './lib/paths';
import { serveBuild } from './bench/static-server';
import { steerEnvelopeCodes, type CodeStats } from './fuzz/codes';
import { FAULTS, CASES, runFaults } from './fuzz/faults';
import { watchPage, type Finding } from './fuzz/health';
import { Walker } from './fuzz/walk';

const SEEDS = Number(process.env.FUZZ_SEEDS ?? 50);
const FIRST_SEED = Number(process.env.FUZZ_FIRST_SEED ?? 1);
const WORKERS = Math.max(1, Number(process.env.FUZZ_WORKERS ?? 2));
const RUN_FAULTS = process.env.FUZZ_FAULTS !== '0';
const TIMEOUT_MS = 4_000;
/** Every scenario but `expired`, whose override only ends the session (shell.spec.ts covers it). */
const SCENARIOS = ['personal', 'owner', 'member', 'frozen', 'page2', 'newcomer', 'empty'] as const;
const outDir = path.join(projectRoot, 'node_modules', '.cache', 'fuzz-dist');

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(line);

function build(): void {
  log(`[fuzz] building into ${path.relative(projectRoot, outDir)} (request time limit ${TIMEOUT_MS} ms)…`);
  rmSync(outDir, { recursive: true, force: true });
  const run = spawnSync(nodeBinary(), [packageBin('vite'), 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, VITE_OUT_DIR: outDir, VITE_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  if (run.status !== 0) throw new Error(`vite build failed (${run.status})`);
}

/** Picks `scenario` on the dev SSO page and waits until the app has the token. */
async function signIn(page: import('@playwright/test').Page, scenario: string): Promise<void> {
  await page.goto('/');
  await page.waitForURL(/\/sso\/authorize/, { timeout: 15_000 });
  await page
    .locator('a.choice', { has: page.locator('code', { hasText: new RegExp(`^${scenario}$`) }) })
    .click();
  await page
    .waitForURL((url) => !url.pathname.startsWith('/sso') && !url.pathname.startsWith('/oauth'), {
      timeout: 15_000,
    })
    .catch(() => undefined);
}

interface SeedResult {
  seed: number;
  scenario: string;
  routes: number;
  dialogs: number;
  skipped: number;
  findings: Finding[];
  codes: CodeStats;
  seconds: number;
}

let browserInstance: Browser | undefined;
let launching: Promise<Browser> | undefined;

/** The shared browser; a new one when the last has gone away (a crash, or killed from outside). */
async function browser(): Promise<Browser> {
  if (browserInstance?.isConnected()) return browserInstance;
  launching ??= chromium
    .launch(playwrightConfig.use?.launchOptions)
    .then((b) => {
      if (browserInstance) log('[fuzz] the browser went away: launched a new one');
      browserInstance = b;
      return b;
    })
    .finally(() => {
      launching = undefined; // a failed launch is tried again next time
    });
  return launching;
}

const browserGone = (error: unknown) =>
  /browser has been closed|Browser closed|Target closed/i.test(String(error));

async function runSeed(seed: number): Promise<SeedResult> {
  try {
    return await runSeedOnce(await browser(), seed);
  } catch (error) {
    if (!browserGone(error)) throw error;
    return runSeedOnce(await browser(), seed); // once more, in a new browser
  }
}

async function runSeedOnce(browser: Browser, seed: number): Promise<SeedResult> {
  const t0 = Date.now();
  const scenario = SCENARIOS[(seed - 1 + SCENARIOS.length) % SCENARIOS.length]!;
  const stack = await startMockStack({ port: 0, dynamicSeed: seed, quiet: true });
  const server = await serveBuild({ dir: outDir, gatewayUrl: stack.url }).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const codes: CodeStats = { rewritten: 0, errors: 0 };
  let context: BrowserContext | undefined;
  try {
    // Inside the try: a browser that has gone away fails here, and the servers still stop.
    context = await browser.newContext({
      baseURL: server.url,
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const walker = new Walker(page, watchPage(page), seed);
    await steerEnvelopeCodes(page, seed, codes);
    await signIn(page, scenario);
    await walker.check('sign-in');
    await walker.routes();
    await walker.dialogs();
    return { seed, scenario, ...walker.tally, codes, seconds: (Date.now() - t0) / 1000 };
  } finally {
    await context?.close().catch(() => undefined);
    await server.close();
    await stack.stop();
  }
}

async function schemaValidPass(): Promise<SeedResult[]> {
  const seeds = Array.from({ length: SEEDS }, (_, i) => FIRST_SEED + i);
  // p-map keeps WORKERS seeds running and answers the results in seed order.
  return pMap(
    seeds,
    async (seed): Promise<SeedResult> => {
      try {
        const r = await runSeed(seed);
        log(
          `[fuzz] seed ${seed} (${r.scenario}): ${r.routes} routes, ${r.dialogs} dialogs (${r.skipped} not offered), ` +
            `${r.codes.errors}/${r.codes.rewritten} responses with an error code, ${r.findings.length} errors — ${r.seconds.toFixed(0)} s [${elapsed()}]`,
        );
        return r;
      } catch (error) {
        const detail = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        log(`[fuzz] seed ${seed}: could not run: ${detail}`);
        return {
          seed,
          scenario: '?',
          routes: 0,
          dialogs: 0,
          skipped: 0,
          findings: [{ seed, step: 'run', url: '', kind: 'expectation', detail }],
          codes: { rewritten: 0, errors: 0 },
          seconds: 0,
        };
      }
    },
    { concurrency: WORKERS },
  );
}

async function faultPass(browser: Browser) {
  log(
    `[fuzz] contract-breaking pass: ${CASES.length} regions × ${FAULTS.length} faults (${FAULTS.join(', ')})`,
  );
  const stack = await startMockStack({ port: 0, quiet: true });
  const server = await serveBuild({ dir: outDir, gatewayUrl: stack.url });
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await signIn(page, 'owner'); // the widest user: management back-end, invite
    await page.close();
    return await runFaults(context, { timeoutMs: TIMEOUT_MS, concurrency: 2, log });
  } finally {
    await context.close();
    await server.close();
    await stack.stop();
  }
}

async function main(): Promise<void> {
  build();

  let findings: Finding[];
  try {
    log(`[fuzz] schema-valid pass: seeds ${FIRST_SEED}–${FIRST_SEED + SEEDS - 1}, ${WORKERS} at a time`);
    const seeds = await schemaValidPass();
    findings = seeds.flatMap((s) => s.findings);
    const routes = seeds.reduce((n, s) => n + s.routes, 0);
    const dialogs = seeds.reduce((n, s) => n + s.dialogs, 0);
    const summary = [
      `schema-valid: ${seeds.length} seeds × ${routes / Math.max(1, seeds.length)} routes = ${routes} routes walked, ${dialogs} dialogs/drawers/menus opened, ${findings.length} errors`,
    ];
    if (RUN_FAULTS) {
      const faults = await faultPass(await browser());
      findings = findings.concat(faults.findings);
      summary.push(
        `contract-breaking: ${faults.runs} runs (${CASES.length} regions × ${FAULTS.length} faults), error state with retry in ${faults.errorStates}, ` +
          `recovered by retry ${faults.recovered}, ${faults.findings.length} errors`,
      );
    }
    log('');
    for (const f of findings)
      log(`[fuzz] ERROR seed ${f.seed} · ${f.step} · ${f.kind}: ${f.detail} (${f.url})`);
    for (const line of summary) log(`[fuzz] ${line}`);
    log(`[fuzz] ${findings.length ? 'FAILED' : 'passed'} in ${elapsed()}`);
  } finally {
    await browserInstance?.close();
  }
  process.exit(findings.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`[fuzz] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(2);
});
