import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import {
  appLoaderScript,
  evaluationStages,
  LOAD_AFTER_MS,
  TAGS_PER_TASK,
  takeFirstLoadScripts,
} from '../../../scripts/first-paint';

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
        })[name] ?? null,
    };
    const document = {
      currentScript: script,
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
    // The safety net waits; the loader's own yields (0 ms) run at once here.
    const setTimeout = (fn: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => {
      if (ms === 0) {
        page.onYield?.(appended.length);
        return fn(...args);
      }
      expect(ms).toBe(LOAD_AFTER_MS);
      timers.push(fn);
    };
    runInNewContext(appLoaderScript(), {
      document,
      setTimeout,
      PerformanceObserver: FakeObserver,
      performance: {
        getEntriesByName: (name: string) =>
          page.paintedBefore && name === 'first-contentful-paint' ? [{ name }] : [],
      },
      window: { PerformanceObserver: FakeObserver },
    });
    const paint = (...names: string[]) =>
      observers.forEach((o) => o.callback({ getEntriesByName: (n: string) => names.filter((x) => x === n) }));
    /** The module script for `src` finished: `load` (it ran) or `error`. */
    const finish = (src: string, how: 'load' | 'error' = 'load') => {
      const element = elements.find((e) => e.src === src);
      (element?.[`on${how}`] as (() => void) | undefined)?.();
    };
    /** The tab is hidden from now on (no event: the loader only reads the state). */
    const hideQuietly = () => {
      document.visibilityState = 'hidden';
    };
    return { appended, timers, observers, paint, finish, hideQuietly, hide: () => onVisibility?.() };
  }

  const modules = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/assets/${name}.js`);
  /** The tags added so far at each turn the loader gives the browser while adding the preloads. */
  const preloadYields = Array.from(
    { length: Math.ceil(modules.length / TAGS_PER_TASK) - 1 },
    (_, batch) => (batch + 1) * TAGS_PER_TASK,
  );
  const expectedTags = [
    ...modules.map((href) => ({ tag: 'link', crossOrigin: '', rel: 'modulepreload', href })),
    { tag: 'script', crossOrigin: '', type: 'module', src: '/assets/main.js' },
  ];

  it('adds the same tags once the first contentful paint is reported, not before, and only once', () => {
    const page = runLoader();
    expect(page.appended).toEqual([]);
    page.paint('first-paint');
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.appended).toEqual(expectedTags);
    expect(page.observers[0]!.disconnected).toBe(true);
    page.timers.forEach((fire) => fire());
    page.hide();
    expect(page.appended).toHaveLength(modules.length + 1);
  });

  it('adds the modulepreloads a few per task, the entry with the last of them', () => {
    const batches: number[] = [];
    const page = runLoader({
      onYield: (appendedSoFar) => batches.push(appendedSoFar),
    });
    page.paint('first-contentful-paint');
    expect(batches).toEqual(preloadYields);
    expect(page.appended).toEqual(expectedTags);
  });

  it('loads at once when already painted, in a hidden tab (in one task), without Paint Timing, or when observing fails', () => {
    for (const setup of [
      { paintedBefore: true },
      { visibility: 'hidden', onYield: () => expect.unreachable('a hidden tab waits for no timer') },
      { paintTiming: false },
      { throws: true },
    ])
      expect(runLoader(setup).appended, JSON.stringify(setup)).toEqual(expectedTags);
  });

  it('loads when the tab is hidden before the paint, and by the safety timer whatever happens', () => {
    const hidden = runLoader();
    hidden.hide();
    expect(hidden.appended).toEqual(expectedTags);
    const silent = runLoader();
    silent.timers.forEach((fire) => fire());
    expect(silent.appended).toEqual(expectedTags);
  });

  const moduleScript = (src: string) => ({ tag: 'script', crossOrigin: '', type: 'module', src });

  it('evaluates the stages one per task, each after the one before has run, then the entry', () => {
    const stages = ['/assets/a.js', '/assets/c.js'];
    const yields: number[] = [];
    const page = runLoader({ stages, onYield: (appendedSoFar) => yields.push(appendedSoFar) });
    page.paint('first-contentful-paint');
    const preloads = expectedTags.slice(0, -1);
    expect(page.appended).toEqual([...preloads, moduleScript('/assets/a.js')]);
    page.finish('/assets/a.js');
    expect(page.appended).toEqual([...preloads, moduleScript('/assets/a.js'), moduleScript('/assets/c.js')]);
    // A stage that fails does not stop the load: the entry reports the failure, as it would alone.
    page.finish('/assets/c.js', 'error');
    expect(page.appended).toEqual([...preloads, ...[...stages, '/assets/main.js'].map(moduleScript)]);
    // The preloads' batch, then a turn for the browser before each next script.
    expect(yields).toEqual([...preloadYields, modules.length + 1, modules.length + 2]);
    page.finish('/assets/main.js');
    expect(page.appended).toHaveLength(modules.length + 3);
  });

  it('gives a hidden tab the entry at once, without stages (its timers run about once a second)', () => {
    const page = runLoader({ stages: ['/assets/a.js'], visibility: 'hidden' });
    expect(page.appended).toEqual(expectedTags);
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
    expect(page.appended.slice(modules.length)).toEqual(
      ['/assets/a.js', '/assets/main.js'].map(moduleScript),
    );
    expect(yields).toEqual(preloadYields);
  });
});

describe('the evaluation stages', () => {
  const chunk = (fileName: string, name: string, imports: string[] = []) =>
    ({ type: 'chunk', fileName, name, imports }) as unknown as OutputChunk;
  const bundleOf = (...chunks: OutputChunk[]) =>
    Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;
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
