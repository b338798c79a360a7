/**
 * The back-end's form rules (role.ts, enterprise.ts) say what the contracts say:
 * same required fields and the same maximum lengths as packages/contracts/openapi/rbac.yaml RoleInput
 * and packages/contracts/openapi/workbench.yaml TenantUpdate / TenantUpgradeRequest.
 */
import { describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { loadDoc, type Doc } from '../../tests/contract/load';
import { MOBILE_PATTERN } from './mobile';
import { invitePhoneSchema, tenantUpdateSchema, tenantUpgradeSchema } from './enterprise';
import { roleSchema } from './role';

const rbac = loadDoc('rbac.yaml').components.schemas as Record<string, Doc>;
const workbench = loadDoc('workbench.yaml').components.schemas as Record<string, Doc>;

interface Field {
  optional: boolean;
  tests: { name?: string; params?: Record<string, unknown> }[];
}

function agree(
  name: string,
  yup: ObjectSchema<AnyObject>,
  contract: Doc,
  schemas: Record<string, Doc>,
  serverOnly: string[] = [],
) {
  const fields = yup.describe().fields as unknown as Record<string, Field>;
  const resolve = (prop: Doc): Doc => (prop.$ref ? schemas[String(prop.$ref).split('/').pop()!]! : prop);

  it(`${name}: the same fields (besides ${serverOnly.join(', ') || 'none'})`, () => {
    expect(Object.keys(fields).sort()).toEqual(
      Object.keys(contract.properties)
        .filter((k) => !serverOnly.includes(k))
        .sort(),
    );
  });
  it(`${name}: what the contract requires, the form requires; what the form requires, the contract refuses empty`, () => {
    const required = Object.entries(fields)
      .filter(([, f]) => !f.optional)
      .map(([k]) => k);
    for (const key of (contract.required as string[]).filter((k) => !serverOnly.includes(k)))
      expect(required).toContain(key);
    // A partial update (TenantUpdate) may leave a field out, but must not send it empty.
    for (const key of required) {
      const prop = resolve(contract.properties[key] as Doc);
      expect((contract.required as string[]).includes(key) || (prop.minLength ?? 0) >= 1).toBe(true);
    }
  });
  for (const [key, field] of Object.entries(fields)) {
    const prop = resolve(contract.properties[key] as Doc);
    const max = field.tests.find((t) => t.name === 'max')?.params?.max;
    if (prop.maxLength !== undefined)
      it(`${name}.${key}: at most ${prop.maxLength}`, () => expect(max).toBe(prop.maxLength));
    if (prop.pattern) {
      it(`${name}.${key}: the mobile rule`, () => {
        expect(field.tests.some((t) => t.name === 'mobile')).toBe(true);
        expect(String(prop.pattern).replace('(', '').replace(')?$', '$')).toBe(MOBILE_PATTERN.source);
      });
    }
  }
}

describe('back-end form rules agree with the contracts', () => {
  agree('RoleInput', roleSchema, rbac.RoleInput!, rbac);
  agree('TenantUpdate', tenantUpdateSchema, workbench.TenantUpdate!, workbench, ['tenant_link']);
  agree('TenantUpgradeRequest', tenantUpgradeSchema, workbench.TenantUpgradeRequest!, workbench, [
    'tenant_link',
  ]);

  it('the invite phone is required and follows the PhoneNumber pattern', async () => {
    await expect(invitePhoneSchema.validate({ phone: '' })).rejects.toThrow('请输入手机号码');
    await expect(invitePhoneSchema.validate({ phone: '12345678901' })).rejects.toThrow(
      '请输入正确的手机号码！',
    );
    await expect(invitePhoneSchema.validate({ phone: '13700001234' })).resolves.toEqual({
      phone: '13700001234',
    });
  });
});
