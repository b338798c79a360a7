import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { useInviteUserByPhone } from '@generated/workbench/workbench';
import { ADMIN_TEXT } from '@/constants/texts';
import type { DialogControl } from '@/ui/lazy-dialog';
import { invitePhoneSchema, yupField } from '@/validation';
import { useRefreshTenant } from '../tenant';
import { MODAL_FORM_PROPS } from '../modal-form';

const T = ADMIN_TEXT.members;

/** 邀请成员 by mobile number. Fetched when first wanted (src/ui/lazy-dialog.tsx). */
export default function InviteByPhoneForm({
  tenantLink,
  open,
  onOpenChange,
}: { tenantLink: string } & DialogControl) {
  const { message } = App.useApp();
  const refresh = useRefreshTenant();
  const invite = useInviteUserByPhone();

  return (
    <ModalForm<{ phone: string }>
      title={T.invite}
      width={420}
      open={open}
      onOpenChange={onOpenChange}
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
