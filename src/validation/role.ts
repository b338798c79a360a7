/**
 * The role editor's rules (management back-end). packages/contracts/openapi/rbac.yaml RoleInput
 * declares the same limits; src/validation/admin.test.ts proves they agree.
 */
import { object, string, type InferType } from 'yup';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '@/constants/limits';
import { ADMIN_RULE_TEXT } from '@/constants/texts';

export const roleSchema = object({
  name: string()
    .trim()
    .required(ADMIN_RULE_TEXT.roleNameRequired)
    .max(ROLE_NAME_MAX, ADMIN_RULE_TEXT.roleNameTooLong),
  description: string().trim().max(ROLE_DESCRIPTION_MAX, ADMIN_RULE_TEXT.roleDescriptionTooLong),
});

export type RoleValues = InferType<typeof roleSchema>;
