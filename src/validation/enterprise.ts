/**
 * The enterprise forms of the management back-end: profile edit, upgrade request,
 * invite by phone. openapi/workbench.yaml (TenantUpdate, TenantUpgradeRequest,
 * inviteUserByPhone) declares the same limits; src/validation/admin.test.ts checks.
 */
import { object, string, type InferType } from 'yup';
import {
  CONTACT_NAME_MAX,
  TENANT_DESCRIPTION_MAX,
  TENANT_INDUSTRY_MAX,
  TENANT_NAME_MAX,
} from '@/constants/limits';
import { ADMIN_RULE_TEXT, RULE_TEXT } from '@/constants/texts';
import { mobileSchema } from './mobile';

/** A mobile number that must be given (the plain mobile rule allows empty). */
const requiredMobile = () => mobileSchema.clone().required(ADMIN_RULE_TEXT.phoneRequired);

export const tenantUpdateSchema = object({
  tenant_name: string()
    .trim()
    .required(ADMIN_RULE_TEXT.tenantNameRequired)
    .max(TENANT_NAME_MAX, ADMIN_RULE_TEXT.tenantNameTooLong),
  industry: string().trim().max(TENANT_INDUSTRY_MAX, ADMIN_RULE_TEXT.industryTooLong),
  contact_phone: mobileSchema,
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
