/** The new password and its confirmation, as both password dialogs ask for them. */
import { Input } from 'antd';
import type { FormikProps } from 'formik';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { FormikField } from '../formik-field';

export function NewPasswordFields<V extends { new_pwd: string; confirm_pwd: string }>({
  formik,
  idPrefix,
}: {
  formik: FormikProps<V>;
  idPrefix: string;
}) {
  return (
    <>
      <FormikField
        formik={formik}
        name="new_pwd"
        label={ACCOUNT_TEXT.newPassword}
        idPrefix={idPrefix}
        extra={ACCOUNT_TEXT.passwordHint}
      >
        {(props) => <Input.Password {...props} autoComplete="new-password" />}
      </FormikField>
      <FormikField
        formik={formik}
        name="confirm_pwd"
        label={ACCOUNT_TEXT.confirmPassword}
        idPrefix={idPrefix}
      >
        {(props) => <Input.Password {...props} autoComplete="new-password" />}
      </FormikField>
    </>
  );
}
