/**
 * The one place that reads @ant-design/cssinjs internals, and why no public API does it.
 *
 * ./extract.tsx renders the shell sample once and keeps antd's styles only: ProComponents
 * key theirs by component name alone (ProLayout's layout token and props are not in the
 * key), so shipping them would make the browser skip generating the right ones. antd keys
 * a style by theme token and [component, prefix, icon prefix], so its CSS made here is the
 * browser's byte for byte.
 *
 * API gap: nothing public selects which cached styles to extract. `extractStyle(cache,
 * { plain, types, once })` takes every entry of a type (ant-design/cssinjs#228 added
 * `once`, still no per-entry filter), the cache's entry map is marked "@private Internal
 * cache map. Do not access this directly" (`Entity.cache`, cssinjs src/Cache.ts), and the
 * key format ('style%<token key>%<path…>') is not documented. @ant-design/static-style-extract's
 * includes/excludes (ant-design/static-style-extract#21) choose which antd components get
 * rendered, not which styles are kept: ProLayout registers antd's styles and its own.
 *
 * Guarded against the installed antd and pro-components by
 * tests/unit/build/antd-css-style-cache.test.ts; the checks below fail the build loudly too.
 */
import { extractStyle, type createCache } from '@ant-design/cssinjs';

type StyleCache = ReturnType<typeof createCache>;

const SEE = 'see scripts/antd-css/style-cache.ts';

/** `useStyleRegister` caches a style under 'style%<token key>%<path…>'. */
function stylePath(cacheKey: string): string[] | null {
  const [kind, tokenKey, ...path] = cacheKey.split('%');
  if (kind !== 'style') return null;
  if (!tokenKey || path.length === 0) {
    throw new Error(
      `antd's style cache key format changed: "${cacheKey}" is not 'style%<token>%<path>'; ${SEE}`,
    );
  }
  return path;
}

/**
 * antd's component styles have a path of [component, prefix, icon prefix], its shared and
 * icon styles [name, prefix]; ProComponents' (`useStyle` of @ant-design/pro-provider) [name].
 */
function isAntdStyleKey(cacheKey: string): boolean {
  const path = stylePath(cacheKey);
  return path !== null && path.length >= 2;
}

/** The private entry map, checked to still be what this adapter reads. */
function entries(cache: StyleCache): Map<string, unknown> {
  const map: unknown = (cache as { cache?: unknown }).cache;
  if (!(map instanceof Map))
    throw new Error(
      `@ant-design/cssinjs's cache no longer keeps its entries in \`cache.cache\` (a Map); ${SEE}`,
    );
  return map as Map<string, unknown>;
}

/**
 * The antd styles in `cache` as plain CSS with the cache-path map that tells the browser's
 * CSS-in-JS they are on the page. Drops every other entry from `cache`.
 */
export function extractAntdStyles(cache: StyleCache): string {
  const map = entries(cache);
  let kept = 0;
  for (const key of [...map.keys()]) {
    if (isAntdStyleKey(key)) kept += 1;
    else map.delete(key);
  }
  if (kept === 0)
    throw new Error(
      `antd's style cache key format changed: no entry has antd's 'style%<token>%<component>%<prefix>…' form; ${SEE}`,
    );
  return extractStyle(cache, { plain: true, types: 'style' });
}
