/**
 * Shared set-up of the back-end's component tests: server menus with chosen
 * button codes, the owner's enterprise, and an MSW server (fetch level) that
 * answers every back-end call with the contract's examples and records requests.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getRoleAndPermissionServiceMock } from '@generated/rbac/rbac.msw';
import { getGetTenantDetailResponseMock, getWorkbenchServiceMock } from '@generated/workbench/workbench.msw';
import type { MenuItem, TenantDetail, UserMenus } from '@generated/workbench/model';
import { makeSession } from '../../../tests/setup/render';

export const ALL_CODES = {
  '/manage/enterprise': [
    'enterprise:edit',
    'enterprise:transfer',
    'enterprise:upgrade',
    'enterprise:dissolve',
  ],
  '/manage/members': [
    'member:invite',
    'member:role',
    'member:recover',
    'member:remove-roles',
    'member:assign-roles',
  ],
  '/manage/roles': ['role:create', 'role:edit', 'role:delete', 'role:powers'],
  '/manage/permissions': ['power:save'],
} as const;

type PageCodes = Partial<Record<string, readonly string[]>>;

const button = (code: string): MenuItem => ({
  name: code,
  icon: '',
  route: '',
  power_path: code,
  menus: [],
  is_hidden: false,
  menu_type: 2,
});
const page = (
  name: string,
  route: string,
  codes: readonly string[] | undefined,
  hidden = false,
): MenuItem[] =>
  codes
    ? [
        {
          name,
          icon: '',
          route,
          power_path: `${route}:view`,
          menus: codes.map(button),
          is_hidden: hidden,
          menu_type: 1,
        },
      ]
    : [];

/**
 * The owner scenario's menu shape; only the pages in `pages` are given, each with
 * the listed button codes. Extra server menus (e.g. a page this app lacks) can be appended.
 */
export function adminMenus(pages: PageCodes = ALL_CODES, extra: MenuItem[] = []): UserMenus {
  const access = [
    ...page('角色管理', '/manage/roles', pages['/manage/roles']),
    ...page('权限配置', '/manage/permissions', pages['/manage/permissions'], true),
  ];
  return {
    permissions: [
      { path: '/micro-app-manual', name: '织雀手册' },
      { path: '/manage', name: '管理后台' },
    ],
    menus: [
      ...page('企业管理', '/manage/enterprise', pages['/manage/enterprise']),
      ...page('成员管理', '/manage/members', pages['/manage/members']),
      ...(access.length
        ? [
            {
              name: '角色权限',
              icon: '',
              route: '/manage/access',
              power_path: 'access:view',
              menus: access,
              is_hidden: false,
              menu_type: 0 as const,
            },
          ]
        : []),
      ...extra,
    ],
  };
}

/** A session in the owner's enterprise with the given back-end menus. */
export function ownerSession(pages: PageCodes = ALL_CODES, extra: MenuItem[] = []) {
  return makeSession({
    config: {
      last_login_tenant_link: 't-ent-2001',
      last_login_tenant_name: '华东智能制造供应链协同创新中心有限公司',
      tenant_total: 3,
      is_owner: true,
    },
    menus: adminMenus(pages, extra),
  });
}

const ownerTenant: TenantDetail = {
  ...getGetTenantDetailResponseMock().data,
  tenant_link: 't-ent-2001',
  tenant_name: '华东智能制造供应链协同创新中心有限公司',
  owner_name: '欧阳明远',
  owner_gid: 'u-1001',
  industry: '智能制造',
  description: '面向长三角制造企业的供应链协同平台运营方。',
  member_count: 3,
  remaining_days: 365,
  members: [
    {
      gid: 'u-1001',
      user_name: '欧阳明远',
      phone: '13812345678',
      role_ids: ['r-admin'],
      role_names: ['企业管理员'],
      is_owner: true,
      joined_at: 1708410600000,
    },
    {
      gid: 'u-1002',
      user_name: '陈思远',
      phone: '13900001002',
      role_ids: ['r-editor'],
      role_names: ['编辑'],
      is_owner: false,
      joined_at: 1709258712000,
    },
    {
      gid: 'u-1003',
      user_name: '王芳',
      phone: '15800001003',
      role_ids: ['r-reviewer'],
      role_names: ['审核员'],
      is_owner: false,
      joined_at: 1710492008000,
    },
  ],
};

interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** MSW at the fetch level: the generated example handlers, the owner's enterprise, and a request log. */
export function adminServer() {
  const seen: SeenRequest[] = [];
  const server = setupServer(
    http.get('*/api/workbench/tenant/v1/detail', () =>
      HttpResponse.json({ code: 0, msg: 'success', data: ownerTenant }),
    ),
    ...getRoleAndPermissionServiceMock(),
    ...getWorkbenchServiceMock(),
  );
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    seen.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  });
  /** Requests made so far with this method to this path (under /api/<service>). */
  const requests = (method: string, path: string) =>
    seen.filter((r) => r.method === method && r.path.endsWith(path));
  /** Between tests: the default handlers again and an empty log. */
  const reset = () => {
    server.resetHandlers();
    seen.length = 0;
  };
  return { server, seen, requests, reset };
}

/** A business refusal in the shared envelope (HTTP 200, non-zero code). */
export const refusal = (code: number, msg: string) => HttpResponse.json({ code, msg, data: null });
