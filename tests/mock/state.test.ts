/**
 * The mock stack remembers: every write of SPEC §7 that has a visible read shows up in
 * that read, per QA session, and only there. Calls go through openapi-fetch typed by
 * the contracts (packages/contracts/types), as a script or a test of a backend team would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths as MessagePaths } from '@zhique/workbench-contracts/types/message';
import type { paths as RbacPaths } from '@zhique/workbench-contracts/types/rbac';
import type { paths as WorkbenchPaths } from '@zhique/workbench-contracts/types/workbench';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { handlers } from '../../packages/mock-stack/src/state';
import { ContractIndex } from '../../packages/mock-stack/src/contracts';
import { scenarios } from '../../packages/mock-stack/src/scenarios';
import { get } from './helpers';

let stack: MockStack;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

let sessions = 0;

/** Typed clients of the three services for one QA session (named by header) and scenario. */
function session(scenario = 'owner', tenant = 't-ent-2001', name = `test-${process.pid}-${++sessions}`) {
  const headers = {
    Authorization: 'Basic test-token',
    'X-Tenant-Id': tenant,
    'X-Mock-Scenario': scenario,
    'X-Mock-Session': name,
  };
  return {
    name,
    headers,
    workbench: createClient<WorkbenchPaths>({ baseUrl: `${stack.url}/api/workbench`, headers }),
    message: createClient<MessagePaths>({ baseUrl: `${stack.url}/api/message`, headers }),
    rbac: createClient<RbacPaths>({ baseUrl: `${stack.url}/api/rbac`, headers }),
    control: (route: string, init: RequestInit = {}) =>
      fetch(`${stack.url}${route}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } }),
  };
}

const roleNames = async (s: ReturnType<typeof session>) =>
  ((await s.rbac.GET('/role/v1/all')).data?.data ?? []).map((r) => r.name);

const unread = async (s: ReturnType<typeof session>, app_name: '' | 'manual' = '') => {
  const { data } = await s.message.POST('/v1/tenant/{tid}/user/{uid}/msg/list', {
    params: { path: { tid: s.headers['X-Tenant-Id'], uid: 'u-1001' } },
    body: { app_name, readState: 0, index: 1, page_size: 100 },
  });
  return data!.data;
};

describe('state layer: the contract still rules', () => {
  it('every handler names an operation of the documents', () => {
    const known = new Set(new ContractIndex().allOperations().map((op) => op.operationId));
    expect(Object.keys(handlers).filter((id) => !known.has(id))).toEqual([]);
  });

  it('an invalid write gets the contract’s error answer and changes nothing', async () => {
    const s = session();
    const before = await roleNames(s);
    const tooLong = await s.rbac.POST('/role/v1/', { body: { name: '长'.repeat(31) } });
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.response.headers.get('x-mock-state')).toBeNull(); // Prism refused it: never reached the store
    const noAuth = await fetch(`${stack.url}/api/rbac/role/v1/`, {
      method: 'POST',
      headers: { ...s.headers, Authorization: '', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '无凭证' }),
    });
    expect(noAuth.status).toBe(401);
    expect(await roleNames(s)).toEqual(before);
  });

  it('an answer that breaks the response schema is a 500 naming it, and the store is unchanged', async () => {
    const s = session('personal', 't-personal-1001');
    const state = (await (await s.control('/__mock/state')).json()) as {
      scenario: string;
      records: Record<string, { id: string; value: Record<string, unknown> }[]>;
    };
    // Plant a user name longer than the contract's maxLength 30, as a broken import would.
    state.records['user-info']![0]!.value.user_name = '名'.repeat(31);
    expect((await s.control('/__mock/state', { method: 'PUT', body: JSON.stringify(state) })).status).toBe(
      200,
    );
    const answer = await fetch(`${stack.url}/api/workbench/user/v1/login/detail`, { headers: s.headers });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-mock-state')).toBe('violation');
    const body = (await answer.json()) as { code: number; msg: string };
    expect(body.code).toBe(500);
    expect(body.msg).toContain('getUserInfo 200');
    expect(body.msg).toContain('/data/user_name');
    // A write that would answer with the broken record is rolled back too.
    const update = await s.workbench.PUT('/user/v1/login/', {
      body: { avatar_url: 'https://example.com/a.png' },
    });
    expect(update.response.status).toBe(500);
    const after = (await (await s.control('/__mock/state')).json()) as typeof state;
    expect(after.records['user-info']![0]!.value.avatar_url).not.toBe('https://example.com/a.png');
  });

  it('fault switches never touch the store: a client Prefer, a scenario override, dynamic mode', async () => {
    const s = session();
    const forced = await s.rbac.POST('/role/v1/', {
      body: { name: '强制示例' },
      headers: { Prefer: 'example=default' },
    });
    expect(forced.response.status).toBe(200);
    expect(forced.data?.data.name).toBe('质检员'); // Prism's example, not the store
    expect(await roleNames(s)).not.toContain('强制示例');

    const expired = session('expired', 't-personal-1001');
    expect((await expired.workbench.GET('/user/v1/login/detail')).response.status).toBe(401);
    expect(
      (await expired.workbench.PUT('/user/v1/login/', { body: { user_name: '改名' } })).response.headers.get(
        'x-mock-state',
      ),
    ).toBe('stored');
    expect((await expired.workbench.GET('/user/v1/login/detail')).response.status).toBe(401);
  });
});

describe('state layer: every scenario starts from its examples', () => {
  it.each(scenarios.filter((sc) => !sc.overrides).map((sc) => sc.name))(
    '%s: the reads answer from the store, within the contract',
    async (name) => {
      const s = session(name, 't-personal-1001');
      const config = (await s.workbench.GET('/userconfig/v2/info')).data!.data;
      const tenant = config.last_login_tenant_link;
      const calls = [
        s.workbench.GET('/user/v1/login/detail'),
        s.workbench.GET('/user/v1/login/auth/detail'),
        s.workbench.GET('/application/member/v1/tenant/list'),
        s.workbench.GET('/tenant/v1/detail', { params: { query: { tenant_link: tenant } } }),
        s.workbench.POST('/feedback/v1/list', { body: { index: 1, page_size: 10 } }),
        s.message.POST('/v1/tenant/{tid}/user/{uid}/msg/list', {
          params: { path: { tid: tenant, uid: config.gid } },
          body: { app_name: '', readState: 2, index: 1, page_size: 100 },
        }),
        s.rbac.GET('/role/v1/list', { params: { query: { index: 1, page_size: 10 } } }),
        s.rbac.GET('/power/v1/role/all', { params: { query: { role_id: 'r-editor' } } }),
        s.rbac.GET('/power/v1/roles/list', { params: { query: { role_ids: ['r-editor', 'r-admin'] } } }),
      ];
      for (const { response } of await Promise.all(calls)) {
        expect(`${response.url} ${response.status}`).toBe(`${response.url} 200`);
        expect(response.headers.get('x-mock-state')).toBe('stored');
      }
      // The config's count agrees with the list it is derived from.
      const tenants = (await s.workbench.GET('/application/member/v1/tenant/list')).data!.data;
      expect(config.tenant_total).toBe(tenants.length);
    },
  );
});

describe('state layer: sessions', () => {
  it('two sessions on the same scenario do not see each other’s writes; no session shares a default', async () => {
    const a = session();
    const b = session();
    await a.rbac.POST('/role/v1/', { body: { name: '只在A' } });
    expect(await roleNames(a)).toContain('只在A');
    expect(await roleNames(b)).not.toContain('只在A');
    const anonymous = { Authorization: 'Basic t', 'X-Tenant-Id': 't-ent-2001', 'X-Mock-Scenario': 'owner' };
    const rbac = createClient<RbacPaths>({ baseUrl: `${stack.url}/api/rbac`, headers: anonymous });
    await rbac.POST('/role/v1/', { body: { name: `默认会话${process.pid}` } });
    const again = createClient<RbacPaths>({ baseUrl: `${stack.url}/api/rbac`, headers: anonymous });
    expect(((await again.GET('/role/v1/all')).data?.data ?? []).map((r) => r.name)).toContain(
      `默认会话${process.pid}`,
    );
  });

  it('the scenario switch sets a session cookie: a new one when the scenario changes, the same one to sign in again', async () => {
    const first = await get(`${stack.url}/__mock/scenario/owner?next=/`);
    const cookieOf = (res: Response) =>
      Object.fromEntries(
        res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]),
      );
    const one = cookieOf(first);
    expect(one.mock_session).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('mock_session='))).toContain('HttpOnly');
    const same = cookieOf(
      await get(`${stack.url}/__mock/scenario/owner?next=/`, {
        headers: { Cookie: `mock_session=${one.mock_session}; mock_scenario=owner` },
      }),
    );
    expect(same.mock_session).toBe(one.mock_session);
    const switched = cookieOf(
      await get(`${stack.url}/__mock/scenario/member?next=/`, {
        headers: { Cookie: `mock_session=${one.mock_session}; mock_scenario=owner` },
      }),
    );
    expect(switched.mock_session).not.toBe(one.mock_session);
    const fresh = cookieOf(
      await get(`${stack.url}/__mock/scenario/owner?next=/&fresh=1`, {
        headers: { Cookie: `mock_session=${one.mock_session}; mock_scenario=owner` },
      }),
    );
    expect(fresh.mock_session).not.toBe(one.mock_session);
  });

  it('reset forgets the caller’s session; GET/PUT state exports and reproduces it', async () => {
    const s = session();
    await s.rbac.POST('/role/v1/', { body: { name: '导出角色' } });
    const exported = await (await s.control('/__mock/state')).json();
    expect((await s.control('/__mock/reset', { method: 'POST' })).status).toBe(200);
    expect(await roleNames(s)).not.toContain('导出角色');

    const other = session('personal', 't-personal-1001');
    const loaded = await other.control('/__mock/state', { method: 'PUT', body: JSON.stringify(exported) });
    expect(loaded.status).toBe(200);
    expect(loaded.headers.getSetCookie().join(';')).toContain('mock_scenario=owner');
    // The data continues in the snapshot's scenario.
    expect(await roleNames(session('owner', 't-ent-2001', other.name))).toContain('导出角色');

    const invalid = await other.control('/__mock/state', { method: 'PUT', body: '{"records": 1}' });
    expect(invalid.status).toBe(400);
  });

  it('ids made after an import do not overwrite imported records; reset?all=1 forgets every session', async () => {
    const s = session();
    const first = (await s.rbac.POST('/role/v1/', { body: { name: '导入前' } })).data!.data.id;
    const exported = await (await s.control('/__mock/state')).json();
    const copy = session();
    await copy.control('/__mock/state', { method: 'PUT', body: JSON.stringify(exported) });
    const again = session('owner', 't-ent-2001', copy.name);
    const second = (await again.rbac.POST('/role/v1/', { body: { name: '导入后' } })).data!.data.id;
    expect(second).not.toBe(first);
    expect(await roleNames(again)).toEqual(expect.arrayContaining(['导入前', '导入后']));

    const crossSite = await s.control('/__mock/reset?all=1', {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await roleNames(again)).toContain('导入后');
    expect((await s.control('/__mock/reset?all=1', { method: 'POST' })).status).toBe(200);
    expect(await roleNames(again)).not.toContain('导入后');
  });

  it('--state-file keeps the sessions across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mock-state-'));
    const file = path.join(dir, 'qa.sqlite');
    try {
      let own = await startMockStack({ quiet: true, stateFile: file });
      const headers = {
        Authorization: 'Basic t',
        'X-Tenant-Id': 't-ent-2001',
        'X-Mock-Scenario': 'owner',
        'X-Mock-Session': 'kept',
      };
      const post = await fetch(`${own.url}/api/rbac/role/v1/`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: '重启后还在' }),
      });
      expect(post.status).toBe(200);
      await own.stop();
      own = await startMockStack({ quiet: true, stateFile: file });
      const roles = (await (await fetch(`${own.url}/api/rbac/role/v1/all`, { headers })).json()) as {
        data: { name: string }[];
      };
      await own.stop();
      expect(roles.data.map((r) => r.name)).toContain('重启后还在');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('state layer: every write shows in its read', () => {
  it('roles: create, update, delete → role list, role pickers, filtered pages', async () => {
    const s = session();
    const created = await s.rbac.POST('/role/v1/', { body: { name: '质检员', description: '负责质检' } });
    expect(created.data?.data).toMatchObject({ name: '质检员', is_system: false, member_count: 0 });
    const id = created.data!.data.id;
    expect((await s.rbac.POST('/role/v1/', { body: { name: '质检员' } })).response.status).toBe(400);
    const page = await s.rbac.GET('/role/v1/list', {
      params: { query: { name: '质检', index: 1, page_size: 10 } },
    });
    expect(page.data?.data).toMatchObject({ total: 1, rows: [{ id, name: '质检员' }] });

    await s.rbac.PUT('/role/v1/', { body: { id, name: '高级质检员', description: '负责质检与发布' } });
    expect(await roleNames(s)).toContain('高级质检员');
    const system = await s.rbac.PUT('/role/v1/', { body: { id: 'r-admin', name: '改名' } });
    expect(system.response.status).toBe(400);

    expect((await s.rbac.DELETE('/role/v1/del/{id}', { params: { path: { id } } })).response.status).toBe(
      200,
    );
    expect(await roleNames(s)).not.toContain('高级质检员');
    expect((await s.rbac.DELETE('/role/v1/del/{id}', { params: { path: { id } } })).response.status).toBe(
      404,
    );
  });

  it('powers of a role and user-role assignments → the power tree, powers of roles, members', async () => {
    const s = session();
    await s.rbac.PUT('/power/v1/', { body: { role_id: 'r-guest', power_ids: ['p-200', 'p-201'] } });
    const tree = await s.rbac.GET('/power/v1/role/all', { params: { query: { role_id: 'r-guest' } } });
    const checked = (nodes: { id: string; checked: boolean; children: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [...(n.checked ? [n.id] : []), ...checked(n.children as typeof nodes)]);
    expect(checked(tree.data!.data)).toEqual(['p-200', 'p-201']);
    const powers = await s.rbac.GET('/power/v1/roles/list', { params: { query: { role_ids: ['r-guest'] } } });
    expect(powers.data?.data).toEqual([{ role_id: 'r-guest', power_ids: ['p-200', 'p-201'] }]);

    await s.rbac.PUT('/power/v1/role/user', { body: { user_gids: ['u-1002'], role_ids: ['r-guest'] } });
    const detail = async () =>
      (await s.workbench.GET('/tenant/v1/detail', { params: { query: { tenant_link: 't-ent-2001' } } })).data!
        .data;
    expect((await detail()).members.find((m) => m.gid === 'u-1002')?.role_names).toEqual(['编辑', '访客']);
    const guest = async () =>
      ((await s.rbac.GET('/role/v1/all')).data?.data ?? []).find((r) => r.id === 'r-guest');
    expect((await guest())?.member_count).toBe(1);
    await s.rbac.DELETE('/power/v1/user/roles', { body: { user_gids: ['u-1002'], role_ids: ['r-guest'] } });
    expect((await detail()).members.find((m) => m.gid === 'u-1002')?.role_ids).toEqual(['r-editor']);
    expect((await guest())?.member_count).toBe(0);

    await s.workbench.PUT('/tenant/v2/member/role/{id}', {
      params: { path: { id: 'u-1003' } },
      body: { role_ids: ['r-editor', 'r-reviewer'] },
    });
    expect((await detail()).members.find((m) => m.gid === 'u-1003')?.role_names).toEqual(['编辑', '审核员']);
  });

  it('members: invite by phone, through a link, remove, transfer the owner', async () => {
    const owner = session();
    const detail = async () =>
      (await owner.workbench.GET('/tenant/v1/detail', { params: { query: { tenant_link: 't-ent-2001' } } }))
        .data!.data;
    await owner.workbench.POST('/member/v1/invite/user/', {
      params: { query: { phone: '13700001234', tenant_link: 't-ent-2001' } },
    });
    expect((await detail()).members.map((m) => m.phone)).toContain('13700001234');
    expect((await detail()).member_count).toBe(4);

    await owner.workbench.POST('/power/v1/recovery/{id}', { params: { path: { id: 'u-1003' } } });
    expect((await detail()).members.map((m) => m.gid)).not.toContain('u-1003');
    const ownerRemoval = await owner.workbench.POST('/power/v1/recovery/{id}', {
      params: { path: { id: 'u-1001' } },
    });
    expect(ownerRemoval.response.status).toBe(400);

    await owner.workbench.PUT('/tenant/v1/bind/owner/user', {
      body: { tenant_link: 't-ent-2001', gid: 'u-1002' },
    });
    const after = await detail();
    expect(after.owner_gid).toBe('u-1002');
    expect(after.members.find((m) => m.gid === 'u-1002')).toMatchObject({
      is_owner: true,
      role_ids: ['r-admin', 'r-editor'],
    });
    expect(after.members.find((m) => m.gid === 'u-1001')?.is_owner).toBe(false);
    const tenants = (await owner.workbench.GET('/application/member/v1/tenant/list')).data!.data;
    expect(tenants.find((t) => t.tenant_link === 't-ent-2001')?.is_owner).toBe(false);

    // A link made by one owner is accepted by a personal user in another session (another
    // browser profile): the enterprise joins their list, as a member.
    const inviter = session();
    const code = (await inviter.workbench.POST('/member/v1/invite/link', { body: { is_insert: true } })).data!
      .data;
    const invitee = session('personal', 't-personal-1001');
    const info = await invitee.workbench.GET('/member/v1/invite/user/link', { params: { query: { code } } });
    expect(info.data?.data).toMatchObject({ tenant_link: 't-ent-2001', expired: false });
    const joined = await invitee.workbench.POST('/member/v1/invite/user/invite', {
      params: { query: { code } },
    });
    expect(joined.data?.data.tenant_link).toBe('t-ent-2001');
    const theirs = (await invitee.workbench.GET('/application/member/v1/tenant/list')).data!.data;
    expect(theirs.find((t) => t.tenant_link === 't-ent-2001')).toMatchObject({ is_owner: false });
    // In it, the member has no back-end and no management codes; refusals are business errors (400), not 403.
    await invitee.workbench.POST('/userconfig/v2/lastlogin/tenant', {
      body: { tenant_link: 't-ent-2001', tenant_name: '华东智能制造供应链协同创新中心有限公司' },
    });
    const asMember = session('personal', 't-ent-2001', invitee.name);
    expect((await asMember.workbench.GET('/menu/v1/login/user/menus')).data?.data.menus).toEqual([]);
    expect((await asMember.rbac.GET('/power/v1/login/user/powers')).data?.data).not.toContain('role:create');
    const refused = await asMember.workbench.PUT('/tenant/v1/', {
      body: { tenant_link: 't-ent-2001', tenant_name: '改名' },
    });
    expect(refused.response.status).toBe(400);

    const refreshed = (await inviter.workbench.POST('/member/v1/invite/link', { body: { is_insert: false } }))
      .data!.data;
    expect(refreshed).not.toBe(code);
    expect(
      (await inviter.workbench.GET('/member/v1/invite/user/link', { params: { query: { code } } })).data?.data
        .expired,
    ).toBe(true);
    expect(
      (await inviter.workbench.POST('/member/v1/invite/user/invite', { params: { query: { code } } }))
        .response.status,
    ).toBe(400);
    const unknown = await invitee.workbench.GET('/member/v1/invite/user/link', {
      params: { query: { code: 'nope' } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('enterprise: create → list and config after switching; edit, upgrade, dissolve → detail and list', async () => {
    const s = session('personal', 't-personal-1001');
    const created = await s.workbench.POST('/tenant/v1/', { body: { tenant_name: '云杉供应链有限公司' } });
    const tenant = created.data!.data;
    expect(
      (await s.workbench.POST('/tenant/v1/', { body: { tenant_name: '云杉供应链有限公司' } })).response
        .status,
    ).toBe(400);
    const list = (await s.workbench.GET('/application/member/v1/tenant/list')).data!.data;
    expect(list.map((t) => t.tenant_name)).toContain('云杉供应链有限公司');
    expect(list[0]?.is_personal).toBe(true);
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data.tenant_total).toBe(list.length);

    await s.workbench.POST('/userconfig/v2/lastlogin/tenant', { body: tenant });
    const config = (await s.workbench.GET('/userconfig/v2/info')).data!.data;
    expect(config).toMatchObject({ last_login_tenant_link: tenant.tenant_link, is_owner: true });
    // An owner in an enterprise gets the management back-end menus.
    expect((await s.workbench.GET('/menu/v1/login/user/menus')).data?.data.menus.length).toBeGreaterThan(0);

    await s.workbench.PUT('/tenant/v1/', {
      body: { tenant_link: tenant.tenant_link, tenant_name: '云杉科技', industry: '物流' },
    });
    await s.workbench.POST('/tenant/v1/upgrade', {
      body: { tenant_link: tenant.tenant_link, contact_name: '林小雀', contact_phone: '13812345678' },
    });
    const detail = (
      await s.workbench.GET('/tenant/v1/detail', { params: { query: { tenant_link: tenant.tenant_link } } })
    ).data!.data;
    expect(detail).toMatchObject({
      tenant_name: '云杉科技',
      industry: '物流',
      remaining_days: 30 + 365,
      member_count: 1,
    });
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data.last_login_tenant_name).toBe('云杉科技');

    await s.workbench.DELETE('/tenant/v2/del', { params: { query: { tenant_link: tenant.tenant_link } } });
    expect(
      (await s.workbench.GET('/application/member/v1/tenant/list')).data!.data.map((t) => t.tenant_link),
    ).not.toContain(tenant.tenant_link);
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data.last_login_tenant_link).toBe(
      't-personal-1001',
    );
    const gone = await s.workbench.GET('/tenant/v1/detail', {
      params: { query: { tenant_link: tenant.tenant_link } },
    });
    expect(gone.response.status).toBe(403);
  });

  it('frozen: an upgrade request unfreezes the enterprise', async () => {
    const s = session('frozen', 't-ent-3001');
    const config = (await s.workbench.GET('/userconfig/v2/info')).data!.data;
    expect(config.last_login_tenant_is_disable).toBe(true);
    const upgrade = await s.workbench.POST('/tenant/v1/upgrade', {
      body: {
        tenant_link: config.last_login_tenant_link,
        contact_name: '林小雀',
        contact_phone: '13812345678',
      },
    });
    expect(upgrade.response.status).toBe(200);
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data.last_login_tenant_is_disable).toBe(
      false,
    );
    const tenants = (await s.workbench.GET('/application/member/v1/tenant/list')).data!.data;
    expect(tenants.find((t) => t.tenant_link === config.last_login_tenant_link)?.is_disable).toBe(false);
  });

  it('user info, avatar upload, password, mobile, third-party bind and unbind → what the pages read', async () => {
    const s = session('personal', 't-personal-1001');
    const form = new FormData();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    form.append('file', new Blob([png], { type: 'image/png' }), 'avatar.png');
    const upload = await fetch(`${stack.url}/api/workbench/sys/v1/upload`, {
      method: 'POST',
      headers: { ...s.headers, Origin: 'http://localhost:5173' },
      body: form,
    });
    const { data: file } = (await upload.json()) as { data: { abs: string; path: string } };
    expect(file.abs).toBe(`http://localhost:5173${file.path}`);
    const served = await fetch(`${stack.url}${file.path}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    await s.workbench.PUT('/user/v1/login/', { body: { avatar_url: file.abs, user_name: '林大雀' } });
    expect((await s.workbench.GET('/user/v1/login/detail')).data?.data).toMatchObject({
      avatar_url: file.abs,
      user_name: '林大雀',
    });

    const sha = async (text: string) =>
      Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');
    const wrong = await s.workbench.POST('/user/v1/change/password', {
      body: { old_pwd: await sha('not-it'), new_pwd: await sha('new-one') },
    });
    expect(wrong.response.status).toBe(400);
    const right = await s.workbench.POST('/user/v1/change/password', {
      body: { old_pwd: await sha('123456'), new_pwd: await sha('new-one') },
    });
    expect(right.response.status).toBe(200);
    const again = await s.workbench.POST('/user/v1/change/password', {
      body: { old_pwd: await sha('123456'), new_pwd: await sha('third') },
    });
    expect(again.response.status).toBe(400);

    await s.workbench.POST('/user/v1/change/mobile', { body: { phone: '13900009999', code: '123456' } });
    expect((await s.workbench.GET('/user/v1/login/auth/detail')).data?.data.phone).toBe('13900009999');
    expect((await s.workbench.GET('/user/v1/login/detail')).data?.data.phone).toBe('13900009999');

    const bound = await s.workbench.PUT('/provider/v1/user/bind', {
      body: { provider: 'dingtalk', code: 'dt-1' },
    });
    const id = bound.data!.data.id!;
    const providers = async () => (await s.workbench.GET('/user/v1/login/auth/detail')).data!.data.providers;
    expect((await providers()).find((p) => p.provider === 'dingtalk')).toMatchObject({ is_bound: true, id });
    await s.workbench.PUT('/provider/v1/user/unbind/{id}', { params: { path: { id } } });
    expect((await providers()).find((p) => p.provider === 'dingtalk')?.is_bound).toBe(false);
    expect((await providers()).map((p) => p.provider)).toEqual(['wechat', 'dingtalk', 'feishu']);
  });

  it('a profile edit changes only the profile; notices of another tenant or user are refused', async () => {
    const s = session();
    await fetch(`${stack.url}/api/workbench/tenant/v1/`, {
      method: 'PUT',
      headers: { ...s.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tenant_link: 't-ent-2001',
        description: '新的介绍',
        members: 1,
        owner_gid: 'u-x',
      }),
    });
    const detail = (
      await s.workbench.GET('/tenant/v1/detail', { params: { query: { tenant_link: 't-ent-2001' } } })
    ).data!.data;
    expect(detail).toMatchObject({ description: '新的介绍', owner_gid: 'u-1001' });
    expect(detail.members.length).toBeGreaterThan(1);
    const foreign = await s.message.POST('/v1/tenant/{tid}/user/{uid}/msg/list', {
      params: { path: { tid: 't-someone-else', uid: 'u-1001' } },
      body: { index: 1, page_size: 100 },
    });
    expect(foreign.response.status).toBe(403);
  });

  it('password reset by mobile sets a password where there was none', async () => {
    const s = session('empty', 't-personal-1001');
    const before = (await s.workbench.GET('/user/v1/login/auth/detail')).data!.data;
    const digest = 'a'.repeat(64);
    await s.workbench.POST('/user/v2/reset/password/mobile', {
      body: { phone: before.phone as string, code: '123456', new_pwd: digest },
    });
    expect((await s.workbench.GET('/user/v1/login/auth/detail')).data?.data.has_password).toBe(true);
    const change = await s.workbench.POST('/user/v1/change/password', {
      body: { old_pwd: digest, new_pwd: 'b'.repeat(64) },
    });
    expect(change.response.status).toBe(200);
  });

  it('user config: default home page and guide flags → where sign-in lands, whether the guide shows', async () => {
    const s = session('newcomer');
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data.is_skip_guide_page).toBe(false);
    await s.workbench.POST('/userconfig/v2/skip/guidepage', { body: { page: 1 } });
    await s.workbench.POST('/userconfig/v2/skip/guidepage', { body: { page: 2 } });
    expect((await s.workbench.GET('/userconfig/v2/info')).data?.data).toMatchObject({
      is_skip_guide_page: true,
      is_skip_guide_page_2: true,
    });
  });

  it('notices: read one, read all (per app filter) → list, filters and the unread count', async () => {
    const s = session('personal', 't-personal-1001');
    const first = await unread(s);
    expect(first.no_read).toBeGreaterThan(1);
    const target = first.rows[0]!;
    await s.message.PUT('/v1/msg/{id}/read', { params: { path: { id: target.gid } } });
    const second = await unread(s);
    expect(second.no_read).toBe(first.no_read - 1);
    expect(second.rows.map((r) => r.gid)).not.toContain(target.gid);
    expect(
      (await s.message.PUT('/v1/msg/{id}/read', { params: { path: { id: 'n-none' } } })).response.status,
    ).toBe(404);

    const manual = await unread(s, 'manual');
    const all = await s.message.PUT('/v1/msg/all/read', {
      body: { app_name: 'manual', userGid: 'u-1001', tenantGid: 't-personal-1001' },
    });
    expect(all.data?.data.updated).toBe(manual.no_read);
    expect((await unread(s, 'manual')).no_read).toBe(0);
    expect((await unread(s)).no_read).toBe(second.no_read - manual.no_read);
  });

  it('feedback: submit activity and question → my feedback list and detail pages', async () => {
    const s = session('personal', 't-personal-1001');
    const activity = await s.workbench.POST('/feedback/v1/activity', {
      body: {
        experiencer_name: '林小雀',
        experiencer_email: 'lin@example.com',
        use_experience: 1,
        manual_effect: 2,
        product_advantage: '好用',
        product_shortage: '略慢',
        suggestion: '加快',
      },
    });
    const question = await s.workbench.POST('/feedback/v1/question', {
      body: {
        experiencer_name: '林小雀',
        experiencer_email: 'lin@example.com',
        description: '图片预览空白',
        image_urls: [],
      },
    });
    const list = (await s.workbench.POST('/feedback/v1/list', { body: { index: 1, page_size: 10 } })).data!
      .data;
    expect(list.rows.slice(0, 2)).toMatchObject([
      { id: question.data!.data.id, kind: 'question', title: '图片预览空白' },
      { id: activity.data!.data.id, kind: 'activity', title: '体验官反馈' },
    ]);
    const detail = await s.workbench.GET('/feedback/v1/activity/{id}', {
      params: { path: { id: activity.data!.data.id } },
    });
    expect(detail.data?.data).toMatchObject({ product_advantage: '好用', use_experience: 1 });
    const wrongKind = await s.workbench.GET('/feedback/v1/question/{id}', {
      params: { path: { id: activity.data!.data.id } },
    });
    expect(wrongKind.response.status).toBe(404);
    const invalid = await s.workbench.POST('/feedback/v1/question', {
      body: { experiencer_name: '', experiencer_email: 'not-an-email', description: 'x', image_urls: [] },
    });
    expect(invalid.response.status).toBe(400);
    expect(
      (await s.workbench.POST('/feedback/v1/list', { body: { index: 1, page_size: 10 } })).data!.data.total,
    ).toBe(list.total);
  });

  it('realtime push creates the notice in the caller’s session before the event', async () => {
    const s = session('empty', 't-personal-1001');
    expect((await unread(s)).no_read).toBe(0);
    const push = await s.control('/__mock/realtime/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ app_id: 'A0001', scene_no: 'S-7', title: '手册审核通过' }),
    });
    const { notices } = (await push.json()) as { notices: { session: string; gids: string[] }[] };
    expect(notices).toEqual([{ session: `${s.name}|empty`, gids: [expect.any(String)] }]);
    const after = await unread(s);
    expect(after.no_read).toBe(1);
    expect(after.rows[0]).toMatchObject({
      appId: 'A0001',
      scene_no: 'S-7',
      msgTitle: '手册审核通过',
      isRead: 0,
    });
  });
});
