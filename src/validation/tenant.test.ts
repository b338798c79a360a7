/** Create-enterprise rules: the contract's TenantCreate limits, the spec's mobile rule. */
import { describe, expect, it } from 'vitest';
import { createTenantSchema } from './tenant';

const errorOf = (values: Record<string, unknown>) => {
  try {
    createTenantSchema.validateSync(values, { abortEarly: true });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('createTenantSchema', () => {
  it('requires a name of at most 30 characters', () => {
    expect(errorOf({ tenant_name: '  ' })).toBe('请输入企业名称');
    expect(errorOf({ tenant_name: '企'.repeat(31) })).toBe('企业名称不能超过30个字符');
    expect(errorOf({ tenant_name: '企'.repeat(30) })).toBeNull();
  });
  it('allows an industry of at most 50 characters', () => {
    expect(errorOf({ tenant_name: '云杉', industry: 'x'.repeat(51) })).toBe('所属行业不能超过50个字符');
    expect(errorOf({ tenant_name: '云杉', industry: 'x'.repeat(50) })).toBeNull();
  });
  it('takes an optional contact phone that follows the mobile rule', () => {
    expect(errorOf({ tenant_name: '云杉', contact_phone: '' })).toBeNull();
    expect(errorOf({ tenant_name: '云杉', contact_phone: '13812345678' })).toBeNull();
    expect(errorOf({ tenant_name: '云杉', contact_phone: '12812345678' })).toBe('请输入正确的手机号码！');
  });
});
