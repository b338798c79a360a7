/**
 * The user-center forms' rules (formik + yup). The mobile number uses the SPEC §5
 * rule (`mobileSchema`); the rest are the product's own account rules.
 */
import { object, ref, string, type InferType } from 'yup';
import { SMS_CODE_DIGITS } from '@/constants/limits';
import { ACCOUNT_RULE_TEXT as T } from '@/constants/texts';
import { mobileSchema } from './mobile';

/** The contract's UserInfo.user_name maxLength. */
export const USER_NAME_MAX = 30;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;
const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_DIGITS}}$`);

export const userNameSchema = object({
  user_name: string().trim().required(T.userNameRequired).max(USER_NAME_MAX, T.userNameTooLong),
});

const newPassword = () =>
  string()
    .required(T.newPasswordRequired)
    .min(PASSWORD_MIN, T.passwordLength)
    .max(PASSWORD_MAX, T.passwordLength)
    .matches(/[A-Za-z]/, { message: T.passwordMix, excludeEmptyString: true })
    .matches(/\d/, { message: T.passwordMix, excludeEmptyString: true });

const confirmPassword = () =>
  string()
    .required(T.confirmRequired)
    .oneOf([ref('new_pwd')], T.confirmMismatch);

const smsCode = () =>
  string()
    .trim()
    .required(T.codeRequired)
    .matches(SMS_CODE_PATTERN, { message: T.codeInvalid, excludeEmptyString: true });

export const changePasswordSchema = object({
  old_pwd: string().required(T.oldPasswordRequired),
  new_pwd: newPassword().test(
    'not-old',
    T.passwordSameAsOld,
    (value, ctx) => !value || value !== (ctx.parent as { old_pwd?: string }).old_pwd,
  ),
  confirm_pwd: confirmPassword(),
});

export const resetPasswordSchema = object({
  code: smsCode(),
  new_pwd: newPassword(),
  confirm_pwd: confirmPassword(),
});

/** The new number must follow the mobile rule, and differ from the current one. */
export const changeMobileSchema = (currentPhone: string) =>
  object({
    phone: mobileSchema
      .required(T.mobileRequired)
      .test('not-current', T.mobileSame, (value) => !value || value !== currentPhone),
    code: smsCode(),
  });

/** Deleting the account is confirmed by typing the account's own phone number. */
export const deleteAccountSchema = (currentPhone: string) =>
  object({
    phone: string()
      .trim()
      .required(T.mobileRequired)
      .test('is-current', T.deleteConfirmMismatch, (value) => !value || value === currentPhone),
  });

export type UserNameValues = InferType<typeof userNameSchema>;
export type ChangePasswordValues = InferType<typeof changePasswordSchema>;
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;
export type ChangeMobileValues = InferType<ReturnType<typeof changeMobileSchema>>;
export type DeleteAccountValues = InferType<ReturnType<typeof deleteAccountSchema>>;
