import { describe, expect, it } from 'vitest';
import { avatarMenuEntries, personalLabel, type AvatarMenuFacts } from './avatar-menu';

const personal: AvatarMenuFacts = {
  userName: '李四',
  phone: '13800138000',
  tenantName: '个人空间',
  isPersonal: true,
  isFrozen: false,
  tenantTotal: 1,
  hasMenus: false,
  adminPath: null,
};
const keys = (facts: AvatarMenuFacts) => avatarMenuEntries(facts).map((e) => e.key);

describe('avatar dropdown rules (SPEC §2)', () => {
  it('personal name is cut to 7 characters with an ellipsis, or the phone when there is no name', () => {
    expect(personalLabel('欧阳明远测试账号名称', '1')).toBe('欧阳明远测试账...');
    expect(personalLabel('李四', '1')).toBe('李四');
    expect(personalLabel('', '13800138000')).toBe('13800138000');
    expect(personalLabel('  ', '13800138000')).toBe('13800138000');
  });

  it('enterprise name is cut to 13 characters and flagged for a tooltip when longer', () => {
    const entries = avatarMenuEntries({
      ...personal,
      isPersonal: false,
      tenantName: '华东智能制造供应链协同创新中心有限公司',
      tenantTotal: 3,
    });
    const enterprise = entries.find((e) => e.key === 'enterprise');
    expect(enterprise).toMatchObject({
      label: '华东智能制造供应链协同创新...',
      truncated: true,
      fullName: '华东智能制造供应链协同创新中心有限公司',
    });
    const short = avatarMenuEntries({
      ...personal,
      isPersonal: false,
      tenantName: '织雀科技',
      tenantTotal: 2,
    }).find((e) => e.key === 'enterprise');
    expect(short).toMatchObject({ label: '织雀科技', truncated: false });
  });

  it('personal space with one tenant: create enterprise, no switch, no enterprise entry', () => {
    expect(keys(personal)).toEqual([
      'personal',
      'create-enterprise',
      'account-settings',
      'my-feedback',
      'logout',
    ]);
  });

  it('personal space with more tenants: switch enterprise', () => {
    expect(keys({ ...personal, tenantTotal: 3 })).toContain('switch-enterprise');
    expect(keys({ ...personal, tenantTotal: 3 })).not.toContain('create-enterprise');
  });

  it('inside a healthy enterprise neither create nor switch shows', () => {
    const k = keys({ ...personal, isPersonal: false, tenantName: '织雀科技', tenantTotal: 2 });
    expect(k).not.toContain('switch-enterprise');
    expect(k).not.toContain('create-enterprise');
    expect(k).toContain('enterprise');
  });

  it('a disabled enterprise offers switch again', () => {
    expect(
      keys({ ...personal, isPersonal: false, isFrozen: true, tenantName: '星河', tenantTotal: 2 }),
    ).toContain('switch-enterprise');
  });

  it('management back-end only with menu entries', () => {
    expect(keys({ ...personal, hasMenus: true, adminPath: '/manage' })).toContain('admin');
    expect(keys({ ...personal, hasMenus: false, adminPath: '/manage' })).not.toContain('admin');
  });

  it('always ends with account settings, my feedback and log out', () => {
    expect(keys(personal).slice(-3)).toEqual(['account-settings', 'my-feedback', 'logout']);
  });
});
