/**
 * Loads a child's index.html into this frame's own document, so the child runs as it
 * does when opened on its own: its stylesheets, its markup, then its scripts in
 * document order, loaded by URL (classic and ES-module alike: no eval needed).
 *
 * - URLs of resources (scripts, stylesheets, images, media) resolve against the
 *   child's entry, the way its own page would resolve them. No `<base>` is written:
 *   it would send the child's `history.pushState('/route')` to the child's origin.
 * - Inline `<script>` and `<style>` get this frame's nonce (the frame's policy,
 *   vite-plugins/csp.ts, names it); `<style>` url()s are made absolute. A document made by
 *   DOMParser inherits this frame's policy, so the child's `<style>` elements must not
 *   be parsed as styles there (each would be a violation): they travel as inert
 *   `<script type="text/x-sub-app-style">` and become real styles in this document.
 * - A `<meta http-equiv="Content-Security-Policy">` or `<base>` of the child is left
 *   out; the frame's header policy is the one that applies.
 */
import { CHILD_PAGE_MS, SCRIPTS_MS, STYLESHEETS_MS } from '@/sub-app-protocol/limits';
import { within } from './within';

class ChildLoadError extends Error {
  override name = 'ChildLoadError';
}

const RESOURCE_ATTRIBUTES: Record<string, string[]> = {
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  link: ['href'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
};

const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'importmap']);

/** How a child's `<style>` crosses the parsed document (see above). */
const STYLE_CARRIER = 'text/x-sub-app-style';
const STYLE_ELEMENT = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi;
/** Text the HTML parser does not read as elements: comments and script bodies (split off, kept as they are). */
const NOT_MARKUP = /(<!--[\s\S]*?-->|<script\b[^>]*>[\s\S]*?<\/script\s*>)/gi;

/** The child's HTML with each `<style>` element (not a "<style" inside a script or comment) as a carrier. */
export function styleCarriers(html: string): string {
  return html
    .split(NOT_MARKUP)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(
            STYLE_ELEMENT,
            (_, attributes: string, css: string) =>
              `<script type="${STYLE_CARRIER}"${attributes}>${css}</script>`,
          ),
    )
    .join('');
}

function absolute(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

function absoluteSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      return [absolute(url, base), ...descriptor].join(' ');
    })
    .join(', ');
}

/** `url(...)` in CSS text, relative to the child's entry instead of this frame. */
export function absoluteCssUrls(css: string, base: string): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (match, quote: string, url: string) =>
    /^(data:|blob:|#|[a-z][a-z0-9+.-]*:\/\/)/i.test(url.trim())
      ? match
      : `url(${quote}${absolute(url.trim(), base)}${quote})`,
  );
}

function absolutize(root: Element, base: string): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of RESOURCE_ATTRIBUTES[element.localName] ?? []) {
      const value = element.getAttribute(attribute);
      if (value === null || value.trim() === '') continue;
      element.setAttribute(
        attribute,
        attribute === 'srcset' ? absoluteSrcset(value, base) : absolute(value.trim(), base),
      );
    }
  }
}

export interface ChildPage {
  /** The child's scripts, in document order, not yet run. */
  scripts: HTMLScriptElement[];
  /** The URL the child's relative URLs resolve against (its entry after redirects, or its `<base>`). */
  base: string;
}

/** Fetches the child's HTML. Fails with the reason a developer needs (status, URL, CORS). */
export async function fetchChild(
  entry: string,
  limitMs = CHILD_PAGE_MS,
): Promise<{ html: string; url: string }> {
  const signal = AbortSignal.timeout(limitMs);
  const failed = (error: unknown) =>
    new ChildLoadError(
      signal.aborted
        ? `GET ${entry} did not answer within ${limitMs / 1000} s`
        : `GET ${entry} failed (${String(error)}): the server is unreachable or does not send CORS headers for this origin`,
    );
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- a sub-app's page, not an API call: the transport's auth, tenant and envelope do not apply
    response = await fetch(entry, { headers: { Accept: 'text/html' }, signal });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok)
    throw new ChildLoadError(`GET ${entry} answered ${response.status} ${response.statusText}`);
  try {
    return { html: await response.text(), url: response.url || entry };
  } catch (error) {
    throw failed(error);
  }
}

/** Puts the child's head and body into this document; returns its scripts to run. */
export function buildChildPage(html: string, url: string, nonce: string | undefined): ChildPage {
  const parsed = new DOMParser().parseFromString(styleCarriers(html), 'text/html');
  const declaredBase = parsed.querySelector('base[href]')?.getAttribute('href');
  const base = declaredBase ? absolute(declaredBase, url) : url;
  const scripts = [...parsed.querySelectorAll('script')].filter((script) =>
    JS_TYPES.has((script.getAttribute('type') ?? '').trim().toLowerCase()),
  );
  for (const script of scripts) script.remove();
  for (const element of parsed.querySelectorAll('base, meta[http-equiv]')) {
    if (
      element.localName === 'base' ||
      /content-security-policy/i.test(element.getAttribute('http-equiv') ?? '')
    ) {
      element.remove();
    }
  }
  absolutize(parsed.documentElement, base);

  for (const { name, value } of parsed.documentElement.attributes) {
    document.documentElement.setAttribute(name, value);
  }
  for (const { name, value } of parsed.body.attributes) document.body.setAttribute(name, value);
  const title = parsed.querySelector('title');
  if (title) document.title = title.textContent ?? '';
  for (const node of [...parsed.head.childNodes]) {
    if (node instanceof Element && node.localName === 'title') continue;
    document.head.append(document.importNode(node, true));
  }
  for (const node of [...parsed.body.childNodes]) document.body.append(document.importNode(node, true));
  for (const carrier of document.querySelectorAll<HTMLScriptElement>(`script[type="${STYLE_CARRIER}"]`)) {
    const style = document.createElement('style');
    for (const { name, value } of carrier.attributes) if (name !== 'type') style.setAttribute(name, value);
    if (nonce) style.setAttribute('nonce', nonce);
    style.textContent = absoluteCssUrls(carrier.textContent ?? '', base);
    carrier.replaceWith(style);
  }
  return { scripts, base };
}

/**
 * Waits for the child's stylesheets, with the page hidden meanwhile, as its own page would:
 * there they are parser-inserted and block rendering (and the scripts after them); inserted by
 * script, as here, they do not, so the child's markup was first laid out unstyled (the body's
 * default 8 px margin) and then jumped into place (a layout shift). Each sheet counts as done
 * when it loaded or failed; after `limitMs` the page shows whatever it has.
 */
export async function childStylesheetsApplied(limitMs = STYLESHEETS_MS): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')].filter(
    // A disabled one is never fetched, so it never loads either.
    (link) => !link.sheet && !link.disabled,
  );
  if (pending.length === 0) return;
  const root = document.documentElement;
  const visibility = root.style.visibility;
  root.style.visibility = 'hidden';
  let timer = 0;
  try {
    await Promise.race([
      Promise.all(
        pending.map(
          (link) =>
            new Promise<void>((resolve) => {
              link.addEventListener('load', () => resolve(), { once: true });
              link.addEventListener('error', () => resolve(), { once: true });
            }),
        ),
      ),
      new Promise<void>((resolve) => (timer = window.setTimeout(resolve, limitMs))),
    ]);
  } finally {
    window.clearTimeout(timer);
    root.style.visibility = visibility;
  }
}

type Timing = 'parse' | 'deferred' | 'async';

/**
 * When the browser would run a script of a page: classic scripts without `defer`/`async`
 * (and every inline classic one: `defer` means nothing there) and import maps while
 * parsing; `defer` and module scripts after parsing, in document order; `async` ones
 * whenever they arrive.
 */
function timingOf(script: HTMLScriptElement): Timing {
  const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
  const external = script.hasAttribute('src');
  if (script.hasAttribute('async') && (external || type === 'module')) return 'async';
  if (type === 'module') return 'deferred';
  if (type === 'importmap') return 'parse';
  return external && script.hasAttribute('defer') ? 'deferred' : 'parse';
}

/** The scripts to start at once (`async`), and the others in the order they must run. */
export function executionOrder(scripts: HTMLScriptElement[]): {
  whenever: HTMLScriptElement[];
  inOrder: HTMLScriptElement[];
} {
  const runnable = scripts.filter((script) => !script.hasAttribute('nomodule'));
  const at = (timing: Timing) => runnable.filter((script) => timingOf(script) === timing);
  return { whenever: at('async'), inOrder: [...at('parse'), ...at('deferred')] };
}

/** Puts one script into the page; resolves when it ran (external), at once (inline). */
function run(original: HTMLScriptElement, page: ChildPage, nonce: string | undefined): Promise<void> {
  const script = document.createElement('script');
  for (const { name, value } of original.attributes) {
    if (name !== 'src' && name !== 'nonce' && name !== 'defer') script.setAttribute(name, value);
  }
  const src = original.getAttribute('src');
  if (!src) {
    if (nonce) script.nonce = nonce;
    script.textContent = original.textContent;
    document.body.append(script);
    return Promise.resolve();
  }
  script.src = absolute(src, page.base);
  script.async = timingOf(original) === 'async';
  const ran = new Promise<void>((resolve, reject) => {
    // A module's `load` comes after its whole graph ran; a classic script's, after it ran.
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () =>
        reject(
          new ChildLoadError(
            `script ${script.src} could not be loaded (network error, CORS, or blocked by the Content Security Policy)`,
          ),
        ),
      { once: true },
    );
  });
  document.body.append(script);
  return ran;
}

/**
 * Runs the child's scripts in the order the browser would have run them in its own page
 * (timingOf): the parse-time ones in document order, then the deferred and module ones
 * in document order, each external one awaited, all of them within `limitMs`; `async` ones
 * are not waited for, and `nomodule` ones are skipped (this browser has modules).
 */
export async function runScripts(
  page: ChildPage,
  nonce: string | undefined,
  limitMs = SCRIPTS_MS,
): Promise<void> {
  const { whenever, inOrder } = executionOrder(page.scripts);
  for (const script of whenever) {
    run(script, page, nonce).catch((error: unknown) => console.error('[sub-app]', error));
  }
  const deadline = performance.now() + limitMs;
  for (const script of inOrder) {
    await within(
      run(script, page, nonce),
      deadline - performance.now(),
      () =>
        new ChildLoadError(
          `script ${absolute(script.getAttribute('src') ?? '', page.base)} had not run after ${limitMs / 1000} s (the app's scripts together)`,
        ),
    );
  }
  // Children that wait for the page: the real events fired before they existed.
  document.dispatchEvent(new Event('DOMContentLoaded', { bubbles: true }));
  window.dispatchEvent(new Event('load'));
}

/** The child's page in this document, its styles applied, its scripts not yet run. */
export async function prepareChildPage(entry: string, nonce: string | undefined): Promise<ChildPage> {
  const { html, url } = await fetchChild(entry);
  const page = buildChildPage(html, url, nonce);
  resolveChildResources(page.base);
  // Hidden, in the same task as the markup went in: nothing unstyled is ever painted.
  await childStylesheetsApplied();
  return page;
}

/** The resource attributes a child's code sets on elements it creates, per element. */
const RUNTIME_RESOURCES: [typeof HTMLElement, string][] = [
  [HTMLScriptElement, 'src'],
  [HTMLLinkElement, 'href'],
  [HTMLImageElement, 'src'],
];

/**
 * Resources the child's code adds later (webpack's lazy chunks and CSS, images) resolve
 * against the child too, as micro-app completes them: a bundle built with a path-only
 * public path (`/app/`) would otherwise load its chunks from the shell's origin. Absolute
 * URLs (any scheme, `//host`) are left as they are.
 */
export function resolveChildResources(base: string): void {
  const complete = (value: unknown) => {
    const text = String(value);
    return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(text.trim()) ? text : absolute(text.trim(), base);
  };
  for (const [element, attribute] of RUNTIME_RESOURCES) {
    const property = Object.getOwnPropertyDescriptor(element.prototype, attribute);
    if (!property?.set || !property.get) continue;
    const { get, set } = property;
    Object.defineProperty(element.prototype, attribute, {
      ...property,
      get,
      set(this: HTMLElement, value: unknown) {
        set.call(this, complete(value));
      },
    });
  }
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    const resource = RUNTIME_RESOURCES.some(
      ([element, attribute]) => this instanceof element && name.toLowerCase() === attribute,
    );
    setAttribute.call(this, name, resource ? complete(value) : value);
  };
}
