/**
 * `npm run bench:lighthouse`: Lighthouse (the `lighthouse` package, Debian's Chromium) on the
 * production build, served as `npm run bench` serves it (HTTPS with HTTP/2, the build's brotli files on loopback,
 * the mock stack behind the same-origin proxy), signed in. For each page — the signed-in home (scenario `personal`)
 * and the product app's home (`/micro-app-product/`, scenario `owner`) — and each setting —
 * Lighthouse's desktop preset and its default (mobile) settings — it runs Lighthouse
 * `LIGHTHOUSE_RUNS` times (default 5), each in a fresh browser profile: a new Chromium with an
 * empty profile signs in through the dev SSO (the session lands in the profile's storage),
 * then Lighthouse navigates to the page (its own cache clear; it keeps local storage and cookies).
 *
 * Prints the medians of the performance score, FCP, LCP, TBT, CLS and Speed Index, with
 * Lighthouse's `benchmarkIndex` of the machine beside them (scores move with the machine), and
 * the first load's JavaScript: the classic scripts, the app's entry and its modules as the built
 * index.html names them, gzip -9 and as sent (the build's brotli files). Figures only — no pass/fail (targets: docs/frontend.md, "The first load").
 *
 *   npm run bench:lighthouse                    builds first, then all pages and settings
 *   npm run bench:lighthouse -- --no-build      the existing dist/, if it was built from what is here
 *                                               (not the browser tests' build of it)
 *   LIGHTHOUSE_ONLY=home:mobile npm run bench:lighthouse -- --no-build
 *   LIGHTHOUSE_JSON=out.json …                  also writes every run's figures as JSON
 *   LIGHTHOUSE_REPORTS=dir …                    also keeps every run's whole Lighthouse report
 *       (dir/<build>-<page>-<setting>-<run>.json: the LCP element, the layout shifts, the long
 *       tasks and their scripts — what to read when a figure moves) and its trace (….trace.json,
 *       for DevTools' Performance panel)
 *   npm run bench:lighthouse -- --no-build --compare dist-before
 *       two builds (folders under the project) run by run in turn, so both meet the same load
 *       of a shared machine: one table each
 *   npm run bench:lighthouse -- --no-build --http1
 *       plain HTTP/1.1 instead of HTTPS with HTTP/2 (tools/bench/static-server.ts): Lighthouse
 *       simulates the protocol the page used, and production's is HTTP/2
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startMockStack } from '@zhique/workbench-mock';
import { buildFingerprint, buildIsCurrent } from '../../vite-plugins/build-inputs';
import { PRECOMPRESS_MIN_BYTES } from '../../vite-plugins/precompress';
import { firstLoadScripts } from '../lib/first-load';
import { nodeBinary, packageBin, projectRoot } from '../lib/paths';
import { gzipSize } from './gzip-size';
import { BENCH_PAGES } from './pages';
import { serveBuild } from './static-server';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const outDir = path.join(projectRoot, process.env.VITE_OUT_DIR ?? 'dist');
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    compare: { type: 'string' },
    http1: { type: 'boolean', default: false },
  },
});

/** The builds measured: `--compare DIR` first, then this one. */
const builds = [...(options.compare ? [path.join(projectRoot, options.compare)] : []), outDir];

/**
 * What is measured: the page, and the scenario user whose session is in the profile. Every
 * kind of page people open first (issue 41): the home and an app, a management page with a
 * table and the enterprise page, the user centre, a feedback page, the 404 page.
 */
const PAGES = BENCH_PAGES;
const SETTINGS = ['desktop', 'mobile'] as const;
type Setting = (typeof SETTINGS)[number];

/** `home:mobile,product:desktop` (either part may be `*`); all by default. */
const only = (process.env.LIGHTHOUSE_ONLY ?? '*:*').split(',').map((pair) => pair.split(':'));
const wanted = (page: string, setting: string) =>
  only.some(([p = '*', s = '*']) => (p === '*' || p === page) && (s === '*' || s === setting));

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function figures(lhr: Result): Figures {
  const value = (id: string) => {
    const audit = lhr.audits[id];
    if (typeof audit?.numericValue !== 'number') throw new Error(`Lighthouse gave no ${id}`);
    return audit.numericValue;
  };
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number')
    throw new Error(`Lighthouse gave no score: ${lhr.runtimeError?.message ?? 'unknown error'}`);
  return {
    score: score * 100,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** One run: a fresh profile signs in, then Lighthouse loads the page in it. */
async function runOnce(
  base: string,
  browserFlags: string[],
  page: (typeof PAGES)[number],
  setting: Setting,
  reportFile?: string,
): Promise<Figures> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wb-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...browserFlags,
    ],
  });
  try {
    const tab = await browser.newPage();
    // The dev SSO round trip: scenario cookie, authorize page, callback; the token ends in local storage.
    // Signed in at the home (every user's has the avatar; the 404 page has no shell to wait for).
    await tab.goto(`${base}/__mock/scenario/${page.scenario}?next=/`);
    await tab.waitForSelector('[data-testid="avatar-trigger"]', { timeout: 60_000 });
    await tab.goto('about:blank');
    const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await lighthouse(
      base + page.path,
      flags,
      setting === 'desktop' ? desktopConfig : undefined,
      // puppeteer-core's Page, the type Lighthouse names (its own copy of the same version).
      tab as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error('Lighthouse returned nothing');
    if (reportFile) {
      writeFileSync(reportFile, JSON.stringify(result.lhr));
      // The trace Lighthouse recorded: DevTools' Performance panel opens it.
      const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
      if (trace) writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    return figures(result.lhr);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Every script the first load runs (tools/lib/first-load.ts), with their gzip -9 sizes (the
 * targets' measure) and what the bench sends a browser that takes brotli: the build's own .br
 * files (vite-plugins/precompress.ts); a file too small for one as it is; in a build made
 * before the build wrote them, its compression on the fly (about gzip -9's size).
 */
function firstLoadJs(dir: string): { files: number; gzip: number; sent: number } {
  const { classic, app } = firstLoadScripts(readFileSync(path.join(dir, 'index.html'), 'utf8'));
  const urls = new Set([...classic, ...app]);
  let gzip = 0;
  let sent = 0;
  for (const url of urls) {
    const file = path.join(dir, url);
    const gzipped = gzipSize(file);
    gzip += gzipped;
    sent += existsSync(`${file}.br`)
      ? statSync(`${file}.br`).size
      : statSync(file).size < PRECOMPRESS_MIN_BYTES
        ? statSync(file).size
        : gzipped;
  }
  return { files: urls.size, gzip, sent };
}

const ms = (x: number) => `${Math.round(x)} ms`.padStart(8);
const s = (x: number) => `${(x / 1000).toFixed(2)} s`.padStart(8);

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  // dist/ may be another build: the browser tests' (its product app on another origin) or older sources.
  if (options['no-build'] && !buildIsCurrent(outDir, buildFingerprint(projectRoot, process.env)))
    throw new Error(
      `${outDir} was not built from these sources and VITE_* settings (the browser tests build it with their own): run without --no-build`,
    );
  if (!options['no-build']) {
    console.log('[lighthouse] vite build…');
    execFileSync(nodeBinary(), [packageBin('vite'), 'build', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
  }
  const stack = await startMockStack({ quiet: true });
  const sites = await Promise.all(
    builds.map((dir) => serveBuild({ dir, gatewayUrl: stack.url, http2: !options.http1 })),
  );
  const rows: { build: string; page: string; setting: Setting; runs: Figures[] }[] = [];
  try {
    for (const page of PAGES)
      for (const setting of SETTINGS) {
        if (!wanted(page.name, setting)) continue;
        const runs: Figures[][] = builds.map(() => []);
        for (let i = 0; i < RUNS; i++)
          for (const [b, site] of sites.entries()) {
            const reports = process.env.LIGHTHOUSE_REPORTS;
            const reportFile =
              reports &&
              path.join(reports, `${path.basename(builds[b]!)}-${page.name}-${setting}-${i + 1}.json`);
            if (reports) mkdirSync(reports, { recursive: true });
            const run = await runOnce(site.url, site.browserFlags, page, setting, reportFile);
            console.log(
              `[lighthouse] ${path.basename(builds[b]!)} ${page.name} ${setting} #${i + 1}: score ${Math.round(run.score)}, FCP ${Math.round(run.fcp)} ms, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, SI ${Math.round(run.si)} ms, benchmarkIndex ${Math.round(run.benchmarkIndex)}`,
            );
            runs[b]!.push(run);
          }
        builds.forEach((dir, b) =>
          rows.push({ build: path.basename(dir), page: page.name, setting, runs: runs[b]! }),
        );
      }
  } finally {
    await Promise.all(sites.map((site) => site.close()));
    await stack.stop();
  }

  // Every site of the run speaks the same (`--http1` or not).
  const protocol = sites[0]!.protocol;
  for (const dir of builds) {
    const js = firstLoadJs(dir);
    console.log(
      `\n${path.basename(dir)}: Lighthouse ${RUNS} runs each, medians; production build, pre-compressed, over ${protocol}, signed in, fresh profile per run:`,
    );
    console.log(
      'page        setting   score      FCP      LCP      TBT     CLS       SI   benchmarkIndex (per run)',
    );
    for (const { page, setting, runs } of rows.filter((row) => row.build === path.basename(dir))) {
      const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
      console.log(
        `${page.padEnd(11)} ${setting.padEnd(8)} ${String(Math.round(m('score'))).padStart(6)} ${s(m('fcp'))} ${s(m('lcp'))} ${ms(m('tbt'))} ${m('cls').toFixed(3).padStart(7)} ${s(m('si'))}   ${Math.round(m('benchmarkIndex'))} (${runs.map((run) => Math.round(run.benchmarkIndex)).join(', ')})`,
      );
    }
    console.log(
      `first-load JS (index.html's scripts, the app's entry and modules): ${(js.gzip / 1024).toFixed(1)} KB gzip -9, ${(js.sent / 1024).toFixed(1)} KB as sent (the build's brotli files), in ${js.files} files`,
    );
  }
  if (process.env.LIGHTHOUSE_JSON)
    writeFileSync(
      process.env.LIGHTHOUSE_JSON,
      JSON.stringify(
        rows.map((row) => ({ ...row, protocol })),
        null,
        2,
      ),
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
