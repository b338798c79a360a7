/** 创建企业: validated fields (src/validation/tenant.ts), create, then switch into the new enterprise. */
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useRef } from 'react';
import { createTenant } from '@generated/workbench/workbench';
import type { TenantCreate, TenantRef } from '@generated/workbench/model';
import { TENANT_INDUSTRY_MAX, TENANT_NAME_MAX } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import { createTenantSchema, yupField, type CreateTenantValues } from '@/validation';

/** Only what was filled in: empty optional fields are left out (the contract's phone pattern has no empty value). */
function toTenantCreate(values: CreateTenantValues): TenantCreate {
  const body: TenantCreate = { tenant_name: values.tenant_name.trim() };
  const industry = values.industry?.trim();
  const phone = values.contact_phone?.trim();
  if (industry) body.industry = industry;
  if (phone) body.contact_phone = phone;
  return body;
}

interface CreateTenantModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new enterprise once created; it switches into it. */
  onCreated: (tenant: TenantRef) => Promise<void>;
}

export function CreateTenantModal({ open, onOpenChange, onCreated }: CreateTenantModalProps) {
  // Once created, a failed switch is retried without creating the enterprise again.
  const createdRef = useRef<TenantRef | null>(null);
  return (
    <ModalForm<CreateTenantValues>
      title={TEXT.tenant.createEnterprise}
      open={open}
      onOpenChange={onOpenChange}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: TEXT.tenant.createSubmit } }}
      scrollToFirstError
      onFinish={async (values) => {
        try {
          createdRef.current ??= await createTenant(toTenantCreate(values));
        } catch {
          return false; // the transport showed why; the form keeps what was typed
        }
        try {
          await onCreated(createdRef.current);
        } catch {
          return false;
        }
        return true;
      }}
    >
      <ProFormText
        name="tenant_name"
        label={TEXT.tenant.tenantNameLabel}
        required
        fieldProps={{ maxLength: TENANT_NAME_MAX, showCount: true, autoFocus: true }}
        rules={[yupField(createTenantSchema, 'tenant_name')]}
      />
      <ProFormText
        name="industry"
        label={TEXT.tenant.industryLabel}
        fieldProps={{ maxLength: TENANT_INDUSTRY_MAX }}
        rules={[yupField(createTenantSchema, 'industry')]}
      />
      <ProFormText
        name="contact_phone"
        label={TEXT.tenant.contactPhoneLabel}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[yupField(createTenantSchema, 'contact_phone')]}
      />
    </ModalForm>
  );
}
