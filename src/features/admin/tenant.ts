/** The current enterprise (the last-login tenant) as the back-end pages read it. */
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getGetTenantDetailQueryKey, useGetTenantDetail } from '@generated/workbench/workbench';
import { TIME_FORMAT } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';

export function useCurrentTenant() {
  const { config } = useSession();
  const tenantLink = config.last_login_tenant_link;
  const detail = useGetTenantDetail({ tenant_link: tenantLink }, { query: { enabled: !!tenantLink } });
  return { tenantLink, detail };
}

/** Marks the current enterprise's detail (profile and members) stale so it reloads. */
export function useRefreshTenant(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { config } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: getGetTenantDetailQueryKey({ tenant_link: config.last_login_tenant_link }) });
}

/** Epoch milliseconds → "YYYY-MM-DD HH:mm:ss" (SPEC §9). */
export function formatTime(ms: number | null | undefined): string {
  return typeof ms === 'number' && ms > 0 ? dayjs(ms).format(TIME_FORMAT) : '-';
}

/** SPEC §9: negative means permanent, otherwise "剩余N天". */
export function remainingLabel(days: number): string {
  return days < 0 ? TEXT.permanent : TEXT.remainingDays(days);
}
