/** 申请续费: the renewal request of a frozen enterprise (upgradeTenant, openapi TenantUpgradeRequest). */
import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import { upgradeTenant } from '@generated/workbench/workbench';
import { CONTACT_NAME_MAX, TENANT_DESCRIPTION_MAX } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import { tenantUpgradeSchema, yupField, type TenantUpgradeValues } from '@/validation';

interface UpgradeFormProps {
  tenantLink: string;
  /** Prefilled from the signed-in user; editable. */
  initialValues: Partial<TenantUpgradeValues>;
}

export function UpgradeForm({ tenantLink, initialValues }: UpgradeFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TenantUpgradeValues>();
  return (
    <ProForm<TenantUpgradeValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      scrollToFirstError
      submitter={{ searchConfig: { submitText: TEXT.tenant.upgradeSubmit }, resetButtonProps: false }}
      onFinish={async (values) => {
        const remark = values.remark?.trim();
        try {
          await upgradeTenant({
            tenant_link: tenantLink,
            contact_name: values.contact_name.trim(),
            contact_phone: values.contact_phone.trim(),
            ...(remark ? { remark } : {}),
          });
        } catch {
          return false; // shown by the transport; the form keeps its values
        }
        void message.success(TEXT.tenant.upgradeSent);
        return true;
      }}
    >
      <ProFormText
        name="contact_name"
        label={TEXT.tenant.contactNameLabel}
        required
        fieldProps={{ maxLength: CONTACT_NAME_MAX }}
        rules={[yupField(tenantUpgradeSchema, 'contact_name')]}
      />
      <ProFormText
        name="contact_phone"
        label={TEXT.tenant.contactPhoneLabel}
        required
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[yupField(tenantUpgradeSchema, 'contact_phone')]}
      />
      <ProFormTextArea
        name="remark"
        label={TEXT.tenant.remarkLabel}
        fieldProps={{
          maxLength: TENANT_DESCRIPTION_MAX,
          showCount: true,
          autoSize: { minRows: 3, maxRows: 6 },
        }}
        rules={[yupField(tenantUpgradeSchema, 'remark')]}
      />
    </ProForm>
  );
}
