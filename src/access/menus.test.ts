import { describe, expect, it } from 'vitest';
import { buildMenuAccess, codesForPath, type ServerMenu } from './menus';

const button = (code: string): ServerMenu => ({
  name: code,
  route: '',
  power_path: code,
  menu_type: 2,
  menus: [],
});

const menus: ServerMenu[] = [
  {
    name: '企业管理',
    icon: 'BankOutlined',
    route: '/manage/enterprise',
    menu_type: 1,
    menus: [button('enterprise:edit'), button('enterprise:dissolve')],
  },
  {
    name: '角色权限',
    icon: 'SafetyOutlined',
    route: '/manage/access',
    menu_type: 0,
    menus: [
      {
        name: '权限配置',
        route: '/manage/permissions',
        menu_type: 1,
        is_hidden: true,
        menus: [button('power:save')],
      },
      { name: '角色管理', route: '/manage/roles/', menu_type: 1, menus: [button('role:create')] },
    ],
  },
];

describe('buildMenuAccess', () => {
  const access = buildMenuAccess(menus);

  it('turns a page’s children into the button permission codes of its route', () => {
    expect([...access.pages.get('/manage/enterprise')!]).toEqual(['enterprise:edit', 'enterprise:dissolve']);
    expect([...access.pages.get('/manage/roles')!]).toEqual(['role:create']);
  });

  it('redirects a group to its first child', () => {
    expect(access.redirects.get('/manage/access')).toBe('/manage/permissions');
  });

  it('keeps hidden pages routable but flags them for the menu', () => {
    expect(access.pages.has('/manage/permissions')).toBe(true);
    const group = access.tree.find((n) => n.path === '/manage/access')!;
    expect(group.children!.find((n) => n.path === '/manage/permissions')!.hidden).toBe(true);
  });

  it('keeps buttons out of the menu tree', () => {
    const paths = JSON.stringify(access.tree);
    expect(paths).not.toContain('enterprise:edit');
  });

  it('skips malformed entries instead of throwing', () => {
    const odd = buildMenuAccess([
      null,
      42,
      { name: 'x' },
      { route: '/ok', menu_type: 1, menus: 'nope' },
    ] as unknown as ServerMenu[]);
    expect([...odd.pages.keys()]).toEqual(['/ok']);
    expect(buildMenuAccess(undefined).tree).toEqual([]);
  });

  it('drops server routes that would leave this origin', () => {
    const hostile = buildMenuAccess(
      ['//evil.example', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/ok/page'].map(
        (route) => ({
          route,
          menu_type: 1,
          menus: [],
        }),
      ),
    );
    expect([...hostile.pages.keys()]).toEqual(['/ok/page']);
  });

  it('codesForPath matches the longest page route that owns the path', () => {
    expect(codesForPath(access, '/manage/roles/12').has('role:create')).toBe(true);
    expect(codesForPath(access, '/manage/enterprise').has('enterprise:edit')).toBe(true);
    expect(codesForPath(access, '/manage/other').size).toBe(0);
  });
});
