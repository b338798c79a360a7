import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { appLoaderScript, LOAD_AFTER_MS, takeFirstLoadScripts } from '../../../scripts/first-paint';

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
  function runLoader(page: { visibility?: string; paintTiming?: boolean; throws?: boolean } = {}) {
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
        ({ 'data-entry': '/assets/main.js', 'data-modules': '/assets/a.js /assets/b.js' })[name] ?? null,
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
    const setTimeout = (fn: () => void, ms: number) => {
      expect(ms).toBe(LOAD_AFTER_MS);
      timers.push(fn);
    };
    runInNewContext(appLoaderScript(), {
      document,
      setTimeout,
      PerformanceObserver: FakeObserver,
      window: { PerformanceObserver: FakeObserver },
    });
    const paint = (...names: string[]) =>
      observers.forEach((o) => o.callback({ getEntriesByName: (n: string) => names.filter((x) => x === n) }));
    return { appended, timers, observers, paint, hide: () => onVisibility?.() };
  }

  const expectedTags = [
    { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/a.js' },
    { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/b.js' },
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
    expect(page.appended).toHaveLength(3);
  });

  it('loads at once in a hidden tab, without Paint Timing, or when observing fails', () => {
    for (const setup of [{ visibility: 'hidden' }, { paintTiming: false }, { throws: true }])
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
