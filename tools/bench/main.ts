/**
 * `npm run bench`: builds, serves the build as nginx would (HTTPS with HTTP/2, its brotli files;
 * `-- --http1` for plain HTTP/1.1) with the mock stack behind it, then in headless Chromium with 4× CPU throttling loads the signed-in
 * home 7 times (cold cache) and prints JS bytes transferred, requests and the
 * median time to "shell ready" (module menu and top bar visible) and to "sub-app shown"
 * (the home's embedded app reported content in its frame). Then every kind of page
 * (bench/pages.ts): its first-load JS and, where it has the shell, shell ready. Then a realtime
 * burst: 1,000 pushed events, list reloads and the longest main-thread task. Then switching apps
 * by module tab, unthrottled and at 4× (tab-switch.ts). Then what the
 * integration gateway's live checks add to each call (gateway-overhead.ts). Last, what a
 * backend team installs to check its server, beside the whole repository (packages.ts).
 * Figures only — no pass/fail (targets: first-load JS ≤ 300 KB gzip -9, shell ready ≤ 1.5 s).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { startMockStack } from '@zhique/workbench-mock';
import playwrightConfig from '../../playwright.config';
import { projectRoot, nodeBinary, packageBin } from '../lib/paths';
import { measureGatewayOverhead } from './gateway-overhead';
import { benchPackageInstalls } from './packages';
import { BENCH_PAGES } from './pages';
import { serveBuild } from './static-server';
import { benchTabSwitches } from './tab-switch';
import { gzipSize } from './gzip-size';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** Cold loads of each of the other pages. */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const CPU_THROTTLE = 4;
const SCENARIO = process.env.BENCH_SCENARIO ?? 'personal';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const outDir = path.join(projectRoot, process.env.VITE_OUT_DIR ?? 'dist');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    http1: { type: 'boolean', default: false },
  },
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Records when the module tabs and the avatar button are both on screen, and settles
 * `window.__shellReady` with that time.
 */
const SHELL_READY_PROBE = `
  (() => {
    if (window.top !== window) return; // not in the sub-app frames
    let settle;
    window.__shellReady = new Promise((resolve) => (settle = resolve));
    const check = () => {
      const tabs = document.querySelector('nav[aria-label="模块"]');
      const avatar = document.querySelector('[data-testid="avatar-trigger"]');
      if (tabs && avatar && tabs.getBoundingClientRect().height > 0) settle(performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

/** The same for the home's sub-app: its host says mounted once the frame reported content. */
const SUB_APP_SHOWN_PROBE = `
  (() => {
    if (window.top !== window) return;
    let settle;
    window.__subAppShown = new Promise((resolve) => (settle = resolve));
    const check = () => {
      if (document.querySelector('.sub-app-host[data-status="mounted"]')) settle(performance.now());
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();
`;

/**
 * Waits for the probe through one CDP call that awaits its promise. Playwright's own
 * waits (waitForFunction, locators) first inject Playwright's script into the page, and
 * evaluating that script under 4× throttling takes 30–60 ms of the main thread, sometimes
 * in the middle of the load being measured.
 */
async function settledAt(cdp: CDPSession, expression: string, what: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    // Right after the navigation commits, the call can still reach the old document
    // (no probe: undefined) or a context that is going away (error): ask again.
    const answer = await cdp
      .send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => undefined);
    const value: unknown = answer?.result.value;
    if (typeof value === 'number') return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} within 60 s`);
}

async function signedInState(browser: Browser, base: string, scenario = SCENARIO) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/__mock/scenario/${scenario}?next=/`);
  await page.waitForSelector('[data-testid="avatar-trigger"]', { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

type SignedIn = Awaited<ReturnType<typeof signedInState>>;

/**
 * The gzip -9 size of a file of the build (the targets' measure: the server sends the build's
 * brotli files, about 14 % smaller), by its URL on the site or a frame origin; undefined for a
 * script from elsewhere (a hosted child's, sent as its server compresses it).
 */
function gzipSizeOfBuilt(url: string): number | undefined {
  const { pathname } = new URL(url);
  const file = path.join(outDir, decodeURIComponent(pathname));
  return pathname.startsWith('/assets/') && existsSync(file) ? gzipSize(file) : undefined;
}

/**
 * One cold load of `path` at 4× CPU: the JavaScript it transferred (the hosted app's frame
 * included; as sent, and with the build's files at gzip -9) and the requests until the network
 * went quiet, and when the shell was ready (`shellReady`) and the app showed (`subAppShown`),
 * where asked.
 */
async function loadOnce(
  browser: Browser,
  base: string,
  state: SignedIn,
  { path: at = '/', shellReady = true, subAppShown = true } = {},
) {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  const scripts = new Map<string, string>();
  let jsBytes = 0;
  let jsGzipBytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => requests++);
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = scripts.get(e.requestId);
    if (url === undefined) return;
    jsBytes += e.encodedDataLength;
    jsGzipBytes += gzipSizeOfBuilt(url) ?? e.encodedDataLength;
  });
  await page.addInitScript(SHELL_READY_PROBE + SUB_APP_SHOWN_PROBE);
  await page.goto(`${base}${at}`, { waitUntil: 'commit' });
  const shellReadyMs = shellReady
    ? await settledAt(cdp, 'window.__shellReady', 'the shell was not ready')
    : Number.NaN;
  const subAppShownMs = subAppShown
    ? await settledAt(cdp, 'window.__subAppShown', 'the sub-app did not show')
    : Number.NaN;
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
  return { jsBytes, jsGzipBytes, requests, shellReadyMs, subAppShownMs };
}

/** Every kind of page (bench/pages.ts): first-load JavaScript, and shell ready where the page has the shell. */
async function benchEveryPage(browser: Browser, base: string): Promise<string[]> {
  const lines = [
    `\nEvery kind of page, first load at ${CPU_THROTTLE}× CPU, ${PAGE_RUNS} cold runs each (medians):`,
    '  page          first-load JS (gzip -9 / as sent)   requests   shell ready',
  ];
  const states = new Map<string, SignedIn>();
  for (const page of BENCH_PAGES) {
    let state = states.get(page.scenario);
    if (!state) states.set(page.scenario, (state = await signedInState(browser, base, page.scenario)));
    // The 404 page stands alone (no shell); an app's own content is the app's (its frame's) figure.
    const shellReady = page.name !== '404';
    const runs = [];
    for (let i = 0; i < PAGE_RUNS; i++)
      runs.push(await loadOnce(browser, base, state, { path: page.path, shellReady, subAppShown: false }));
    const ready = shellReady ? `${Math.round(median(runs.map((r) => r.shellReadyMs)))} ms` : '—';
    lines.push(
      `  ${page.name.padEnd(12)}  ${`${kb(median(runs.map((r) => r.jsGzipBytes)))} / ${kb(median(runs.map((r) => r.jsBytes)))}`.padStart(33)}   ${String(median(runs.map((r) => r.requests))).padStart(8)}   ${ready.padStart(11)}`,
    );
  }
  lines.push(
    '  (targets: a management page ≤ 400 KB, the home ≤ 300 KB; shell ready of the home < 1,000 ms)',
  );
  return lines;
}

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  if (!options['no-build']) {
    console.log('[bench] vite build…');
    execFileSync(nodeBinary(), [packageBin('vite'), 'build', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  }
  const stack = await startMockStack({ quiet: true });
  // HTTPS with HTTP/2 as production serves it; `--http1` for plain HTTP/1.1 (an A/B).
  const site = await serveBuild({
    dir: outDir,
    gatewayUrl: stack.url,
    http2: !options.http1,
  });
  // The browser tests' launch options (Debian's Chromium, headless, no background traffic),
  // trusting the site's certificate.
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), ...site.browserFlags],
  });
  try {
    const state = await signedInState(browser, site.url);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, site.url, state));

    const js = median(runs.map((r) => r.jsBytes));
    const jsGzip = median(runs.map((r) => r.jsGzipBytes));
    const req = median(runs.map((r) => r.requests));
    const ready = median(runs.map((r) => r.shellReadyMs));
    console.log(
      `\nSigned-in home (${SCENARIO}), the build's brotli files over ${site.protocol}, ${CPU_THROTTLE}× CPU throttling, ${RUNS} cold runs:`,
    );
    console.log(`  first-load JS, gzip -9:                 ${kb(jsGzip)}   (target ≤ 300 KB)`);
    console.log(`  first-load JS transferred (brotli):     ${kb(js)}`);
    console.log(`  requests:                               ${req}`);
    console.log(`  shell ready (median):                   ${Math.round(ready)} ms   (target ≤ 1500 ms)`);
    console.log(
      `  shell ready per run:                    ${runs.map((r) => Math.round(r.shellReadyMs)).join(', ')} ms`,
    );
    const shown = median(runs.map((r) => r.subAppShownMs));
    console.log(
      `  sub-app shown (median):                 ${Math.round(shown)} ms   (its content on screen)`,
    );

    for (const line of await benchEveryPage(browser, site.url)) console.log(line);

    const burstModule = path.join(import.meta.dirname, 'realtime-burst.ts');
    if (existsSync(burstModule)) {
      const { measureRealtimeBurst } =
        (await import('./realtime-burst')) as typeof import('./realtime-burst');
      // The burst's own requests go from Node (Playwright's request API), which does not know
      // the bench's certificate as the browser's flag does.
      const context = await browser.newContext({ storageState: state, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await page.waitForSelector('[data-testid="avatar-trigger"]', { timeout: 60_000 });
      const burst = await measureRealtimeBurst(page, { baseURL: site.url, count: 1000 });
      await context.close();
      console.log(`\nRealtime burst: ${burst.events} new-message events pushed`);
      console.log(`  notice list requests: ${burst.listRequests}   (target ≤ 3)`);
      console.log(`  longest main-thread task while they arrived: ${Math.round(burst.longestTaskMs)} ms`);
    }
    // Switching apps by module tab: its own browser, driven over the raw protocol (see tab-switch.ts).
    for (const line of await benchTabSwitches(site)) console.log(line);
    for (const line of await measureGatewayOverhead(stack.url)) console.log(line);
    for (const line of await benchPackageInstalls()) console.log(line);
  } finally {
    await browser.close();
    await site.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
