/**
 * 更换手机号: the new number (SPEC §5 mobile rule), an SMS code sent to it
 * (scene change_mobile), then change/mobile; the shell's user info gets the new phone.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Input } from 'antd';
import { ValidationError } from 'yup';
import { changeMobile, getGetAuthDetailQueryKey, sendSmsCode } from '@generated/workbench/workbench';
import { MOBILE_DIGITS } from '@/constants/limits';
import { ACCOUNT_TEXT } from '@/constants/texts';
import { changeMobileSchema, type ChangeMobileValues } from '@/validation';
import { maskPhone } from '@/ui/format';
import type { DialogControl } from '@/ui/lazy-dialog';
import { FormikField } from '../formik-field';
import { applyUserInfo } from '../user-info-cache';
import { AccountFormDialog } from './AccountFormDialog';
import { SmsCodeInput } from './SmsCodeButton';

export default function ChangeMobileDialog({
  open,
  onOpenChange,
  currentPhone,
}: DialogControl & { currentPhone: string }) {
  const onClose = () => onOpenChange(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const schema = changeMobileSchema(currentPhone);
  return (
    <AccountFormDialog<ChangeMobileValues>
      open={open}
      title={ACCOUNT_TEXT.changeMobile}
      onClose={onClose}
      config={{
        initialValues: { phone: '', code: '' },
        validationSchema: schema,
        onSubmit: async (values) => {
          const phone = values.phone.trim();
          try {
            await changeMobile({ phone, code: values.code.trim() });
          } catch {
            return;
          }
          applyUserInfo(queryClient, { phone });
          void queryClient.invalidateQueries({ queryKey: getGetAuthDetailQueryKey() });
          void message.success(ACCOUNT_TEXT.mobileChanged);
          onClose();
        },
      }}
    >
      {(formik) => {
        // The code goes to the new number, so that number must be valid first.
        const send = async () => {
          const phone = formik.values.phone.trim();
          try {
            await schema.validateAt('phone', { phone });
          } catch (error) {
            void formik.setFieldTouched('phone', true, false);
            if (error instanceof ValidationError) formik.setFieldError('phone', error.message);
            return false;
          }
          try {
            await sendSmsCode({ phone, scene: 'change_mobile' });
          } catch {
            return false;
          }
          void message.success(ACCOUNT_TEXT.codeSent(maskPhone(phone)));
          return true;
        };
        return (
          <>
            <FormikField formik={formik} name="phone" label={ACCOUNT_TEXT.newMobile} idPrefix="change-mobile">
              {(props) => <Input {...props} inputMode="tel" autoComplete="tel" maxLength={MOBILE_DIGITS} />}
            </FormikField>
            <FormikField formik={formik} name="code" label={ACCOUNT_TEXT.smsCode} idPrefix="change-mobile">
              {(props) => <SmsCodeInput input={props} onSend={send} />}
            </FormikField>
          </>
        );
      }}
    </AccountFormDialog>
  );
}
