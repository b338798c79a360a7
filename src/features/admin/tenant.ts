/** The current enterprise (the last-login tenant) as the back-end pages read it. */
import { useQueryClient } from '@tanstack/react-query';
import { getGetTenantDetailQueryKey, useGetTenantDetail } from '@generated/workbench/workbench';
import { useSession } from '@/session/bootstrap';
import { FIRST_DATA_FRESH_MS } from './first-data';

export function useCurrentTenant() {
  const { config } = useSession();
  const tenantLink = config.last_login_tenant_link;
  const detail = useGetTenantDetail(
    { tenant_link: tenantLink },
    {
      query: {
        enabled: !!tenantLink,
        // What the load fetched with the shell (./first-data.ts) is not fetched again on mount;
        // a failure of it shows the page's retry, not a second request and toast.
        staleTime: FIRST_DATA_FRESH_MS,
        retryOnMount: false,
      },
    },
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
