import { describe, expect, it } from 'vitest';
import { shouldFetchMenus } from './queries';

describe('server menus are fetched only outside the personal space (SPEC §4)', () => {
  const base = { user_tenant_link: 't-personal-1001', last_login_tenant_is_disable: false };
  it('not in the personal space', () => {
    expect(shouldFetchMenus({ ...base, last_login_tenant_link: 't-personal-1001' })).toBe(false);
  });
  it('in an enterprise', () => {
    expect(shouldFetchMenus({ ...base, last_login_tenant_link: 't-ent-2001' })).toBe(true);
  });
  it('not in a frozen enterprise (it only gets the renewal route set)', () => {
    expect(
      shouldFetchMenus({ ...base, last_login_tenant_link: 't-ent-3001', last_login_tenant_is_disable: true }),
    ).toBe(false);
  });
});
