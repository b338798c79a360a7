import { UserAddOutlined } from '@ant-design/icons';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { useInviteUserByPhone } from '@generated/workbench/workbench';
import { ADMIN_TEXT } from '@/constants/texts';
import { invitePhoneSchema, yupField } from '@/validation';
import { useRefreshTenant } from '../tenant';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.members;

/** 邀请成员 by mobile number. */
export function InviteByPhoneForm({ tenantLink }: { tenantLink: string }) {
  const { message } = App.useApp();
  const refresh = useRefreshTenant();
  const invite = useInviteUserByPhone();

  return (
    <ModalForm<{ phone: string }>
      title={T.invite}
      width={420}
      trigger={
        <Button type="primary" icon={<UserAddOutlined />}>
          {T.invite}
        </Button>
      }
      modalProps={MODAL_FORM_PROPS}
      onFinish={async (values) => {
        const { phone } = invitePhoneSchema.cast(values);
        try {
          await invite.mutateAsync({ params: { phone, tenant_link: tenantLink } });
        } catch {
          return false;
        }
        void message.success(T.invited);
        await refresh();
        return true;
      }}
    >
      <ProFormText
        name="phone"
        label={T.invitePhone}
        required
        rules={[yupField(invitePhoneSchema, 'phone')]}
        fieldProps={{ inputMode: 'tel' }}
      />
    </ModalForm>
  );
}
