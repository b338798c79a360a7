import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { getGetUserConfigQueryKey, useUpdateTenant } from '@generated/workbench/workbench';
import type { TenantDetail } from '@generated/workbench/model';
import { TENANT_DESCRIPTION_MAX, TENANT_INDUSTRY_MAX, TENANT_NAME_MAX } from '@/constants/limits';
import { ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { isRequired, tenantUpdateSchema, yupField, type TenantUpdateValues } from '@/validation';
import { useRefreshTenant } from '../tenant';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.enterprise;
const rule = (field: keyof TenantUpdateValues) => [yupField(tenantUpdateSchema, field)];

/**
 * 编辑企业: the profile in a modal form; on failure the modal stays open with what was typed.
 * Fetched when first wanted (src/ui/lazy-dialog.tsx): the page draws its button.
 */
export default function EditEnterpriseForm({
  tenant,
  open,
  onOpenChange,
}: { tenant: TenantDetail } & DialogControl) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const update = useUpdateTenant();

  return (
    <ModalForm<TenantUpdateValues>
      title={T.edit}
      width={560}
      open={open}
      onOpenChange={onOpenChange}
      modalProps={MODAL_FORM_PROPS}
      initialValues={{
        tenant_name: tenant.tenant_name,
        industry: tenant.industry,
        contact_phone: tenant.contact_phone,
        description: tenant.description,
      }}
      onFinish={async (values) => {
        const data = tenantUpdateSchema.cast(values);
        try {
          await update.mutateAsync({
            data: {
              tenant_link: tenant.tenant_link,
              tenant_name: data.tenant_name,
              industry: data.industry ?? '',
              contact_phone: data.contact_phone ?? '',
              description: data.description ?? '',
            },
          });
        } catch {
          return false; // the transport showed the error; keep the form as typed
        }
        void message.success(T.edited);
        // The enterprise name also shows in the avatar menu (user config).
        await Promise.all([
          refresh(),
          queryClient.invalidateQueries({ queryKey: getGetUserConfigQueryKey() }),
        ]);
        return true;
      }}
    >
      <ProFormText
        name="tenant_name"
        label={T.name}
        required={isRequired(tenantUpdateSchema, 'tenant_name')}
        rules={rule('tenant_name')}
        fieldProps={{ count: { show: true, max: TENANT_NAME_MAX } }}
      />
      <ProFormText
        name="industry"
        label={T.industry}
        rules={rule('industry')}
        fieldProps={{ count: { show: true, max: TENANT_INDUSTRY_MAX } }}
      />
      <ProFormText name="contact_phone" label={T.contactPhone} rules={rule('contact_phone')} />
      <ProFormTextArea
        name="description"
        label={T.description}
        rules={rule('description')}
        fieldProps={{ rows: 4, count: { show: true, max: TENANT_DESCRIPTION_MAX } }}
      />
    </ModalForm>
  );
}
