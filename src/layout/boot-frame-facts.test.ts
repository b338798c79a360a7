import { describe, expect, it } from 'vitest';
import { sideMenuRows } from './boot-frame-facts';

describe('sideMenuRows', () => {
  it('lists the side menu as ProLayout draws it: groups before their entries, hidden pages counted to the entry they highlight', () => {
    expect(
      sideMenuRows([
        { key: 'e', name: '企业管理', path: '/manage/enterprise' },
        {
          key: 'g',
          name: '成员与角色',
          path: '/manage/people',
          children: [
            { key: 'm', name: '成员管理', path: '/manage/members' },
            { key: 'r', name: '角色管理', path: '/manage/roles' },
            { key: 'p', name: '权限配置', path: '/manage/permissions', hideInMenu: true, parentKeys: ['m'] },
          ],
        },
        { key: 'h', name: '隐藏', path: '/manage/hidden', hideInMenu: true },
      ]),
    ).toEqual([
      { name: '企业管理', depth: 0, paths: ['/manage/enterprise'] },
      {
        name: '成员与角色',
        depth: 0,
        paths: ['/manage/members', '/manage/permissions', '/manage/roles'],
        group: true,
      },
      { name: '成员管理', depth: 1, paths: ['/manage/members', '/manage/permissions'] },
      { name: '角色管理', depth: 1, paths: ['/manage/roles'] },
    ]);
  });
});
