import { string } from 'yup';
import { RULE_TEXT } from '@/constants/texts';

/** MOBILE_DIGITS (11) digits: 1, then 3, 4, 5, 7 or 8, then nine more (SPEC §5). */
export const MOBILE_PATTERN = /^1[34578]\d{9}$/;

/** The mobile-number rule: empty is allowed; otherwise it must match the pattern. */
export const mobileSchema = string()
  .trim()
  .test('mobile', RULE_TEXT.mobileInvalid, (value) => !value || MOBILE_PATTERN.test(value));
