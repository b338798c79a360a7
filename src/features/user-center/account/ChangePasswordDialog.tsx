/** 修改密码: old and new password, both sent as SHA-256 digests (see password-digest). */
import { App, Input } from 'antd';
import { changePassword } from '@generated/workbench/workbench';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { changePasswordSchema, type ChangePasswordValues } from '@/validation';
import type { DialogControl } from '@/ui/lazy-dialog';
import { FormikField } from '../formik-field';
import { passwordDigest } from '../password-digest';
import { AccountFormDialog } from './AccountFormDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { useDigestFailure } from './digest-failure';

export default function ChangePasswordDialog({ open, onOpenChange }: DialogControl) {
  const onClose = () => onOpenChange(false);
  const { message } = App.useApp();
  const digestFailed = useDigestFailure();
  return (
    <AccountFormDialog<ChangePasswordValues>
      open={open}
      title={ACCOUNT_TEXT.changePassword}
      onClose={onClose}
      config={{
        initialValues: { old_pwd: '', new_pwd: '', confirm_pwd: '' },
        validationSchema: changePasswordSchema,
        onSubmit: async (values) => {
          let body;
          try {
            body = {
              old_pwd: await passwordDigest(values.old_pwd),
              new_pwd: await passwordDigest(values.new_pwd),
            };
          } catch (error) {
            digestFailed(error);
            return;
          }
          try {
            await changePassword(body);
          } catch {
            return; // shown by the transport (e.g. a wrong old password); the dialog stays
          }
          void message.success(ACCOUNT_TEXT.passwordChanged);
          onClose();
        },
      }}
    >
      {(formik) => (
        <>
          <FormikField
            formik={formik}
            name="old_pwd"
            label={ACCOUNT_TEXT.oldPassword}
            idPrefix="change-password"
          >
            {(props) => <Input.Password {...props} autoComplete="current-password" />}
          </FormikField>
          <NewPasswordFields formik={formik} idPrefix="change-password" />
        </>
      )}
    </AccountFormDialog>
  );
}
