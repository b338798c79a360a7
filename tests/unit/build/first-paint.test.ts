import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import {
  appLoaderScript,
  appLoaderTag,
  evaluationStages,
  firstLoadOrder,
  LOAD_AFTER_MS,
  TAGS_PER_TASK,
  takeFirstLoadScripts,
} from '../../../vite-plugins/first-paint';

/** A chunk of a build's output, and a bundle of them, as the plugin reads them. */
const chunk = (fileName: string, name: string, imports: string[] = [], moduleIds: string[] = []) =>
  ({ type: 'chunk', fileName, name, imports, moduleIds }) as unknown as OutputChunk;
const bundleOf = (...chunks: OutputChunk[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;

describe('the page paints first, then fetches the app', () => {
  const html = [
    '<link rel="stylesheet" href="/assets/antd-shell.css" nonce="n">',
    '    <script type="module" crossorigin src="/assets/main.js" nonce="n"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/vendor-react.js" nonce="n">',
    '    <link rel="modulepreload" crossorigin href="/assets/vendor-antd.js" nonce="n">',
    '<link rel="stylesheet" crossorigin href="/assets/main.css" nonce="n">',
  ].join('\n');

  it('takes the entry and its modulepreloads out of index.html, in order, and leaves the stylesheets', () => {
    const taken = takeFirstLoadScripts(html);
    expect(taken.entry).toBe('/assets/main.js');
    expect(taken.modules).toEqual(['/assets/vendor-react.js', '/assets/vendor-antd.js']);
    expect(taken.html).toBe(
      '<link rel="stylesheet" href="/assets/antd-shell.css" nonce="n">\n<link rel="stylesheet" crossorigin href="/assets/main.css" nonce="n">',
    );
  });

  it('refuses a page without a module entry (the build changed shape)', () => {
    expect(() => takeFirstLoadScripts('<link rel="stylesheet" href="/a.css">')).toThrow(/no module entry/);
  });

  /** Runs the loader in a fake page; returns what it appended to <head> and the page's hooks. */
  function runLoader(
    page: {
      visibility?: string;
      paintTiming?: boolean;
      throws?: boolean;
      /** Called at each of the loader's yields with the number of tags it has added so far. */
      onYield?: (appendedSoFar: number) => void;
      /** The first contentful paint was reported before the loader ran. */
      paintedBefore?: boolean;
      /** data-stages */
      stages?: string[];
      /** data-page-files and data-pages, and the attributes the boot frame set on <html>. */
      pageFiles?: string[];
      pages?: string[];
      html?: Record<string, string>;
    } = {},
  ) {
    const appended: Record<string, unknown>[] = [];
    /** The elements themselves (the loader sets their onload/onerror after appending them). */
    const elements: Record<string, unknown>[] = [];
    const timers: (() => void)[] = [];
    const observers: { callback: (list: unknown) => void; disconnected: boolean }[] = [];
    let onVisibility: (() => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = page.paintTiming === false ? ['navigation'] : ['paint', 'navigation'];
      entry: { callback: (list: unknown) => void; disconnected: boolean };
      constructor(callback: (list: unknown) => void) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {
        if (page.throws) throw new Error('observe failed');
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const script = {
      getAttribute: (name: string) =>
        ({
          'data-entry': '/assets/main.js',
          'data-modules': modules.join(' '),
          'data-stages': (page.stages ?? []).join(' '),
          'data-page-files': (page.pageFiles ?? []).join(' '),
          'data-pages': (page.pages ?? []).join(' '),
        })[name] ?? null,
    };
    const document = {
      currentScript: script,
      documentElement: { getAttribute: (name: string) => page.html?.[name] ?? null },
      visibilityState: page.visibility ?? 'visible',
      head: {
        appendChild: (element: Record<string, unknown>) => {
          appended.push({ ...element });
          elements.push(element);
        },
      },
      createElement: (tag: string) => ({ tag }),
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'visibilitychange') onVisibility = listener;
      },
    };
    // The safety net waits; the loader's own yields (0 ms) are tasks, run in order as soon as
    // what the page did (the loader, a paint, a script's load) has returned.
    const tasks: (() => void)[] = [];
    const setTimeout = (fn: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => {
      if (ms === 0) return void tasks.push(() => fn(...args));
      expect(ms).toBe(LOAD_AFTER_MS);
      timers.push(fn);
    };
    const thenTasks =
      <A extends unknown[]>(event: (...args: A) => void) =>
      (...args: A) => {
        event(...args);
        for (let task = tasks.shift(); task; task = tasks.shift()) {
          page.onYield?.(appended.length);
          task();
        }
      };
    thenTasks(() =>
      runInNewContext(appLoaderScript(), {
        document,
        setTimeout,
        PerformanceObserver: FakeObserver,
        performance: {
          getEntriesByName: (name: string) =>
            page.paintedBefore && name === 'first-contentful-paint' ? [{ name }] : [],
        },
        window: { PerformanceObserver: FakeObserver },
      }),
    )();
    /** Paint Timing reports these paints; `paint` then lets the tasks the loader queued run. */
    const reportPaint = (...names: string[]) =>
      observers.forEach((o) => o.callback({ getEntriesByName: (n: string) => names.filter((x) => x === n) }));
    const paint = thenTasks(reportPaint);
    /** The module script for `src` finished: `load` (it ran) or `error`. */
    const finish = thenTasks((src: string, how: 'load' | 'error' = 'load') => {
      const element = elements.find((e) => e.src === src);
      (element?.[`on${how}`] as (() => void) | undefined)?.();
    });
    /** The tab is hidden from now on (no event: the loader only reads the state). */
    const hideQuietly = () => {
      document.visibilityState = 'hidden';
    };
    const hide = thenTasks(() => {
      document.visibilityState = 'hidden';
      onVisibility?.();
    });
    const fire = thenTasks(() => timers.forEach((timer) => timer()));
    const runTasks = thenTasks(() => {});
    return { appended, observers, reportPaint, paint, runTasks, finish, hideQuietly, hide, fire };
  }

  const entry = '/assets/main.js';
  /** As the build lists them: the entry's own chunk last (it downloads while the stages run). */
  const modules = [...['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/assets/${name}.js`), entry];
  const preload = (href: string) => ({ tag: 'link', crossOrigin: '', rel: 'modulepreload', href });
  const moduleScript = (src: string) => ({ tag: 'script', crossOrigin: '', type: 'module', src });
  /**
   * The first preloads; in the next task the first stage's script (`first`: the entry when there
   * are no stages); then the other preloads, a few per task.
   */
  const visibleTags = (first: string) => [
    ...modules.slice(0, TAGS_PER_TASK).map(preload),
    moduleScript(first),
    ...modules.slice(TAGS_PER_TASK).map(preload),
  ];
  /** The tags added so far at each turn the loader gives the browser while doing that. */
  const visibleYields = [
    TAGS_PER_TASK,
    ...Array.from(
      { length: Math.ceil((modules.length - TAGS_PER_TASK) / TAGS_PER_TASK) },
      (_, batch) => TAGS_PER_TASK + 1 + batch * TAGS_PER_TASK,
    ),
  ];
  /** A hidden tab's: everything in one task, the entry last. */
  const allAtOnce = [...modules.map(preload), moduleScript(entry)];

  it('adds the tags once the first contentful paint is reported, not before, and only once', () => {
    const page = runLoader();
    expect(page.appended).toEqual([]);
    page.paint('first-paint');
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual(visibleTags(entry));
    expect(page.observers[0]!.disconnected).toBe(true);
    page.fire();
    page.hide();
    expect(page.appended).toHaveLength(modules.length + 1);
  });

  it('adds the modulepreloads a few per task, and the first script in the task after the first of them', () => {
    const yields: number[] = [];
    const page = runLoader({ onYield: (appendedSoFar) => yields.push(appendedSoFar) });
    page.paint('first-contentful-paint');
    expect(yields).toEqual(visibleYields);
    expect(page.appended).toEqual(visibleTags(entry));
  });

  it("adds the chunks of the page the boot frame named after the first load's, and no other page's", () => {
    const pageFiles = ['/assets/section.js', '/assets/members.js', '/assets/table.js', '/assets/roles.js'];
    const pages = [
      'data-boot-admin.members=0,2,1',
      'data-boot-admin.roles=0,2,3',
      'data-boot-user-center.members=3',
    ];
    const preloads = (loaded: ReturnType<typeof runLoader>) =>
      loaded.appended.filter((tag) => tag.tag === 'link').map((tag) => tag.href);
    const members = runLoader({ pageFiles, pages, html: { 'data-boot-admin': 'members' } });
    members.paint('first-contentful-paint');
    expect(preloads(members)).toEqual([
      ...modules,
      '/assets/section.js',
      '/assets/table.js',
      '/assets/members.js',
    ]);
    // Still a few per task, and the first stage's script where it was.
    expect(members.appended.slice(0, TAGS_PER_TASK + 1)).toEqual(
      visibleTags(entry).slice(0, TAGS_PER_TASK + 1),
    );
    // No page named (the home, a page the recorded menu does not give), or another area's: the first load alone.
    const others: Record<string, string>[] = [
      {},
      { 'data-boot-admin': 'unknown' },
      { 'data-boot-user-center': 'baseInfo' },
    ];
    for (const html of others) {
      const other = runLoader({ pageFiles, pages, html });
      other.paint('first-contentful-paint');
      expect(preloads(other), JSON.stringify(html)).toEqual(modules);
    }
  });

  it('loads at once when already painted, without Paint Timing, or when observing fails; a hidden tab in one task', () => {
    for (const setup of [{ paintedBefore: true }, { paintTiming: false }, { throws: true }])
      expect(runLoader(setup).appended, JSON.stringify(setup)).toEqual(visibleTags(entry));
    const hidden = runLoader({
      visibility: 'hidden',
      onYield: () => expect.unreachable('a hidden tab waits for no timer'),
    });
    expect(hidden.appended).toEqual(allAtOnce);
  });

  it('loads when the tab is hidden before the paint, and by the safety timer whatever happens', () => {
    const hidden = runLoader();
    hidden.hide();
    expect(hidden.appended).toEqual(allAtOnce);
    const silent = runLoader();
    silent.fire();
    expect(silent.appended).toEqual(visibleTags(entry));
  });

  it('evaluates the stages one per task, each after the one before has run, then the entry', () => {
    const stages = ['/assets/a.js', '/assets/c.js'];
    const yields: number[] = [];
    const page = runLoader({ stages, onYield: (appendedSoFar) => yields.push(appendedSoFar) });
    page.paint('first-contentful-paint');
    const first = visibleTags('/assets/a.js');
    expect(page.appended).toEqual(first);
    page.finish('/assets/a.js');
    expect(page.appended).toEqual([...first, moduleScript('/assets/c.js')]);
    // A stage that fails does not stop the load: the entry reports the failure, as it would alone.
    page.finish('/assets/c.js', 'error');
    expect(page.appended).toEqual([...first, moduleScript('/assets/c.js'), moduleScript(entry)]);
    // A turn for the browser before each next script.
    expect(yields).toEqual([...visibleYields, modules.length + 1, modules.length + 2]);
    page.finish(entry);
    expect(page.appended).toHaveLength(modules.length + 3);
  });

  it('gives a hidden tab the entry at once, without stages (its timers run about once a second)', () => {
    const page = runLoader({ stages: ['/assets/a.js'], visibility: 'hidden' });
    expect(page.appended).toEqual(allAtOnce);
  });

  it('adds the entry at once when the tab is hidden before the first stage', () => {
    const page = runLoader({ stages: ['/assets/a.js', '/assets/c.js'] });
    // Hidden between the task that added the first preloads and the one of the first stage.
    page.reportPaint('first-contentful-paint');
    page.hideQuietly();
    page.runTasks();
    expect(page.appended.filter((tag) => tag.tag === 'script')).toEqual([moduleScript(entry)]);
  });

  it('adds the entry at once when the tab is hidden between two stages', () => {
    const yields: number[] = [];
    const page = runLoader({
      stages: ['/assets/a.js', '/assets/c.js'],
      onYield: (appendedSoFar) => yields.push(appendedSoFar),
    });
    page.paint('first-contentful-paint');
    page.hideQuietly();
    page.finish('/assets/a.js');
    expect(page.appended).toEqual([...visibleTags('/assets/a.js'), moduleScript(entry)]);
    expect(yields).toEqual(visibleYields);
  });
});

describe('the evaluation stages', () => {
  const staged = (name: string) => name.startsWith('vendor-') || name === 'early-start';

  it("lists the entry's staged chunks, each after every chunk it imports, and nothing else", () => {
    const entry = chunk('main.js', 'main', ['vendor-pro.js', 'early-start.js', 'router.js']);
    const bundle = bundleOf(
      entry,
      chunk('vendor-react.js', 'vendor-react', ['runtime.js']),
      chunk('runtime.js', 'rolldown-runtime'),
      chunk('early-start.js', 'early-start', ['vendor-react.js']),
      chunk('vendor-antd.js', 'vendor-antd', ['vendor-react.js']),
      chunk('vendor-pro.js', 'vendor-pro', ['vendor-antd.js', 'vendor-react.js']),
      chunk('router.js', 'chunk-router', ['vendor-react.js']),
      chunk('lazy.js', 'vendor-lazy', ['vendor-react.js']),
    );
    expect(evaluationStages(entry, bundle, staged)).toEqual([
      'vendor-react.js',
      'vendor-antd.js',
      'vendor-pro.js',
      'early-start.js',
    ]);
  });

  it("lists the modules in the order the stages need them, what they import first, and the entry's own chunk last", () => {
    // The router first: a walk from the entry alone would list it before the stages.
    const entry = chunk('main.js', 'main', ['router.js', 'vendor-antd.js', 'early-start.js']);
    const bundle = bundleOf(
      entry,
      chunk('runtime.js', 'rolldown-runtime'),
      chunk('vendor-react.js', 'vendor-react', ['runtime.js']),
      chunk('query.js', 'chunk-query', ['vendor-react.js']),
      chunk('early-start.js', 'early-start', ['query.js', 'vendor-react.js']),
      chunk('vendor-antd.js', 'vendor-antd', ['vendor-react.js']),
      chunk('router.js', 'chunk-router', ['vendor-react.js']),
    );
    const stages = evaluationStages(entry, bundle, staged);
    expect(stages).toEqual(['vendor-react.js', 'vendor-antd.js', 'early-start.js']);
    // Vite's order: the graph's, with the bootstrap calls' own imports after antd.
    const vite = [
      'runtime.js',
      'vendor-react.js',
      'vendor-antd.js',
      'router.js',
      'query.js',
      'early-start.js',
    ];
    expect(firstLoadOrder(entry, bundle, stages, vite)).toEqual([
      'runtime.js',
      'vendor-react.js',
      'vendor-antd.js',
      'query.js',
      'early-start.js',
      'router.js',
      'main.js',
    ]);
    // What the walk does not know keeps Vite's order, before the entry; the entry is listed once.
    expect(firstLoadOrder(entry, bundle, stages, ['extra.js', 'main.js', ...vite]).slice(-2)).toEqual([
      'extra.js',
      'main.js',
    ]);
  });

  it('never lists the entry itself, and survives import cycles', () => {
    const entry = chunk('main.js', 'vendor-main', ['vendor-a.js']);
    const bundle = bundleOf(
      entry,
      chunk('vendor-a.js', 'vendor-a', ['vendor-b.js']),
      chunk('vendor-b.js', 'vendor-b', ['vendor-a.js']),
    );
    expect(evaluationStages(entry, bundle, staged)).toEqual(['vendor-b.js', 'vendor-a.js']);
  });
});

describe("the loader's tag", () => {
  const noPages = { root: '/project', pages: {} };
  const entry = chunk('assets/main-1.js', 'main', ['assets/vendor-react-2.js', 'assets/page-3.js']);
  const bundle = bundleOf(
    entry,
    chunk('assets/vendor-react-2.js', 'vendor-react'),
    chunk('assets/page-3.js', 'page', ['assets/vendor-react-2.js']),
  );
  /** index.html as Vite writes it for a base (`/`, `/app/`, `./`). */
  const page = (base: string) =>
    [
      `<script type="module" crossorigin src="${base}assets/main-1.js"></script>`,
      `<link rel="modulepreload" crossorigin href="${base}assets/page-3.js">`,
      `<link rel="modulepreload" crossorigin href="${base}assets/vendor-react-2.js">`,
    ].join('\n');

  it('writes every URL as Vite wrote the entry, whatever the base', () => {
    for (const base of ['/', '/app/', './']) {
      const tag = appLoaderTag(page(base), entry, bundle, 'assets/app-loader-4.js', noPages);
      expect(tag.html, base).toBe('');
      expect(tag.attrs, base).toEqual({
        src: `${base}assets/app-loader-4.js`,
        defer: true,
        'data-entry': `${base}assets/main-1.js`,
        'data-modules': ['vendor-react-2', 'page-3', 'main-1'].map((f) => `${base}assets/${f}.js`).join(' '),
        'data-stages': `${base}assets/vendor-react-2.js`,
        'data-page-files': '',
        'data-pages': '',
      });
    }
  });

  it("lists each first page's chunks that the first load does not hold, once, in load order", () => {
    const section = chunk(
      'assets/section-5.js',
      'section',
      ['assets/vendor-react-2.js'],
      ['/p/src/Section.tsx'],
    );
    const table = chunk('assets/table-6.js', 'table', ['assets/page-3.js'], ['/p/node_modules/table.js']);
    const members = chunk(
      'assets/members-7.js',
      'members',
      ['assets/table-6.js', 'assets/vendor-react-2.js'],
      ['/p/src/Members.tsx'],
    );
    const roles = chunk(
      'assets/roles-8.js',
      'roles',
      ['assets/table-6.js'],
      ['/p/src/Roles.tsx', '/p/src/Both.tsx'],
    );
    const withPages = { ...bundle, ...bundleOf(section, table, members, roles) };
    const pages = {
      'data-boot-admin': {
        members: ['src/Section.tsx', 'src/Members.tsx'],
        roles: ['src/Section.tsx', 'src/Roles.tsx'],
      },
      'data-boot-user-center': { both: ['src/Both.tsx'] },
    };
    const tag = appLoaderTag(page('/'), entry, withPages, 'assets/app-loader-4.js', { root: '/p', pages });
    expect(tag.attrs['data-page-files']).toBe(
      ['section-5', 'table-6', 'members-7', 'roles-8'].map((f) => `/assets/${f}.js`).join(' '),
    );
    expect(tag.attrs['data-pages']).toBe(
      'data-boot-admin.members=0,1,2 data-boot-admin.roles=0,1,3 data-boot-user-center.both=1,3',
    );
    // A page whose module is in no chunk (renamed, moved) fails the build.
    const moved = { 'data-boot-admin': { members: ['src/Gone.tsx'] } };
    expect(() =>
      appLoaderTag(page('/'), entry, withPages, 'assets/app-loader-4.js', { root: '/p', pages: moved }),
    ).toThrow(/no chunk holds src\/Gone\.tsx/);
  });

  it('fails the build on a tag that names no file of this build, or another entry', () => {
    const foreign = `${page('/')}\n<link rel="modulepreload" crossorigin href="/assets/gone-5.js">`;
    expect(() => appLoaderTag(foreign, entry, bundle, 'assets/app-loader-4.js', noPages)).toThrow(
      /gone-5\.js is no file/,
    );
    const other = chunk('assets/other-6.js', 'other');
    expect(() => appLoaderTag(page('/'), other, bundle, 'assets/app-loader-4.js', noPages)).toThrow(
      /is not assets\/other-6/,
    );
  });
});
