/**
 * Build only: the shell's first load is evaluated in stages, one chunk per task, after the
 * page has painted, instead of as one static module graph in one long task.
 *
 * A static module graph is evaluated in a single task once every file has arrived: for the
 * shell that was one task of several hundred milliseconds under 4× CPU throttling (the largest
 * part of Lighthouse's Total Blocking Time), and on a fast connection it could run before the
 * first paint. Here index.html's entry script is a small loader (`first-load-*.js`, from 'self',
 * so the strict CSP is unchanged) that imports the entry's chunks one by one in dependency order
 * — leaves first, so each import evaluates exactly one chunk — and yields to the browser between
 * them (`scheduler.yield()` where there is one). The first import waits for a paint, so the
 * loading screen (or index.html's frame of the shell, scripts/boot-frame) is on screen before any
 * of the bundle is evaluated. The chunk that holds src/app/early-start.ts and what it needs goes
 * first: the bootstrap calls leave before antd and ProComponents are evaluated.
 *
 * The files are still fetched at once: index.html keeps a modulepreload for every chunk (the
 * entry too), marked `fetchpriority="low"`: they are not needed for the first paint, which
 * needs the stylesheets only (Lighthouse's simulation counts a high-priority script that arrived
 * before the first paint as render-blocking, and a module script is not).
 *
 * The sub-app frame's page (sub-app.html) keeps its plain module script.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const LOADER_NAME = 'first-load.js';
/** The module that must be evaluated first (the bootstrap calls): src/app/early-start.ts. */
const EARLY = /[\\/]src[\\/]app[\\/]early-start\.ts$/;

/** The entry's static chunks, each after everything it imports; the early-start chunk's subtree first. */
function evaluationOrder(bundle: OutputBundle, entry: OutputChunk): string[] {
  const order: string[] = [];
  const seen = new Set<string>([entry.fileName]);
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    chunk.imports.forEach(visit);
    order.push(fileName);
  };
  const early = entry.imports.find((fileName) => {
    const chunk = bundle[fileName];
    return chunk?.type === 'chunk' && chunk.moduleIds.some((id) => EARLY.test(id));
  });
  if (early) visit(early);
  entry.imports.forEach(visit);
  return order;
}

/** The loader's source: plain JavaScript, no inline script anywhere. */
function loaderSource(urls: string[], entryUrl: string): string {
  return `// The shell's first load, one chunk per task (scripts/first-load-stages.ts).
const chunks = ${JSON.stringify(urls)};
// After a paint: a frame, then a task (a hidden tab gets no frames: the timeout).
const painted = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
const pause = () =>
  globalThis.scheduler && typeof scheduler.yield === 'function'
    ? scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));
await painted();
for (const url of chunks) {
  await import(url);
  await pause();
}
await import(${JSON.stringify(entryUrl)});
`;
}

export function firstLoadStages(): Plugin {
  let base = '/';
  let loaderFileName: string | undefined;
  let entryFileName: string | undefined;
  return {
    name: 'workbench-first-load-stages',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // Before Vite writes index.html (its own generateBundle), which then finds the loader.
      order: 'pre',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find(
          (file): file is OutputChunk =>
            file.type === 'chunk' && file.isEntry && /[\\/]index\.html$/.test(file.facadeModuleId ?? ''),
        );
        if (!entry) throw new Error('first-load-stages: no chunk for index.html');
        entryFileName = entry.fileName;
        const urls = evaluationOrder(bundle, entry).map((fileName) => base + fileName);
        const ref = this.emitFile({
          type: 'asset',
          name: LOADER_NAME,
          source: loaderSource(urls, base + entry.fileName),
        });
        loaderFileName = this.getFileName(ref);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.path !== '/index.html') return html;
        if (!loaderFileName || !entryFileName)
          throw new Error('first-load-stages: the loader was not emitted');
        const entryTag = new RegExp(
          `<script type="module" crossorigin src="${base}${entryFileName}"([^>]*)></script>`,
        );
        const match = entryTag.exec(html);
        if (!match)
          throw new Error(`first-load-stages: index.html has no module script for ${entryFileName}`);
        const attrs = match[1] ?? '';
        return (
          html
            .replace(
              entryTag,
              `<script type="module" crossorigin src="${base}${loaderFileName}"${attrs}></script>\n` +
                `    <link rel="modulepreload" crossorigin href="${base}${entryFileName}" fetchpriority="low"${attrs}>`,
            )
            // Every chunk of the first load: fetched now, but not before the stylesheets.
            .replace(
              /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
              '<link rel="modulepreload" fetchpriority="low"',
            )
        );
      },
    },
  };
}
