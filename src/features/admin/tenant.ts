/** The current enterprise (the last-login tenant) as the back-end pages read it. */
import { useQueryClient } from '@tanstack/react-query';
import { getGetTenantDetailQueryKey, useGetTenantDetail } from '@generated/workbench/workbench';
import { useSession } from '@/session/bootstrap';
import { useFetchedWithShell } from '@/session/first-data';

export function useCurrentTenant() {
  const { config } = useSession();
  const tenantLink = config.last_login_tenant_link;
  // The first page to show what its load fetched with the shell (./first-data.ts) takes it as it
  // came (src/session/first-data.ts).
  const withShell = useFetchedWithShell(getGetTenantDetailQueryKey({ tenant_link: tenantLink }));
  const detail = useGetTenantDetail(
    { tenant_link: tenantLink },
    { query: { enabled: !!tenantLink, ...withShell } },
  );
  return { tenantLink, detail };
}

/** Marks the current enterprise's detail (profile and members) stale so it reloads. */
export function useRefreshTenant(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { config } = useSession();
  return () =>
    queryClient.invalidateQueries({
      queryKey: getGetTenantDetailQueryKey({ tenant_link: config.last_login_tenant_link }),
    });
}
