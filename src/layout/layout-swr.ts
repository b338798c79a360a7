/**
 * ProLayout fetches its menu through SWR (`menu.request`) and does so on mount even
 * when, as in this shell, there is no request and the menu comes from `route`. That
 * empty fetch flips SWR's and ProLayout's loading states and re-renders the whole
 * layout right after it first mounts. This middleware turns off the on-mount fetch for
 * ProLayout's menu key only, so any other SWR user below the layout (ProComponents'
 * `request` props) still loads as usual. The shell never passes `menu.request`.
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
