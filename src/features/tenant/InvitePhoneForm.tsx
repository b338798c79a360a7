/** The 手机号邀请 tab: invite one person by mobile number into the current enterprise. */
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { inviteUserByPhone } from '@generated/workbench/workbench';
import { MOBILE_DIGITS } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import { invitePhoneSchema, yupField } from '@/validation';

export function InvitePhoneForm({ tenantLink }: { tenantLink: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phone: string }>();
  const [sending, setSending] = useState(false);

  const send = async ({ phone }: { phone: string }) => {
    setSending(true);
    try {
      await inviteUserByPhone({ phone: phone.trim(), tenant_link: tenantLink });
      void message.success(TEXT.tenant.invitePhoneSent);
      form.resetFields(); // ready for the next person
    } catch {
      // shown by the transport; the number stays in the field
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark onFinish={(values) => void send(values)}>
      <Form.Item
        name="phone"
        label={TEXT.tenant.invitePhoneLabel}
        required
        rules={[yupField(invitePhoneSchema, 'phone')]}
      >
        <Input maxLength={MOBILE_DIGITS} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {TEXT.tenant.invitePhoneSubmit}
      </Button>
    </Form>
  );
}
