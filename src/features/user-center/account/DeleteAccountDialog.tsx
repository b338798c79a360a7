/** 注销账号: confirmed by typing the account's phone; then delete and sign out. */
import { Alert, App, Input } from 'antd';
import { deleteAccount } from '@generated/workbench/workbench';
import { MOBILE_DIGITS } from '@/constants/limits';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { signOut } from '@/session/sso';
import { deleteAccountSchema, type DeleteAccountValues } from '@/validation';
import type { DialogControl } from '@/ui/lazy-dialog';
import { FormikField } from '../formik-field';
import { AccountFormDialog } from './AccountFormDialog';

export default function DeleteAccountDialog({
  open,
  onOpenChange,
  phone,
}: DialogControl & { phone: string }) {
  const onClose = () => onOpenChange(false);
  const { message } = App.useApp();
  return (
    <AccountFormDialog<DeleteAccountValues>
      open={open}
      title={ACCOUNT_TEXT.deleteAccount}
      okText={ACCOUNT_TEXT.deleteConfirm}
      danger
      canSubmit={(values) => values.phone.trim() === phone}
      onClose={onClose}
      config={{
        initialValues: { phone: '' },
        validationSchema: deleteAccountSchema(phone),
        onSubmit: async () => {
          try {
            await deleteAccount();
          } catch {
            return; // e.g. still the owner of an enterprise: the server says so
          }
          void message.success(ACCOUNT_TEXT.accountDeleted);
          signOut();
        },
      }}
    >
      {(formik) => (
        <>
          <Alert type="error" showIcon message={ACCOUNT_TEXT.deleteWarning} className="account-dialog-note" />
          <FormikField
            formik={formik}
            name="phone"
            label={ACCOUNT_TEXT.deletePrompt(phone)}
            idPrefix="delete-account"
          >
            {(props) => <Input {...props} inputMode="tel" autoComplete="off" maxLength={MOBILE_DIGITS} />}
          </FormikField>
        </>
      )}
    </AccountFormDialog>
  );
}
