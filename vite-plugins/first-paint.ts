/**
 * Build only: the page paints first, then fetches the app. index.html's module entry and its
 * modulepreloads (the tags Vite writes) become the data of a small deferred classic script from
 * 'self' (`app-loader-*.js`), which adds the same tags to <head> (the entry after the
 * evaluation stages, below; a modulepreload for the entry's own chunk too) once the first
 * contentful paint — the shell's frame (vite-plugins/boot-frame) or the loading screen — is on screen.
 *
 * Why: requested with the page, the first load's ~330 KB of JavaScript shares the network
 * and the browser's main process with the stylesheets and fonts the first paint needs. On
 * Debian's Chromium the first layout of Chinese text makes synchronous font calls to the
 * browser process, which then answer in 250–300 ms instead of 30 ms; on a phone's network the
 * stylesheets queue behind the scripts (HTTP/2 servers seldom honour `fetchpriority`). And
 * Lighthouse's page-load model counts every request that ended before the largest paint as
 * something that paint waited for: mobile LCP was 3.2 s although the frame was painted, in the
 * trace, before any script had run. The price is the time from the first paint to the
 * request (a frame or two), which the scripts' download no longer shares with the paint.
 *
 * When the browser cannot say (no Paint Timing), or the tab is hidden (nothing paints in a
 * background tab), the tags are added at once; and at the latest after LOAD_AFTER_MS, whatever
 * happened. Same URLs, same `crossorigin`; the modulepreloads are added TAGS_PER_TASK per task
 * (starting a dozen requests at once was itself a long task on a slow phone), in the order the
 * stages need them and the entry's own chunk with them (firstLoadOrder), and the first stage
 * starts in the task after the first TAGS_PER_TASK of them.
 * No inline script: CSP's `script-src 'self'` admits both.
 *
 * Evaluated in stages: the entry's static module graph would be evaluated as one task (about
 * 300 ms on a phone, the longest of the load). The loader first adds, one at a time, a module
 * script for each of the first load's large chunks (`data-stages`, in dependency order: the
 * vendor chunks and the bootstrap calls' chunk, vite-plugins/vendor-chunks.ts), each once the one
 * before has run and the browser has had a turn; then the entry, whose graph is by then
 * evaluated but for the app's own code. A module is evaluated once per page, so this only
 * moves where the task boundaries fall; the order stays the graph's (dependencies first).
 * A hidden tab, whose timers run about once a second, gets the entry at once, also when it is
 * hidden before the first stage or between two.
 *
 * The page a load starts on comes with the first load: when the boot frame paints a page of the
 * management back-end or of the user centre (it names it on <html>: `data-boot-admin` for a
 * back-end page the recorded menu gives, `data-boot-user-center`), the loader adds that page's
 * chunks (`data-pages`, `data-page-files`: the section's and the page's code and what they
 * import, less the first load) after the first load's modulepreloads. They used to be requested
 * only once the entry had run (src/app/pages.ts), after the stages' evaluation, while the
 * network had nothing to do.
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import type { AdminPageName } from '../src/constants/routes.ts';
import type { UserCenterPage } from '../src/constants/user-center-menu.ts';
import { AFTER_FIRST_PAINT_LATEST_MS, AFTER_FIRST_PAINT_SOURCE } from './lib/after-first-paint.ts';
import { chunksInLoadOrder } from './lib/chunk-graph.ts';
import { emittedAsset } from './lib/emitted-asset.ts';
import { FIRST_LOAD_STAGES } from './vendor-chunks.ts';

/** The loader's safety net: the app is requested by then even if no paint was reported. */
export const LOAD_AFTER_MS = AFTER_FIRST_PAINT_LATEST_MS;
/** Modulepreloads added per task (each starts a request: 4 at once took 14–20 ms in Lighthouse's trace). */
export const TAGS_PER_TASK = 2;

/**
 * The loader (plain ES2017, a classic `defer` script): reads its own data-entry, data-modules,
 * data-stages, data-page-files and data-pages.
 */
export function appLoaderScript(): string {
  return `(function () {
  // currentScript is null if something re-runs the script out of the page (a proxy's optimiser).
  var script = document.currentScript || document.querySelector('script[data-entry]');
  var entry = script.getAttribute('data-entry');
  var list = function (name) {
    return (script.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var modules = list('data-modules');
  var stages = list('data-stages');
  // The chunks of the page the boot frame named on <html> (an entry: attribute.value=indices).
  var pageFiles = list('data-page-files');
  list('data-pages').forEach(function (page) {
    var key = page.slice(0, page.indexOf('='));
    var dot = key.indexOf('.');
    if (document.documentElement.getAttribute(key.slice(0, dot)) !== key.slice(dot + 1)) return;
    page.slice(key.length + 1).split(',').forEach(function (index) {
      modules.push(pageFiles[Number(index)]);
    });
  });
  var add = function (tag, attrs) {
    var element = document.createElement(tag);
    element.crossOrigin = '';
    for (var name in attrs) element[name] = attrs[name];
    document.head.appendChild(element);
    return element;
  };
  // One module script per task: the next once this one has run (or failed: the entry then
  // reports the failure as it would have alone), after a turn for the browser.
  // Hidden meanwhile (before the first stage or between two): the entry at once, which imports
  // the stages left, not a slow timer for each.
  var run = function (srcs) {
    var rest = document.visibilityState === 'visible' ? srcs : srcs.slice(-1);
    var element = add('script', { type: 'module', src: rest[0] });
    if (rest.length === 1) return;
    var next = function () {
      if (document.visibilityState !== 'visible') run(rest.slice(-1));
      else setTimeout(run, 0, rest.slice(1));
    };
    element.onload = next;
    element.onerror = next;
  };
  // A few tags per task: each starts a request, which is work for the main thread too. All at
  // once in a hidden tab, where timers run about once a second.
  var addSome = function (hrefs) {
    var count = document.visibilityState === 'visible' ? ${TAGS_PER_TASK} : hrefs.length;
    hrefs.slice(0, count).forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href });
    });
    if (hrefs.length > count) setTimeout(addSome, 0, hrefs.slice(count));
  };
  var load = function () {
    var visible = document.visibilityState === 'visible';
    // The first stage in the task right after the first preloads, the rest of them beside the
    // stages: the modules are listed in the order the stages need them (firstLoadOrder).
    if (visible) setTimeout(run, 0, stages.concat(entry));
    addSome(modules);
    if (!visible) run([entry]);
  };
  ${AFTER_FIRST_PAINT_SOURCE}
  afterFirstPaint(load, ${LOAD_AFTER_MS});
})();
`;
}

const ENTRY = /[ \t]*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/;
const PRELOAD = /[ \t]*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;

/** index.html without its entry and modulepreloads, and what they were. */
export function takeFirstLoadScripts(html: string): { html: string; entry: string; modules: string[] } {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('first-paint: index.html has no module entry');
  const modules = [...html.matchAll(PRELOAD)].map((match) => match[1]!);
  return { html: html.replace(ENTRY, '').replace(PRELOAD, ''), entry, modules };
}

/**
 * The chunks the entry imports, directly or not, that are evaluated one per task before it
 * (`staged`: by chunk name), in dependency order: a chunk after every chunk it imports.
 */
export function evaluationStages(
  entry: OutputChunk,
  bundle: OutputBundle,
  staged: (name: string) => boolean,
): string[] {
  return chunksInLoadOrder(bundle, [entry.fileName]).filter(
    (fileName) => fileName !== entry.fileName && staged((bundle[fileName] as OutputChunk).name),
  );
}

/**
 * The first load's modules (Vite's modulepreloads, by file name) in the order the stages need
 * them — each stage after what it imports, stage by stage, then the rest — and the entry's own
 * chunk last: it downloads while the stages are evaluated, instead of being requested only when
 * its script is added after them.
 */
export function firstLoadOrder(
  entry: OutputChunk,
  bundle: OutputBundle,
  stages: string[],
  modules: string[],
): string[] {
  const order = chunksInLoadOrder(bundle, [...stages, entry.fileName]);
  const position = new Map(order.map((fileName, index) => [fileName, index]));
  const rank = (fileName: string) => position.get(fileName) ?? order.length;
  const preloads = modules.filter((fileName) => fileName !== entry.fileName);
  // A stable sort: what the walk did not reach keeps Vite's order, before the entry.
  return [...preloads.sort((a, b) => rank(a) - rank(b)), entry.fileName];
}

/** A page's modules: its section's first (the section is lazy too), then the page's own. */
const inSection = (section: string, pages: string) => (page: string) => [
  `${section}.tsx`,
  `${pages}/${page}Page.tsx`,
];
const admin = inSection('src/features/admin/AdminSection', 'src/features/admin/pages');
const userCentre = inSection('src/features/user-center/UserCenterLayout', 'src/features/user-center/pages');

/**
 * The pages a load can start on whose code comes with the first load, by the attribute the boot
 * frame names them with on <html> (vite-plugins/boot-frame): the modules each needs, from the
 * project's root. The types ask for every page of both areas.
 */
const FIRST_PAGES: {
  'data-boot-admin': Record<AdminPageName, string[]>;
  'data-boot-user-center': Record<UserCenterPage, string[]>;
} = {
  'data-boot-admin': {
    enterprise: admin('Enterprise'),
    members: admin('Members'),
    roles: admin('Roles'),
    permissions: admin('Permissions'),
  },
  'data-boot-user-center': {
    baseInfo: userCentre('BaseInfo'),
    accountSetting: userCentre('AccountSetting'),
    thirdAccount: userCentre('ThirdAccount'),
    enterprise: userCentre('Enterprise'),
    myFeedback: userCentre('MyFeedback'),
  },
};

/**
 * Each first page's chunks that the first load does not hold (in load order: what a chunk
 * imports before it), as the loader reads them: the files once (`files`), and per page an
 * entry `attribute.value=i,j,…` (`pages`). A module that is in no chunk fails the build.
 */
function firstPageChunks(
  bundle: OutputBundle,
  root: string,
  firstLoad: ReadonlySet<string>,
  pages: Record<string, Record<string, string[]>> = FIRST_PAGES,
): { files: string[]; pages: string[] } {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const chunkOf = (module: string) => {
    const id = path.resolve(root, module);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`first-paint: no chunk holds ${module}`);
    return chunk.fileName;
  };
  const files: string[] = [];
  const entries: string[] = [];
  for (const [attribute, byValue] of Object.entries(pages))
    for (const [value, modules] of Object.entries(byValue)) {
      const own = chunksInLoadOrder(bundle, modules.map(chunkOf)).filter(
        (fileName) => !firstLoad.has(fileName),
      );
      const indices = own.map((fileName) => {
        if (!files.includes(fileName)) files.push(fileName);
        return files.indexOf(fileName);
      });
      if (indices.length) entries.push(`${attribute}.${value}=${indices.join(',')}`);
    }
  return { files, pages: entries };
}

/**
 * What replaces index.html's entry and modulepreload tags: the page without them, and the
 * loader's attributes. Every URL is written as Vite wrote the entry's (its base included, `./`
 * or `/app/` alike), and a tag that names no file of this build fails the build.
 */
export function appLoaderTag(
  html: string,
  entry: OutputChunk,
  bundle: OutputBundle,
  loaderFileName: string,
  firstPages: { root: string; pages?: Record<string, Record<string, string[]>> },
): { html: string; attrs: Record<string, string | boolean> } {
  const taken = takeFirstLoadScripts(html);
  if (!taken.entry.endsWith(entry.fileName))
    throw new Error(`first-paint: index.html's entry ${taken.entry} is not ${entry.fileName}`);
  const prefix = taken.entry.slice(0, -entry.fileName.length);
  const fileOf = (url: string) => {
    const fileName = url.slice(prefix.length);
    if (!url.startsWith(prefix) || !(fileName in bundle))
      throw new Error(`first-paint: ${url} is no file of this build under ${prefix}`);
    return fileName;
  };
  const url = (fileName: string) => prefix + fileName;
  const stages = evaluationStages(entry, bundle, (name) => FIRST_LOAD_STAGES.includes(name));
  const modules = firstLoadOrder(entry, bundle, stages, taken.modules.map(fileOf));
  const firstLoad = new Set(chunksInLoadOrder(bundle, [entry.fileName]));
  const pages = firstPageChunks(bundle, firstPages.root, firstLoad, firstPages.pages);
  return {
    html: taken.html,
    attrs: {
      src: url(loaderFileName),
      defer: true,
      'data-entry': taken.entry,
      'data-modules': modules.map(url).join(' '),
      'data-stages': stages.map(url).join(' '),
      'data-page-files': pages.files.map(url).join(' '),
      'data-pages': pages.pages.join(' '),
    },
  };
}

export function firstPaintBeforeScripts(): Plugin {
  let root = process.cwd();
  return {
    name: 'workbench-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: 'app-loader.js', source: appLoaderScript() });
    },
    transformIndexHtml: {
      // After Vite has written its own tags (entry and modulepreloads).
      order: 'post',
      handler(html, ctx) {
        // The shell's page only, as in the other index.html plugins (sub-app.html is a frame's page).
        if (ctx.path !== '/index.html') return html;
        if (!ctx.chunk || !ctx.bundle) throw new Error('first-paint: index.html has no entry chunk');
        const loader = emittedAsset(ctx, 'app-loader.js');
        const tag = appLoaderTag(html, ctx.chunk, ctx.bundle, loader.fileName, { root });
        return { html: tag.html, tags: [{ tag: 'script', attrs: tag.attrs, injectTo: 'head' }] };
      },
    },
  };
}
