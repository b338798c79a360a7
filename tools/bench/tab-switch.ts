/**
 * Switching apps by module tab (issue 40). The spec makes each switch a full page navigation,
 * so the figure is from the press on the tab to the next child's content on screen (its host
 * says mounted, which it does once the frame reported content), read from the browser's own
 * clock on both pages. A person's pointer rests on a tab a moment before pressing it
 * (HOVER_MS) and a press lasts a moment (PRESS_MS); the figure starts at the press.
 *
 * Driven over the raw DevTools protocol through the tab (bench/tab-session.ts), not Playwright:
 * Playwright attaches to pages in a way that makes Chromium turn prerendering off
 * (PrerenderingDisabledByDevTools), so the shell's speculation rules would never be measured.
 * puppeteer-core only launches the browser. At 4× CPU, throttling is set on every target of the
 * tab as it appears: the page, each sub-app frame (an origin of its own, so a process of its own)
 * and a page being prerendered.
 */
import type { Browser } from 'puppeteer-core';
import type { StaticServer } from './static-server';
import { ROUTES } from '../../src/constants/routes';
import { openTab, type TabSession } from './tab-session';

type App = keyof typeof ROUTES.subApps;

/** How long a person stays on an app before switching again (reading it; the app is idle then). */
const READING_MS = Number(process.env.BENCH_READING_MS ?? 5_000);
/** How long a pointer rests on the tab before the press (people take 200–400 ms to aim and press). */
const HOVER_MS = 250;
/** How long the press lasts. */
const PRESS_MS = 60;
/** Switches per run, alternating: the median of at least 7. */
export const SWITCHES = Number(process.env.BENCH_SWITCHES ?? 8);

/** When the app's content came on screen in this document (SubAppHost's mark), as an absolute time. */
const MOUNTED_AT = `(() => {
  const mark = performance.getEntriesByName('sub-app-mounted')[0];
  return mark ? performance.timeOrigin + mark.startTime : null;
})()`;
const NOW = 'performance.timeOrigin + performance.now()';

export interface TabSwitchResult {
  /** Press to content, each switch, in order. */
  switchesMs: number[];
  /** Switches that showed a prerendered page. */
  prerendered: number;
  /** The first load of the first app: navigation start to content. */
  firstLoadMs: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the app at `path` came on screen (its host's mark), once it has. */
async function childShownAt(tab: TabSession, path: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const at = await tab.evaluate(
      `location.pathname.startsWith(${JSON.stringify(path)}) ? ${MOUNTED_AT} : null`,
    );
    if (typeof at === 'number') return at;
    await pause(20);
  }
  throw new Error(`${path} did not show within 60 s`);
}

/**
 * Signs in as `scenario` on a fresh context, opens the first app, then alternates between the
 * two apps' module tabs `switches` times.
 */
export async function measureTabSwitches(
  browser: Browser,
  base: string,
  options: { rate: number; switches?: number; apps: [App, App]; scenario?: string },
): Promise<TabSwitchResult> {
  const tab = await openTab(browser.wsEndpoint(), options.rate);
  try {
    const [from, to] = options.apps;
    await tab.navigate(
      `${base}/__mock/scenario/${options.scenario ?? 'owner'}?next=${ROUTES.subApps[from]}/`,
    );
    const firstShown = await childShownAt(tab, ROUTES.subApps[from]);
    const firstLoadMs = firstShown - ((await tab.evaluate('performance.timeOrigin')) as number);
    const switchesMs: number[] = [];
    let prerendered = 0;
    for (let i = 0; i < (options.switches ?? SWITCHES); i++) {
      const target = i % 2 === 0 ? to : from;
      await pause(READING_MS);
      const box = (await tab.evaluate(`(() => {
        const link = document.querySelector('a[data-module-tab][href^="${ROUTES.subApps[target]}"]');
        const r = link && link.getBoundingClientRect();
        return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      })()`)) as { x: number; y: number } | null;
      if (!box) throw new Error(`no module tab for ${target}`);
      await tab.mouse('mouseMoved', box.x - 40, box.y + 30);
      await tab.mouse('mouseMoved', box.x, box.y);
      await pause(HOVER_MS);
      const pressedAt = (await tab.evaluate(NOW)) as number;
      await tab.mouse('mousePressed', box.x, box.y);
      await pause(PRESS_MS);
      await tab.mouse('mouseReleased', box.x, box.y);
      switchesMs.push((await childShownAt(tab, ROUTES.subApps[target])) - pressedAt);
      const activation = await tab.evaluate(
        '(performance.getEntriesByType("navigation")[0] || {}).activationStart || 0',
      );
      if (typeof activation === 'number' && activation > 0) prerendered++;
      // Where the time went, relative to the page's start (a prerendered page starts before the
      // press): the frame's request and answer, its hello, the app's content, and the shell's
      // long tasks (start, duration), which hold up every message of the frame.
      if (process.env.BENCH_VERBOSE)
        console.log(
          await tab.evaluate(`new Promise((resolve) => {
            const r = (x) => Math.round(x);
            const nav = performance.getEntriesByType('navigation')[0];
            const frame = performance.getEntriesByType('resource').find((e) => e.name.includes('sub-app.html'));
            const at = (name) => { const mark = performance.getEntriesByName(name)[0]; return mark && r(mark.startTime); };
            const longTasks = [];
            new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
            setTimeout(() => resolve(JSON.stringify({ press: r(${pressedAt} - performance.timeOrigin),
              activation: r(nav.activationStart), frameRequested: frame && r(frame.startTime),
              frameAnswered: frame && r(frame.responseEnd), greeted: at('sub-app-greeted'), mounted: at('sub-app-mounted'),
              longTasks: longTasks.map((e) => [r(e.startTime), r(e.duration)]) })), 100);
          })`),
        );
    }
    return { switchesMs, prerendered, firstLoadMs };
  } finally {
    await tab.close();
  }
}

export const summary = (label: string, r: TabSwitchResult) =>
  `  ${label} switch ${Math.round(median(r.switchesMs))} ms (median of ${r.switchesMs.length};` +
  ` ${r.prerendered} prerendered)   [${r.switchesMs.map(Math.round).join(', ')}]` +
  `   first load ${Math.round(r.firstLoadMs)} ms`;

/** The browser tests' Chromium and flags (playwright.config.ts), launched by puppeteer-core. */
export async function launchBenchBrowser(extraFlags: string[] = []): Promise<Browser> {
  const [{ default: puppeteer }, { default: playwrightConfig }] = await Promise.all([
    import('puppeteer-core'),
    import('../../playwright.config'),
  ]);
  const { executablePath, args = [] } = playwrightConfig.use?.launchOptions ?? {};
  return puppeteer.launch({
    executablePath,
    headless: true, // puppeteer's own switch for the '--headless' in the shared flags
    // puppeteer keeps to none of the tabs (bench/tab-session.ts opens and drives them): a client
    // that auto-attaches to a page's frames paused holds each new one until it has set it up.
    // (It still attaches to each new tab for a moment, to hear the filter's answer.)
    targetFilter: () => false,
    waitForInitialPage: false,
    // BENCH_CHROMIUM_FLAGS: flags to try a browser feature with, e.g.
    // `--enable-features=Prerender2CrossOriginIframes` (docs/frontend.md, "Switching apps").
    args: [
      '--window-size=1440,900',
      ...(process.env.BENCH_CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean),
      ...args.filter((flag) => flag !== '--headless'),
      ...extraFlags,
    ],
  });
}

/** The two figures `npm run bench` prints: unthrottled and at 4× CPU. */
export async function benchTabSwitches(
  site: Pick<StaticServer, 'url' | 'browserFlags' | 'protocol'>,
): Promise<string[]> {
  const base = site.url;
  const browser = await launchBenchBrowser(site.browserFlags);
  try {
    const lines = [
      `\nSwitching apps by module tab (owner, 产品管理 ↔ 织雀手册, press to the next child's content; over ${site.protocol}):`,
    ];
    for (const rate of [1, 4]) {
      const result = await measureTabSwitches(browser, base, { rate, apps: ['product', 'manual'] });
      const target = rate === 1 ? 350 : 800;
      lines.push(
        `${summary(rate === 1 ? 'unthrottled:' : `${rate}× CPU:    `, result)}   (target ≤ ${target} ms)`,
      );
    }
    return lines;
  } finally {
    await browser.close();
  }
}

/**
 * `npm run bench:tabs [-- --no-build] [-- --no-prerender] [-- --http1]`: the production build (its
 * brotli files, over HTTPS with HTTP/2), the mock stack behind it; `--no-prerender` leaves out the
 * speculation rules (the A/B's other half), `--http1` serves plain HTTP/1.1.
 */
async function main() {
  const { parseArgs } = await import('node:util');
  const { values: options } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      'no-prerender': { type: 'boolean', default: false },
      http1: { type: 'boolean', default: false },
    },
  });
  const { execFileSync } = await import('node:child_process');
  const path = await import('node:path');
  const { projectRoot, nodeBinary, packageBin } = await import('../lib/paths');
  const { startMockStack } = await import('@zhique/workbench-mock');
  const { serveBuild } = await import('./static-server');
  if (!options['no-build'])
    execFileSync(nodeBinary(), [packageBin('vite'), 'build', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  const stack = await startMockStack({ quiet: true });
  const site = await serveBuild({
    dir: path.join(projectRoot, process.env.VITE_OUT_DIR ?? 'dist'),
    gatewayUrl: stack.url,
    // The A/B: the same build without the header that names the rules (no prerendering).
    speculationRules: !options['no-prerender'],
    http2: !options.http1,
  });
  try {
    for (const line of await benchTabSwitches(site)) console.log(line);
  } finally {
    await site.close();
    await stack.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
