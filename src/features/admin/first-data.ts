/**
 * The back-end pages' first data calls, made with the shell's when a load starts on one of them
 * (src/session/first-data.ts says how). Kept out of the pages' own code: it is in the first load.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getListRolesQueryOptions } from '@generated/rbac/rbac';
import type { ListRolesParams } from '@generated/rbac/model';
import { getGetTenantDetailQueryOptions } from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { ROLE_PAGE_SIZE } from '@/constants/limits';
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

/** The role list as the roles page first asks for it: the first page, no name searched for. */
export const FIRST_ROLES_PAGE = { index: 1, page_size: ROLE_PAGE_SIZE } as const satisfies ListRolesParams;

/** The roles page's first page of roles (the same rule as above: where the back-end can be). */
export function prefetchFirstRoles(queryClient: QueryClient, config: UserConfig): void {
  if (!config.last_login_tenant_link || !shouldFetchMenus(config)) return;
  fetchWithShell(queryClient, getListRolesQueryOptions(FIRST_ROLES_PAGE));
}
