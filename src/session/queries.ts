/**
 * The bootstrap queries (user info, user config). Kept free of UI imports so the
 * calls can leave before the rest of the bundle has even been evaluated.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  getGetUserConfigQueryKey,
  getGetUserInfoQueryKey,
  getUserConfig,
  getUserInfo,
} from '@generated/workbench/workbench';
import { getToken, setTenantId, writeItem } from './storage';

/** User info, kept for the session (the avatar dialog and base-info page update this cache). */
export const userInfoQuery = queryOptions({
  queryKey: getGetUserInfoQueryKey(),
  queryFn: ({ signal }) => getUserInfo(signal),
  staleTime: Infinity,
  retry: false,
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
  staleTime: Infinity,
  retry: false,
});

/** Starts the bootstrap calls when a token is already there. */
export function prefetchSession(queryClient: QueryClient): void {
  if (!getToken()) return;
  void queryClient.prefetchQuery(userInfoQuery);
  void queryClient.prefetchQuery(userConfigQuery);
}
