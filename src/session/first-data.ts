/**
 * A page's first data call, made with the shell's when a load starts on that page (the pages'
 * `firstData`, src/app/pages.ts): it leaves as soon as the user config answered, beside the
 * menus call, instead of once the menus came, the shell rendered and the page mounted.
 *
 * The first page to show what came that way takes it as it came: no second request on its
 * mount, and a failure shows the page's retry rather than a second request and toast. Every
 * later mount of the query behaves as before (fetched again when stale).
 */
import { hashKey, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserConfig } from '@generated/workbench/model';

/** A page's first data call: started once the user config answered, with the load's address. */
export type FirstData = (queryClient: QueryClient, config: UserConfig, url: URL) => void;

/** The queries this load fetched with the shell, until a page first showed them. */
const fetchedWithShell = new Set<string>();

/**
 * How long a query fetched with the shell waits for its page. A page that did not show it by
 * then never will on this load (the menus no longer give it, its code failed): a later visit
 * must not take what may be minutes old without asking again. A page slower than this only
 * asks twice, as it did before.
 */
export const FIRST_MOUNT_WITHIN_MS = 30_000;

/** Starts `options` now, for the page that will show it. */
export function fetchWithShell<T>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, unknown, T, QueryKey>,
): void {
  const hash = hashKey(options.queryKey);
  fetchedWithShell.add(hash);
  setTimeout(() => fetchedWithShell.delete(hash), FIRST_MOUNT_WITHIN_MS);
  void queryClient.prefetchQuery(options);
}

/**
 * A page's query options for `queryKey`: on the first mount after the load fetched it with the
 * shell, no refetch and no retry on mount; otherwise none (the query's own behaviour).
 */
export function useFetchedWithShell(queryKey: QueryKey): { refetchOnMount?: false; retryOnMount?: false } {
  const hash = hashKey(queryKey);
  const withShell = fetchedWithShell.has(hash);
  // After the commit, so a re-render (or React's development double render) still sees it.
  useEffect(() => {
    if (withShell) fetchedWithShell.delete(hash);
  }, [withShell, hash]);
  return withShell ? { refetchOnMount: false, retryOnMount: false } : {};
}
