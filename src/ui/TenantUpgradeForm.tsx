/**
 * The one enterprise upgrade / renewal request form (openapi TenantUpgradeRequest):
 * on the renewal page of a frozen enterprise (a page form) and behind 升级企业 in
 * the management back-end (a dialog). Fields, limits, rules and the request body
 * are defined here once; each feature sends the request and says what happened.
 */
import { ModalForm, ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, type ModalProps } from 'antd';
import { CONTACT_NAME_MAX, MOBILE_DIGITS, TENANT_DESCRIPTION_MAX } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import { isRequired, tenantUpgradeSchema, yupField, type TenantUpgradeValues } from '@/validation';
import type { DialogControl } from './lazy-dialog';

/** The request body's fields, trimmed, without an empty remark. */
export interface TenantUpgradeFields {
  contact_name: string;
  contact_phone: string;
  remark?: string;
}

export interface TenantUpgradeFormProps {
  /** Prefilled from the signed-in user; editable. */
  initialValues: Partial<TenantUpgradeValues>;
  /** Sends the request; resolves false to keep the form (and what was typed) as it is. */
  onSubmit: (fields: TenantUpgradeFields) => Promise<boolean>;
  /** In a dialog, opened by its owner (the back-end), or on the page (renewal). */
  dialog?: { title: string; modalProps?: ModalProps } & DialogControl;
}

const T = TEXT.tenant;
const rule = (field: keyof TenantUpgradeValues) => [yupField(tenantUpgradeSchema, field)];

function toFields(values: TenantUpgradeValues): TenantUpgradeFields {
  const data = tenantUpgradeSchema.cast(values);
  return {
    contact_name: data.contact_name,
    contact_phone: data.contact_phone,
    ...(data.remark ? { remark: data.remark } : {}),
  };
}

function Fields() {
  return (
    <>
      <ProFormText
        name="contact_name"
        label={T.contactNameLabel}
        required={isRequired(tenantUpgradeSchema, 'contact_name')}
        rules={rule('contact_name')}
        fieldProps={{ maxLength: CONTACT_NAME_MAX, count: { show: true, max: CONTACT_NAME_MAX } }}
      />
      <ProFormText
        name="contact_phone"
        label={T.contactPhoneLabel}
        required={isRequired(tenantUpgradeSchema, 'contact_phone')}
        rules={rule('contact_phone')}
        fieldProps={{ maxLength: MOBILE_DIGITS, inputMode: 'numeric', autoComplete: 'tel' }}
      />
      <ProFormTextArea
        name="remark"
        label={T.remarkLabel}
        rules={rule('remark')}
        fieldProps={{
          placeholder: T.remarkPlaceholder,
          maxLength: TENANT_DESCRIPTION_MAX,
          count: { show: true, max: TENANT_DESCRIPTION_MAX },
          autoSize: { minRows: 3, maxRows: 6 },
        }}
      />
    </>
  );
}

export function TenantUpgradeForm({ initialValues, onSubmit, dialog }: TenantUpgradeFormProps) {
  const onFinish = (values: TenantUpgradeValues) => onSubmit(toFields(values));
  if (dialog) {
    return (
      <ModalForm<TenantUpgradeValues>
        title={dialog.title}
        width={520}
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        modalProps={dialog.modalProps}
        initialValues={initialValues}
        scrollToFirstError
        onFinish={onFinish}
      >
        <Alert type="info" showIcon message={T.upgradeHint} style={{ marginBottom: 16 }} />
        <Fields />
      </ModalForm>
    );
  }
  return (
    <ProForm<TenantUpgradeValues>
      layout="vertical"
      initialValues={initialValues}
      scrollToFirstError
      submitter={{ searchConfig: { submitText: T.upgradeSubmit }, resetButtonProps: false }}
      onFinish={onFinish}
    >
      <Fields />
    </ProForm>
  );
}
