/**
 * ProLayout fetches its menu through SWR (`menu.request`) and does so on mount even
 * when, as in this shell, there is no request and the menu comes from `route`. That
 * empty fetch flips SWR's and ProLayout's loading states and re-renders the whole
 * layout right after it first mounts. This middleware turns off the on-mount fetch for
 * ProLayout's menu key only, so any other SWR user below the layout (ProComponents'
 * `request` props) still loads as usual. The shell never passes `menu.request`.
 *
 * The one place that relies on ProLayout internals. API gap: ProLayout calls
 * `useSWR(['pro-layout-<n>', menu.params], …)` on every mount whether or not there is a
 * `menu.request` (pro-layout 7.22 `ProLayout.js`, still so in ant-design/pro-components
 * master `src/layout/ProLayout.tsx`), no prop turns that off (`menu.loading` only pins the
 * skeleton, the SWR state still changes), and the key is undocumented (its prefix shows up
 * only in ant-design/pro-components#7737, which limited ProLayout's cache cleanup to it).
 * Turning `revalidateOnMount` off for all of the SWRConfig would stop ProComponents' own
 * `request` fetches below the layout. Guarded against the installed ProLayout by
 * ./layout-swr-guard.test.tsx.
 */
import type { Key, Middleware, SWRConfiguration } from 'swr';

/** ProLayout keys its menu fetch `['pro-layout-<n>', menu.params]`. */
export function isProLayoutMenuKey(key: Key): boolean {
  return Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('pro-layout-');
}

const noMenuFetchOnMount: Middleware = (useSWRNext) =>
  function useSWRWithoutMenuFetch(key, fetcher, config) {
    return useSWRNext(
      key,
      fetcher,
      isProLayoutMenuKey(key) ? { ...config, revalidateOnMount: false } : config,
    );
  };

/** For an `<SWRConfig>` around ProLayout. */
export const LAYOUT_SWR_CONFIG: SWRConfiguration = { use: [noMenuFetchOnMount] };
