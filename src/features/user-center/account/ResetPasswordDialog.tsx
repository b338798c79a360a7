/**
 * 通过手机验证码重置密码 (or 设置密码 when none is set): an SMS code to the
 * account phone (send/sms/code, scene reset_password), then reset/password/mobile (v2).
 */
import { App } from 'antd';
import { resetPasswordByMobileV2, sendSmsCode } from '@generated/workbench/workbench';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { resetPasswordSchema, type ResetPasswordValues } from '@/validation';
import { maskPhone } from '@/ui/format';
import type { DialogControl } from '@/ui/lazy-dialog';
import { FormikField } from '../formik-field';
import { passwordDigest } from '../password-digest';
import { AccountFormDialog } from './AccountFormDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { useDigestFailure } from './digest-failure';
import { SmsCodeInput } from './SmsCodeButton';

export default function ResetPasswordDialog({
  open,
  onOpenChange,
  title,
  phone,
}: DialogControl & { title: string; phone: string }) {
  const onClose = () => onOpenChange(false);
  const { message } = App.useApp();
  const digestFailed = useDigestFailure();
  const send = async () => {
    try {
      await sendSmsCode({ phone, scene: 'reset_password' });
    } catch {
      return false;
    }
    void message.success(ACCOUNT_TEXT.codeSent(maskPhone(phone)));
    return true;
  };
  return (
    <AccountFormDialog<ResetPasswordValues>
      open={open}
      title={title}
      onClose={onClose}
      config={{
        initialValues: { code: '', new_pwd: '', confirm_pwd: '' },
        validationSchema: resetPasswordSchema,
        onSubmit: async (values) => {
          let newPwd: string;
          try {
            newPwd = await passwordDigest(values.new_pwd);
          } catch (error) {
            digestFailed(error);
            return;
          }
          try {
            await resetPasswordByMobileV2({ phone, code: values.code.trim(), new_pwd: newPwd });
          } catch {
            return;
          }
          void message.success(ACCOUNT_TEXT.passwordReset);
          onClose();
        },
      }}
    >
      {(formik) => (
        <>
          <p className="account-dialog-note">{ACCOUNT_TEXT.codeTarget(maskPhone(phone))}</p>
          <FormikField formik={formik} name="code" label={ACCOUNT_TEXT.smsCode} idPrefix="reset-password">
            {(props) => <SmsCodeInput input={props} onSend={send} />}
          </FormikField>
          <NewPasswordFields formik={formik} idPrefix="reset-password" />
        </>
      )}
    </AccountFormDialog>
  );
}
