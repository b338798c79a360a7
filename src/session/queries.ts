/**
 * The bootstrap queries (user info, user config, server menus). Kept free of UI imports
 * (`next-task` has none of its own) so the calls can leave before the rest of the bundle has
 * even been evaluated.
 *
 * None of them retries on mount: the first render waits for the prefetch (main.tsx),
 * so a failure is already in the cache then, and fetching again would only fail (and
 * toast) twice. The bootstrap's error states offer the retry.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  getGetUserConfigQueryKey,
  getGetUserInfoQueryKey,
  getGetUserMenusQueryKey,
  getUserConfig,
  getUserInfo,
  getUserMenus,
} from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { inNextTask } from '@/ui/next-task';
import { getToken, setTenantId, writeItem } from './storage';

/** Fetched once and kept for the session; no retry of its own (see above). */
const ONCE_PER_SESSION = { staleTime: Infinity, retry: false, retryOnMount: false } as const;

/** User info, kept for the session (the avatar dialog and base-info page update this cache). */
export const userInfoQuery = queryOptions({
  queryKey: getGetUserInfoQueryKey(),
  queryFn: ({ signal }) => getUserInfo(signal),
  ...ONCE_PER_SESSION,
});

/** User config; the tenant header of every later call comes from it, so it is stored before anything else runs. */
export const userConfigQuery = queryOptions({
  queryKey: getGetUserConfigQueryKey(),
  queryFn: async ({ signal }) => {
    const value = await getUserConfig(signal);
    setTenantId(value.last_login_tenant_link);
    writeItem('config', value as unknown as Record<string, unknown>);
    return value;
  },
  ...ONCE_PER_SESSION,
});

/** The server menus and permissions of the current enterprise (only asked for when `shouldFetchMenus`). */
export const userMenusQuery = queryOptions({
  queryKey: getGetUserMenusQueryKey(),
  queryFn: ({ signal }) => getUserMenus(signal),
  ...ONCE_PER_SESSION,
});

export function isPersonalSpace(
  config: Pick<UserConfig, 'last_login_tenant_link' | 'user_tenant_link'>,
): boolean {
  return !config.last_login_tenant_link || config.last_login_tenant_link === config.user_tenant_link;
}

/** SPEC §4: server menus only when the current tenant is not the personal one (and not frozen). */
export function shouldFetchMenus(
  config: Pick<UserConfig, 'last_login_tenant_link' | 'user_tenant_link' | 'last_login_tenant_is_disable'>,
): boolean {
  return !config.last_login_tenant_is_disable && !isPersonalSpace(config);
}

/**
 * Starts the bootstrap calls when a token is already there: config and user info side by
 * side, the menus as soon as the config says they are needed. Settles (never rejects) when
 * all of them have answered or failed; the transport's time limit bounds it.
 *
 * The config call leaves at once (the tenant and the menus wait for it); the user-info call, a
 * leaf, in the next task: sending a request took 6–10 ms of the main thread in Lighthouse's phone
 * trace, and the task that sends the config call evaluates the bootstrap calls' modules too (a
 * stage of the first load: vite-plugins/bootstrap-chunk.ts, docs/frontend.md "The first load").
 */
export async function prefetchSession(
  queryClient: QueryClient,
  /** Told the config as soon as it answered (undefined signed out, or when it failed). */
  onConfig: (config: UserConfig | undefined) => void = () => {},
): Promise<void> {
  if (!getToken()) return onConfig(undefined);
  const menus = async () => {
    await queryClient.prefetchQuery(userConfigQuery);
    const config = queryClient.getQueryData(userConfigQuery.queryKey);
    onConfig(config);
    if (config && shouldFetchMenus(config)) await queryClient.prefetchQuery(userMenusQuery);
  };
  const info = async () => {
    await new Promise<void>((resolve) => inNextTask(resolve));
    await queryClient.prefetchQuery(userInfoQuery);
  };
  await Promise.all([menus(), info()]);
}
