/** The 邀请成员 entry of the avatar menu (issue 7): for the owner of an enterprise that is not frozen. */
import { describe, expect, it } from 'vitest';
import { avatarMenuEntries, type AvatarMenuFacts } from './avatar-menu';

const owner: AvatarMenuFacts = {
  userName: '林小雀',
  phone: '13812345678',
  tenantName: '织雀科技',
  isPersonal: false,
  isFrozen: false,
  tenantTotal: 3,
  hasMenus: false,
  adminPath: null,
  isOwner: true,
};
const keys = (facts: AvatarMenuFacts) => avatarMenuEntries(facts).map((e) => e.key);

describe('avatar menu: 邀请成员', () => {
  it('is offered to the owner of an enterprise', () => {
    expect(keys(owner)).toContain('invite');
    expect(avatarMenuEntries(owner).find((e) => e.key === 'invite')?.label).toBe('邀请成员');
  });
  it('is not offered to a member, in the personal space, or in a frozen enterprise', () => {
    expect(keys({ ...owner, isOwner: false })).not.toContain('invite');
    expect(keys({ ...owner, isPersonal: true, tenantName: '个人空间' })).not.toContain('invite');
    expect(keys({ ...owner, isFrozen: true })).not.toContain('invite');
  });
});
