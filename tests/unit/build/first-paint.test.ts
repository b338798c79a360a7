import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  appLoaderScript,
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
    } = {},
  ) {
    const appended: Record<string, unknown>[] = [];
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
        ({ 'data-entry': '/assets/main.js', 'data-modules': modules.join(' ') })[name] ?? null,
    };
    const document = {
      currentScript: script,
      visibilityState: page.visibility ?? 'visible',
      head: { appendChild: (element: Record<string, unknown>) => appended.push({ ...element }) },
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
    return { appended, timers, observers, paint, hide: () => onVisibility?.() };
  }

  const modules = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `/assets/${name}.js`);
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
    expect(batches).toEqual([TAGS_PER_TASK]);
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
});
