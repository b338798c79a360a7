import { describe, expect, it } from 'vitest';
import { buildMenuAccess } from '@/access';
import { adminPages } from './registry';
import { firstAdminPage, resolveAdminRoute } from './resolve-route';
import { ALL_CODES, adminMenus } from './test-support';

const resolve = (path: string, menus = adminMenus()) =>
  resolveAdminRoute(path, '/manage', buildMenuAccess(menus.menus), adminPages('/manage'));

describe('resolveAdminRoute: the server menus filter the page registry', () => {
  it('sends the back-end root to the first page shown in the menu', () => {
    expect(resolve('/manage')).toEqual({ kind: 'redirect', to: '/manage/enterprise' });
    expect(resolve('/manage/')).toEqual({ kind: 'redirect', to: '/manage/enterprise' });
    expect(resolve('/manage', adminMenus({ '/manage/roles': [] }))).toEqual({
      kind: 'redirect',
      to: '/manage/roles',
    });
  });

  it('prefers a shown page over a hidden one for the root', () => {
    const hiddenFirst = adminMenus({ '/manage/permissions': [] }, [
      {
        name: '报表中心',
        icon: '',
        route: '/manage/reports',
        power_path: 'report:view',
        menus: [],
        is_hidden: false,
        menu_type: 1,
      },
    ]);
    expect(firstAdminPage(buildMenuAccess(hiddenFirst.menus))).toBe('/manage/reports');
    expect(resolve('/manage', adminMenus({ '/manage/permissions': [] }))).toEqual({
      kind: 'redirect',
      to: '/manage/permissions',
    });
  });

  it('redirects a group (menu type 0) to its first child', () => {
    expect(resolve('/manage/access')).toEqual({ kind: 'redirect', to: '/manage/roles' });
    expect(resolve('/manage/access', adminMenus({ '/manage/permissions': [] }))).toEqual({
      kind: 'redirect',
      to: '/manage/permissions',
    });
  });

  it('renders a given page, hidden ones included', () => {
    for (const route of Object.keys(ALL_CODES)) expect(resolve(route)).toEqual({ kind: 'page', route });
  });

  it('refuses a page this app has when the menus do not give it', () => {
    const menus = adminMenus({ '/manage/enterprise': [] });
    expect(resolve('/manage/roles', menus)).toEqual({ kind: 'forbidden' });
    expect(resolve('/manage/permissions', menus)).toEqual({ kind: 'forbidden' });
  });

  it('says "not available" for a server page this app has no page for', () => {
    const menus = adminMenus(ALL_CODES, [
      {
        name: '报表中心',
        icon: '',
        route: '/manage/reports',
        power_path: 'report:view',
        menus: [],
        is_hidden: false,
        menu_type: 1,
      },
    ]);
    expect(resolve('/manage/reports', menus)).toEqual({
      kind: 'unavailable',
      route: '/manage/reports',
      name: '报表中心',
    });
  });

  it('treats anything else as not found', () => {
    expect(resolve('/manage/nothing')).toEqual({ kind: 'notFound' });
    expect(resolve('/manage/roles/extra')).toEqual({ kind: 'notFound' });
    expect(resolve('/manage', adminMenus({}))).toEqual({ kind: 'notFound' });
  });
});

describe('the registry follows the back-end root the server gives', () => {
  it('knows its pages below any root, and nothing outside it', () => {
    const pages = adminPages('/admin');
    expect(pages.has('/admin/roles')).toBe(true);
    expect(pages.get('/admin/permissions')).toBeDefined();
    expect(pages.has('/manage/roles')).toBe(false);
    expect(pages.has('/admin')).toBe(false);
  });
});
