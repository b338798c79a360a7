/**
 * The enterprise forms of the management back-end: profile edit, upgrade request,
 * invite by phone. packages/contracts/openapi/workbench.yaml (TenantUpdate, TenantUpgradeRequest,
 * inviteUserByPhone) declares the same limits; src/validation/admin.test.ts checks.
 */
import { object, string, type InferType } from 'yup';
import { CONTACT_NAME_MAX, TENANT_DESCRIPTION_MAX } from '@/constants/limits';
import { ADMIN_RULE_TEXT, RULE_TEXT } from '@/constants/texts';
import { mobileSchema } from './mobile';
import { createTenantSchema } from './tenant';

/** A mobile number that must be given (the plain mobile rule allows empty). */
const requiredMobile = () => mobileSchema.clone().required(ADMIN_RULE_TEXT.phoneRequired);

/** The profile edit: what creating an enterprise asks, and its description. */
export const tenantUpdateSchema = createTenantSchema.shape({
  description: string().trim().max(TENANT_DESCRIPTION_MAX, RULE_TEXT.textTooLong),
});

export const tenantUpgradeSchema = object({
  contact_name: string()
    .trim()
    .required(ADMIN_RULE_TEXT.contactNameRequired)
    .max(CONTACT_NAME_MAX, RULE_TEXT.nameTooLong),
  contact_phone: requiredMobile(),
  remark: string().trim().max(TENANT_DESCRIPTION_MAX, RULE_TEXT.textTooLong),
});

export const invitePhoneSchema = object({
  phone: requiredMobile(),
});

export type TenantUpdateValues = InferType<typeof tenantUpdateSchema>;
export type TenantUpgradeValues = InferType<typeof tenantUpgradeSchema>;
