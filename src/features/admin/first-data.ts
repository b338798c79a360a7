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

/** How long a page takes what its load fetched with the shell as fresh (no refetch on mount). */
export const FIRST_DATA_FRESH_MS = 10_000;

/**
 * The current enterprise's detail (profile and members), as useCurrentTenant (./tenant.ts) reads
 * it. Only where the back-end can be (an enterprise that is not frozen: the menus' rule): the
 * root was recorded on an earlier load, and the user may have moved to the personal space since.
 */
export function prefetchCurrentTenant(queryClient: QueryClient, config: UserConfig): void {
  const tenantLink = config.last_login_tenant_link;
  if (tenantLink && shouldFetchMenus(config))
    void queryClient.prefetchQuery(getGetTenantDetailQueryOptions({ tenant_link: tenantLink }));
}
