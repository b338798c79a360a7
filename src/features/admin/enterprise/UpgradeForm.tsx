import { RocketOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, App, Button } from 'antd';
import { useUpgradeTenant } from '@generated/workbench/workbench';
import type { TenantDetail } from '@generated/workbench/model';
import { CONTACT_NAME_MAX, TENANT_DESCRIPTION_MAX } from '@/constants/limits';
import { ADMIN_TEXT } from '@/constants/texts';
import { useSession } from '@/session/bootstrap';
import { isRequired, tenantUpgradeSchema, yupField, type TenantUpgradeValues } from '@/validation';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.enterprise;
const rule = (field: keyof TenantUpgradeValues) => [yupField(tenantUpgradeSchema, field)];

/** 升级企业: a request with a contact; the provider follows up. */
export function UpgradeForm({ tenant }: { tenant: TenantDetail }) {
  const { message } = App.useApp();
  const { info } = useSession();
  const upgrade = useUpgradeTenant();

  return (
    <ModalForm<TenantUpgradeValues>
      title={T.upgrade}
      width={520}
      trigger={<Button icon={<RocketOutlined />}>{T.upgrade}</Button>}
      modalProps={MODAL_FORM_PROPS}
      initialValues={{ contact_name: info.user_name ?? '', contact_phone: info.phone ?? '' }}
      onFinish={async (values) => {
        const data = tenantUpgradeSchema.cast(values);
        try {
          await upgrade.mutateAsync({
            data: {
              tenant_link: tenant.tenant_link,
              contact_name: data.contact_name,
              contact_phone: data.contact_phone,
              remark: data.remark ?? '',
            },
          });
        } catch {
          return false;
        }
        void message.success(T.upgraded);
        return true;
      }}
    >
      <Alert type="info" showIcon message={T.upgradeHint} style={{ marginBottom: 16 }} />
      <ProFormText
        name="contact_name"
        label={T.contactName}
        required={isRequired(tenantUpgradeSchema, 'contact_name')}
        rules={rule('contact_name')}
        fieldProps={{ count: { show: true, max: CONTACT_NAME_MAX } }}
      />
      <ProFormText
        name="contact_phone"
        label={T.contactPhone}
        required={isRequired(tenantUpgradeSchema, 'contact_phone')}
        rules={rule('contact_phone')}
      />
      <ProFormTextArea
        name="remark"
        label={T.remark}
        rules={rule('remark')}
        fieldProps={{
          rows: 3,
          placeholder: T.remarkPlaceholder,
          count: { show: true, max: TENANT_DESCRIPTION_MAX },
        }}
      />
    </ModalForm>
  );
}
