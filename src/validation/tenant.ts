/**
 * Create an enterprise (/entrance). Limits follow packages/contracts/openapi/workbench.yaml
 * TenantCreate; the contact phone is optional and uses the SPEC §5 mobile rule.
 * (The renewal request and invite-by-phone rules live in ./enterprise.)
 */
import { object, string, type InferType } from 'yup';
import { TENANT_INDUSTRY_MAX, TENANT_NAME_MAX } from '@/constants/limits';
import { ADMIN_RULE_TEXT } from '@/constants/texts';
import { mobileSchema } from './mobile';

export const createTenantSchema = object({
  tenant_name: string()
    .trim()
    .required(ADMIN_RULE_TEXT.tenantNameRequired)
    .max(TENANT_NAME_MAX, ADMIN_RULE_TEXT.tenantNameTooLong),
  industry: string().trim().max(TENANT_INDUSTRY_MAX, ADMIN_RULE_TEXT.industryTooLong),
  contact_phone: mobileSchema,
});

export type CreateTenantValues = InferType<typeof createTenantSchema>;
