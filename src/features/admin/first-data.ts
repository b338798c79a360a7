/**
 * The back-end pages' first data calls, made with the shell's when a load starts on one of them
 * (src/session/first-data.ts says how). Kept out of the pages' own code: it is in the first load.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getGetTenantDetailQueryOptions } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { fetchWithShell } from '@/session/first-data';
import { shouldFetchMenus } from '@/session/queries';

/**
 * The current enterprise's detail (profile and members), as useCurrentTenant (./tenant.ts) reads
 * it. Only where the back-end can be (an enterprise that is not frozen: the menus' rule): the
 * root was recorded on an earlier load, and the user may have moved to the personal space since.
 */
export function prefetchCurrentTenant(queryClient: QueryClient, config: UserConfig): void {
  const tenantLink = config.last_login_tenant_link;
  if (!tenantLink || !shouldFetchMenus(config)) return;
  fetchWithShell(queryClient, getGetTenantDetailQueryOptions({ tenant_link: tenantLink }));
}
