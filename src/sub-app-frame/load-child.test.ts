/**
 * The child's page built into the frame's document: resources resolved against the
 * child's entry, inline styles and scripts stamped with the frame's nonce, nothing of
 * the child's own policy or <base>, scripts collected in order and not run by parsing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  absoluteCssUrls,
  buildChildPage,
  childStylesheetsApplied,
  executionOrder,
  fetchChild,
  resolveChildResources,
  runScripts,
  styleCarriers,
} from './load-child';

const ENTRY = 'https://apps.example.com/product/';
const HTML = `<!doctype html>
<html lang="zh-CN" class="child">
<head>
  <meta http-equiv="Content-Security-Policy" content="default-src 'none'">
  <base href="/product/">
  <title>产品管理</title>
  <link rel="stylesheet" href="css/app.css">
  <style media="screen">.logo { background: url(img/logo.png) } .x { background: url("data:image/png;base64,AA") } a > b {}</style>
  <script defer src="js/vendors.js"></script>
  <script defer src="js/app.js"></script>
</head>
<body data-theme="light">
  <div id="app"><img src="img/a.png" srcset="img/a.png 1x, img/a@2x.png 2x"><a href="/micro-app-product/list">list</a></div>
  <script>window.inline = 1</script>
  <script type="application/json" id="config">{"a":1}</script>
</body>
</html>`;

beforeEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('building the child’s page', () => {
  it('resolves resources against the child, not the frame, and keeps app links as they are', () => {
    buildChildPage(HTML, ENTRY, 'n0nce');
    expect(document.querySelector('link[rel=stylesheet]')?.getAttribute('href')).toBe(
      'https://apps.example.com/product/css/app.css',
    );
    const img = document.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://apps.example.com/product/img/a.png');
    expect(img?.getAttribute('srcset')).toBe(
      'https://apps.example.com/product/img/a.png 1x, https://apps.example.com/product/img/a@2x.png 2x',
    );
    expect(document.querySelector('a')?.getAttribute('href')).toBe('/micro-app-product/list');
  });

  it('stamps inline styles with the nonce and makes their url()s absolute', () => {
    buildChildPage(HTML, ENTRY, 'n0nce');
    const style = document.querySelector('style');
    expect(style?.getAttribute('nonce')).toBe('n0nce');
    expect(style?.getAttribute('media')).toBe('screen');
    expect(style?.textContent).toContain('a > b {}');
    // The carrier it crossed the parser in is gone.
    expect(document.querySelector('script[type="text/x-sub-app-style"]')).toBeNull();
    expect(style?.textContent).toContain('url(https://apps.example.com/product/img/logo.png)');
    expect(style?.textContent).toContain('url("data:image/png;base64,AA")');
  });

  it('leaves out the child’s <base> and CSP meta, copies html/body attributes and the title', () => {
    buildChildPage(HTML, ENTRY, undefined);
    expect(document.querySelector('base')).toBeNull();
    expect(document.querySelector('meta[http-equiv]')).toBeNull();
    expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
    expect(document.body.dataset.theme).toBe('light');
    expect(document.title).toBe('产品管理');
  });

  it('collects the scripts in document order without running them; data scripts stay in place', () => {
    const page = buildChildPage(HTML, ENTRY, 'n0nce');
    expect(page.scripts.map((s) => s.getAttribute('src') ?? s.textContent)).toEqual([
      'js/vendors.js',
      'js/app.js',
      'window.inline = 1',
    ]);
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(0);
    expect(document.getElementById('config')?.textContent).toBe('{"a":1}');
    expect((window as unknown as { inline?: number }).inline).toBeUndefined();
  });
});

describe('styles crossing the parser', () => {
  it('turns <style> elements into carriers, not a "<style>" inside a script or a comment', () => {
    const html =
      '<style media="print">a{}</style><script>document.write("<style>b{}</style>")</script><!-- <style>c{}</style> -->';
    expect(styleCarriers(html)).toBe(
      '<script type="text/x-sub-app-style" media="print">a{}</script>' +
        '<script>document.write("<style>b{}</style>")</script><!-- <style>c{}</style> -->',
    );
  });
});

describe('url() in CSS text', () => {
  it('leaves absolute, data and fragment URLs alone', () => {
    const css = "a{b:url('x.png')} c{d:url(https://cdn/x.png)} e{f:url(#g)} h{i:url(data:x)}";
    expect(absoluteCssUrls(css, 'https://apps.example.com/p/')).toBe(
      "a{b:url('https://apps.example.com/p/x.png')} c{d:url(https://cdn/x.png)} e{f:url(#g)} h{i:url(data:x)}",
    );
  });
});

describe('the order the child’s scripts run in', () => {
  it('is the browser’s: parse-time scripts first, then deferred and module ones, async whenever', () => {
    const page = buildChildPage(
      `<html><head>
        <script defer src="js/chunk-vendors.js"></script>
        <script type="module" src="assets/index.js"></script>
        <script type="importmap">{"imports":{}}</script>
        <script async src="https://analytics.example/a.js"></script>
        <script defer src="js/app.js"></script>
        <script nomodule src="js/legacy.js"></script>
      </head><body>
        <script>window.ENV = { api: '/api' }</script>
        <script defer>window.deferIgnoredInline = true</script>
        <script type="module">import './x.js'</script>
      </body></html>`,
      ENTRY,
      undefined,
    );
    const name = (s: HTMLScriptElement) => s.getAttribute('src') ?? s.textContent?.trim().slice(0, 24);
    const { whenever, inOrder } = executionOrder(page.scripts);
    expect(whenever.map(name)).toEqual(['https://analytics.example/a.js']);
    expect(inOrder.map(name)).toEqual([
      '{"imports":{}}',
      "window.ENV = { api: '/ap",
      'window.deferIgnoredInlin',
      'js/chunk-vendors.js',
      'assets/index.js',
      'js/app.js',
      "import './x.js'",
    ]);
  });
});

describe('resources the child adds at run time', () => {
  it('resolve against the child, as micro-app completes them (a path-only public path)', () => {
    const descriptors = [HTMLScriptElement, HTMLLinkElement, HTMLImageElement].map((c) => [
      c,
      Object.getOwnPropertyDescriptors(c.prototype),
    ]);
    const setAttribute = Element.prototype.setAttribute;
    try {
      resolveChildResources('https://apps.example.com/product/');
      const chunk = document.createElement('script');
      chunk.src = '/product/js/about.3f2a.js';
      const css = document.createElement('link');
      css.setAttribute('href', 'css/about.css');
      const logo = document.createElement('img');
      logo.src = 'data:image/png;base64,AA';
      const cdn = document.createElement('script');
      cdn.src = 'https://cdn.example.com/lib.js';
      const link = document.createElement('a');
      link.setAttribute('href', '/micro-app-product/list');
      expect(chunk.src).toBe('https://apps.example.com/product/js/about.3f2a.js');
      expect(css.getAttribute('href')).toBe('https://apps.example.com/product/css/about.css');
      expect(logo.src).toBe('data:image/png;base64,AA');
      expect(cdn.src).toBe('https://cdn.example.com/lib.js');
      expect(link.getAttribute('href')).toBe('/micro-app-product/list'); // routes are not resources
    } finally {
      Element.prototype.setAttribute = setAttribute;
      for (const [c, d] of descriptors) {
        for (const name of ['src', 'href']) {
          const own = (d as PropertyDescriptorMap)[name];
          if (own) Object.defineProperty((c as typeof HTMLElement).prototype, name, own);
        }
      }
    }
  });
});

describe('the child’s stylesheets before its markup shows', () => {
  const sheet = (href: string, extra: Partial<HTMLLinkElement> = {}) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, ...extra });
    document.head.append(link);
    return link;
  };

  it('keeps the page hidden until every stylesheet loaded or failed, then restores it', async () => {
    const a = sheet('https://apps.example.com/a.css');
    const b = sheet('https://apps.example.com/b.css');
    sheet('https://apps.example.com/off.css', { disabled: true }); // never fetched: not waited for
    let done = false;
    const applied = childStylesheetsApplied(60_000).then(() => (done = true));
    expect(document.documentElement.style.visibility).toBe('hidden');
    a.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    b.dispatchEvent(new Event('error'));
    await applied;
    expect(document.documentElement.style.visibility).toBe('');
  });

  it('shows the page anyway when a stylesheet never answers', async () => {
    vi.useFakeTimers();
    try {
      sheet('https://apps.example.com/slow.css');
      const applied = childStylesheetsApplied(5_000);
      expect(document.documentElement.style.visibility).toBe('hidden');
      await vi.advanceTimersByTimeAsync(5_000);
      await applied;
      expect(document.documentElement.style.visibility).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not hide a page without pending stylesheets', async () => {
    await childStylesheetsApplied();
    expect(document.documentElement.style.visibility).toBe('');
  });
});

describe('the time limits of loading a child (src/sub-app-protocol/limits.ts)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('gives up on a page that does not answer, saying so', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    await expect(fetchChild('https://apps.example.com/manual/', 50)).rejects.toThrow(
      'GET https://apps.example.com/manual/ did not answer within 0.05 s',
    );
  });

  it('says which script had not run when the scripts together ran over', async () => {
    const page = buildChildPage(
      '<html><body><script src="/manual/main.js"></script></body></html>',
      'https://apps.example.com/manual/',
      undefined,
    );
    // jsdom loads no script: it never fires load, as a request that hangs would not.
    await expect(runScripts(page, undefined, 50)).rejects.toThrow(
      "script https://apps.example.com/manual/main.js had not run after 0.05 s (the app's scripts together)",
    );
  });

  it('runs inline scripts without waiting', async () => {
    const page = buildChildPage(
      '<html><body><script>window.__ran = true</script></body></html>',
      'https://apps.example.com/manual/',
      undefined,
    );
    await expect(runScripts(page, undefined, 50)).resolves.toBeUndefined();
  });
});
