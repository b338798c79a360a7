/**
 * The first data call of a back-end page, made with the shell's when a load starts on that page
 * (src/app/pages.ts): it leaves as soon as the user config names the enterprise, beside the
 * menus call, instead of once the menus came, the shell rendered and the page mounted. Kept out
 * of the pages' own code (it is in the first load) and free of UI imports.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getGetTenantDetailQueryOptions } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { shouldFetchMenus } from '@/session/queries';

/** The enterprises whose detail this load fetched with the shell, until a page first showed it. */
const fetchedWithShell = new Set<string>();

/**
 * Whether the detail of `tenantLink` came with the shell and no page has shown it yet: the first
 * page to show it takes it as it is (no second request on mount; a failure shows the page's
 * retry, not a second request and toast). Every later visit fetches again, as before.
 */
export const cameWithShell = (tenantLink: string): boolean => fetchedWithShell.has(tenantLink);

/** A page showed what came with the shell (after its commit, so a re-render still sees it). */
export const shownAfterShell = (tenantLink: string): void => void fetchedWithShell.delete(tenantLink);

/**
 * The current enterprise's detail (profile and members), as useCurrentTenant (./tenant.ts) reads
 * it. Only where the back-end can be (an enterprise that is not frozen: the menus' rule): the
 * root was recorded on an earlier load, and the user may have moved to the personal space since.
 */
export function prefetchCurrentTenant(queryClient: QueryClient, config: UserConfig): void {
  const tenantLink = config.last_login_tenant_link;
  if (!tenantLink || !shouldFetchMenus(config)) return;
  fetchedWithShell.add(tenantLink);
  void queryClient.prefetchQuery(getGetTenantDetailQueryOptions({ tenant_link: tenantLink }));
}
