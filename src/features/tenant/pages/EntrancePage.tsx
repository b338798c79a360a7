/**
 * /entrance (SPEC §2; opened in a new tab): the user's personal space and
 * enterprises, the current one marked. Choosing one records it as the last-login
 * tenant and opens the workbench in it with a full page load; a frozen one leads
 * to renewal the same way (the shell lands on /renewal). An enterprise can be
 * created here and is entered at once; `?create=1` opens that form directly.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useListTenants } from '@generated/workbench/workbench';
import type { TenantRef } from '@generated/workbench/model';
import { TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { LoadFailed } from '@/ui/LoadFailed';
import { CreateTenantModal } from '../CreateTenantModal';
import { StandalonePage } from '../StandalonePage';
import { enterTenant } from '../switch-tenant';
import { TenantList } from '../TenantList';

export default function EntrancePage() {
  const { config } = useSession();
  const [params, setParams] = useSearchParams();
  const tenants = useListTenants(undefined, { query: { retry: false } });
  const [entering, setEntering] = useState<string | null>(null);
  const creating = params.get('create') === '1';

  const setCreating = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('create', '1');
    else next.delete('create');
    setParams(next, { replace: true });
  };

  const enter = async (tenant: TenantRef) => {
    setEntering(tenant.tenant_link);
    try {
      await enterTenant(tenant);
    } catch {
      setEntering(null); // the transport showed the error; the user can choose again
    }
  };

  return (
    <StandalonePage
      title={TEXT.tenant.entranceTitle}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {TEXT.tenant.createEnterprise}
        </Button>
      }
    >
      <Card title={TEXT.tenant.entranceTitle} variant="borderless">
        {tenants.isPending ? <Skeleton active avatar paragraph={{ rows: 3 }} /> : null}
        {tenants.isError ? (
          <LoadFailed title={TEXT.tenant.listFailed} onRetry={() => void tenants.refetch()} />
        ) : null}
        {tenants.data ? (
          <TenantList
            tenants={tenants.data}
            currentLink={config.last_login_tenant_link}
            entering={entering}
            onEnter={(t) => void enter(t)}
          />
        ) : null}
      </Card>
      <CreateTenantModal open={creating} onOpenChange={setCreating} onCreated={enterTenant} />
    </StandalonePage>
  );
}
