import { string } from 'yup';
import { RULE_TEXT } from '@/constants/texts';

/** 11 digits (MOBILE_DIGITS), starting with 1, second digit 3, 4, 5, 7 or 8 (SPEC §5). */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;

/** The mobile-number rule: empty is allowed; otherwise it must match the pattern. */
export const mobileSchema = string()
  .trim()
  .test('mobile', RULE_TEXT.mobileInvalid, (value) => !value || MOBILE_PATTERN.test(value));

export const isValidMobile = (value: string | undefined | null): boolean =>
  mobileSchema.isValidSync(value ?? '');
