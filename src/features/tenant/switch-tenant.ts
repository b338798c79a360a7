import { setLastLoginTenant } from '@generated/workbench/workbench';
import type { TenantRef } from '@generated/workbench/model';
import { navigation } from '@/ui/navigation';
import { ROUTES } from '@/constants/routes';
import { forgetBootFrame } from '@/session/storage';

/**
 * Records the chosen tenant as the last-login one and opens the workbench in it
 * with a full page load. A frozen tenant is recorded too: the shell then lands on
 * /renewal by itself. A failed record is shown by the transport and stays here.
 */
export async function enterTenant(tenant: TenantRef): Promise<void> {
  await setLastLoginTenant({ tenant_link: tenant.tenant_link, tenant_name: tenant.tenant_name });
  // The next load is another tenant's shell: index.html must not paint this one's frame.
  forgetBootFrame();
  navigation.assign(ROUTES.home);
}
