/**
 * Tenants the user belongs to, each enterprise's profile and members, invitations,
 * and the two reads that depend on whether the user owns the current tenant
 * (menus and power codes).
 */
import {
  Kind,
  ME,
  SYSTEM_ROLE,
  type Role,
  type StoredInvite,
  type StoredMember,
  type TenantDetail,
  type TenantListItem,
  type UserConfig,
  type UserInfo,
} from '../model';
import { config, enterTenant } from './account';
import { setMemberRoles } from './roles';
import {
  bodyObject,
  dataOf,
  documentedError,
  fail,
  field,
  newId,
  ok,
  type Answer,
  type Handler,
  type SessionData,
  type StateRequest,
} from './kit';

/** Days of service a new enterprise starts with, and what an upgrade adds. */
const NEW_TENANT_DAYS = 30;
const UPGRADE_DAYS = 365;

function me(data: SessionData): UserInfo | undefined {
  return data.get<UserInfo>(Kind.user, ME);
}

/**
 * A tenant's profile. The scenario's examples describe one enterprise; any other
 * tenant of the list gets a profile built from its list entry on first read.
 */
function tenantDetail(data: SessionData, tenantLink: string): TenantDetail | undefined {
  const stored = data.get<TenantDetail>(Kind.tenantDetail, tenantLink);
  if (stored) return stored;
  const tenant = data.get<TenantListItem>(Kind.tenant, tenantLink);
  const user = me(data);
  if (!tenant || !user) return undefined;
  const self: StoredMember = {
    gid: user.gid,
    user_name: user.user_name,
    phone: user.phone,
    role_ids: tenant.is_owner && !tenant.is_personal ? [SYSTEM_ROLE] : [],
    is_owner: tenant.is_owner,
    joined_at: Date.now(),
  };
  const detail: TenantDetail = {
    tenant_link: tenant.tenant_link,
    tenant_name: tenant.tenant_name,
    owner_name: tenant.is_owner ? user.user_name : '',
    owner_gid: tenant.is_owner ? user.gid : '',
    contact_phone: '',
    industry: '',
    description: '',
    is_disable: tenant.is_disable,
    disable_reason: tenant.is_disable ? '企业服务已到期' : '',
    remaining_days: tenant.remaining_days,
    created_at: Date.now(),
    members: [self],
  };
  data.put(Kind.tenantDetail, tenantLink, detail);
  return detail;
}

function saveDetail(data: SessionData, detail: TenantDetail): void {
  data.put(Kind.tenantDetail, detail.tenant_link, detail);
  const tenant = data.get<TenantListItem>(Kind.tenant, detail.tenant_link);
  const user = me(data);
  if (tenant)
    data.put(Kind.tenant, detail.tenant_link, {
      ...tenant,
      tenant_name: detail.tenant_name,
      is_disable: detail.is_disable,
      remaining_days: detail.remaining_days,
      member_count: Math.max(1, detail.members.length),
      is_owner: user ? detail.owner_gid === user.gid : tenant.is_owner,
    });
}

/** The detail as the contract answers it: role names from the roles, member count from the members. */
function answerDetail(data: SessionData, detail: TenantDetail) {
  const roles = new Map(data.list<Role>(Kind.role).map((r) => [r.id, r.name]));
  return {
    ...detail,
    member_count: Math.max(1, detail.members.length),
    members: [...detail.members]
      .sort((a, b) => Number(b.is_owner) - Number(a.is_owner))
      .map((m) => {
        const role_ids = m.role_ids.filter((id) => roles.has(id));
        return { ...m, role_ids, role_names: role_ids.map((id) => roles.get(id)!) };
      }),
  };
}

/**
 * The enterprise the user may manage, or the refusal: 403 (the client's session-expiry
 * path) only for a tenant that is not theirs at all; a business refusal (not the owner,
 * the personal space) is a 400 with a message the client toasts.
 */
function ownedEnterprise(
  data: SessionData,
  request: StateRequest,
  tenantLink: string,
): TenantDetail | Answer {
  const tenant = data.get<TenantListItem>(Kind.tenant, tenantLink);
  if (!tenant) return documentedError(request, 403);
  if (tenant.is_personal) return fail(400, 400, '个人空间不支持此操作');
  if (!tenant.is_owner) return fail(400, 400, '只有企业所有者可以执行此操作');
  return tenantDetail(data, tenantLink)!;
}

const isRefusal = (value: TenantDetail | Answer): value is Answer => 'status' in value;

/** The fields of `TenantUpdate` a profile edit may change. */
const EDITABLE = ['tenant_name', 'industry', 'contact_phone', 'description'] as const;

/**
 * The invite behind a code: the session's own record, else the contract's documented code
 * format (base64url JSON of tenant and secret) — a link made in another QA session (another
 * browser profile) works too, as it would against one real server.
 */
function findInvite(data: SessionData, code: string): StoredInvite | undefined {
  const own = data.get<StoredInvite>(Kind.invite, code);
  if (own) return own;
  try {
    const decoded = JSON.parse(Buffer.from(code, 'base64url').toString('utf8')) as Partial<
      Record<'tenant_link' | 'tenant_name' | 'invite_code', unknown>
    >;
    const { tenant_link, tenant_name, invite_code } = decoded;
    if (
      typeof tenant_link !== 'string' ||
      !tenant_link ||
      typeof tenant_name !== 'string' ||
      typeof invite_code !== 'string'
    )
      return undefined;
    return { code, tenant_link, tenant_name, inviter_name: '', expired: false };
  } catch {
    return undefined;
  }
}

function encodeInvite(
  invite: Omit<StoredInvite, 'code' | 'expired' | 'inviter_name'> & { invite_code: string },
) {
  return Buffer.from(JSON.stringify(invite), 'utf8').toString('base64url');
}

export const tenantHandlers: Record<string, Handler> = {
  listTenants: (data, request) => {
    const name = request.query.get('tenant_name');
    return ok(
      data.list<TenantListItem>(Kind.tenant, {
        where: name ? `instr(${field('tenant_name')}, ?) > 0` : undefined,
        params: name ? [name] : [],
        orderBy: `${field('is_personal')} DESC`,
      }),
    );
  },

  createTenant: (data, request) => {
    const body = bodyObject(request) as { tenant_name: string; industry?: string; contact_phone?: string };
    const user = me(data);
    if (!user) return undefined;
    if (data.count(Kind.tenant, `${field('tenant_name')} = ?`, [body.tenant_name]) > 0)
      return fail(400, 400, '企业名称已存在');
    const tenant_link = newId(data, 't-ent', 4001);
    const tenant: TenantListItem = {
      tenant_link,
      tenant_name: body.tenant_name,
      is_personal: false,
      is_disable: false,
      is_owner: true,
      member_count: 1,
      remaining_days: NEW_TENANT_DAYS,
    };
    data.put(Kind.tenant, tenant_link, tenant);
    const detail = tenantDetail(data, tenant_link)!;
    saveDetail(data, { ...detail, industry: body.industry ?? '', contact_phone: body.contact_phone ?? '' });
    return ok({ tenant_link, tenant_name: body.tenant_name });
  },

  getTenantDetail: (data, request) => {
    const tenantLink = request.query.get('tenant_link') ?? '';
    if (!data.get(Kind.tenant, tenantLink)) return documentedError(request, 403);
    const detail = tenantDetail(data, tenantLink);
    return detail && ok(answerDetail(data, detail));
  },

  updateTenant: (data, request) => {
    const body = bodyObject(request) as Partial<TenantDetail> & { tenant_link: string };
    const { tenant_link } = body;
    const detail = ownedEnterprise(data, request, tenant_link);
    if (isRefusal(detail)) return detail;
    const change: Partial<Pick<TenantDetail, (typeof EDITABLE)[number]>> = {};
    for (const key of EDITABLE) if (body[key] !== undefined) change[key] = body[key];
    if (
      change.tenant_name !== undefined &&
      data.count(Kind.tenant, `${field('tenant_name')} = ? AND ${field('tenant_link')} <> ?`, [
        change.tenant_name,
        tenant_link,
      ]) > 0
    )
      return fail(400, 400, '企业名称已存在');
    saveDetail(data, { ...detail, ...change, tenant_link });
    return ok();
  },

  deleteTenant: (data, request) => {
    const tenantLink = request.query.get('tenant_link') ?? '';
    const owned = ownedEnterprise(data, request, tenantLink);
    if (isRefusal(owned)) return owned;
    data.remove(Kind.tenant, tenantLink);
    data.remove(Kind.tenantDetail, tenantLink);
    const current = data.get<UserConfig>(Kind.config, ME);
    if (current?.last_login_tenant_link === tenantLink) enterTenant(data, current.user_tenant_link);
    return ok();
  },

  bindTenantOwner: (data, request) => {
    const { tenant_link, gid } = bodyObject(request) as { tenant_link: string; gid: string };
    const detail = ownedEnterprise(data, request, tenant_link);
    if (isRefusal(detail)) return detail;
    const next = detail.members.find((m) => m.gid === gid);
    if (!next) return fail(400, 400, '该用户不是企业成员');
    if (next.is_owner) return ok();
    // The system role goes with ownership; the previous owner stays a member.
    let members = detail.members.map((m) => ({ ...m, is_owner: m.gid === gid }));
    const updated = { ...detail, members, owner_gid: gid, owner_name: next.user_name };
    members = setMemberRoles(data, updated, detail.owner_gid, (ids) =>
      ids.filter((id) => id !== SYSTEM_ROLE),
    );
    members = setMemberRoles(data, { ...updated, members }, gid, (ids) => [
      ...new Set([SYSTEM_ROLE, ...ids]),
    ]);
    saveDetail(data, { ...updated, members });
    return ok();
  },

  // The mock's provider processes an upgrade request at once (a real one follows up with the contact first).
  upgradeTenant: (data, request) => {
    const body = bodyObject(request) as { tenant_link: string };
    const detail = ownedEnterprise(data, request, body.tenant_link);
    if (isRefusal(detail)) return detail;
    data.put(Kind.upgrade, newId(data, 'upgrade', 1), { ...body, requested_at: Date.now() });
    saveDetail(data, {
      ...detail,
      is_disable: false,
      disable_reason: '',
      remaining_days:
        detail.remaining_days < 0 ? detail.remaining_days : Math.max(0, detail.remaining_days) + UPGRADE_DAYS,
    });
    return ok();
  },

  inviteUserByPhone: (data, request) => {
    const phone = request.query.get('phone') ?? '';
    const detail = ownedEnterprise(data, request, request.query.get('tenant_link') ?? '');
    if (isRefusal(detail)) return detail;
    if (detail.members.some((m) => m.phone === phone)) return fail(400, 400, '该手机号已是企业成员');
    const member: StoredMember = {
      gid: newId(data, 'u', 3001),
      user_name: '',
      phone,
      role_ids: [],
      is_owner: false,
      joined_at: Date.now(),
    };
    saveDetail(data, { ...detail, members: [...detail.members, member] });
    return ok();
  },

  // A new link replaces the tenant's previous one: the old code stops working (`expired`).
  createInviteLink: (data, request) => {
    const current = config(data);
    const tenantLink = request.tenant ?? current?.last_login_tenant_link ?? '';
    const detail = ownedEnterprise(data, request, tenantLink);
    if (isRefusal(detail)) return detail;
    const user = me(data);
    data.merge(Kind.invite, { expired: true }, `${field('tenant_link')} = ?`, [tenantLink]);
    const code = encodeInvite({
      tenant_link: tenantLink,
      tenant_name: detail.tenant_name,
      invite_code: newId(data, 'inv', 1001),
    });
    data.put(Kind.invite, code, {
      code,
      tenant_link: tenantLink,
      tenant_name: detail.tenant_name,
      inviter_name: user?.user_name || user?.phone || '',
      expired: false,
    } satisfies StoredInvite);
    return ok(code);
  },

  getInviteLinkInfo: (data, request) => {
    const invite = findInvite(data, request.query.get('code') ?? '');
    if (!invite) return fail(400, 400, '邀请链接无效');
    const { code: _code, ...info } = invite;
    return ok(info);
  },

  acceptInvite: (data, request) => {
    const invite = findInvite(data, request.query.get('code') ?? '');
    if (!invite) return fail(400, 400, '邀请链接无效');
    if (invite.expired) return fail(400, 400, '邀请链接已失效，请联系企业管理员重新邀请');
    const user = me(data);
    if (!user) return undefined;
    if (!data.get(Kind.tenant, invite.tenant_link)) {
      data.put(Kind.tenant, invite.tenant_link, {
        tenant_link: invite.tenant_link,
        tenant_name: invite.tenant_name,
        is_personal: false,
        is_disable: false,
        is_owner: false,
        member_count: 1,
        remaining_days: -1,
      } satisfies TenantListItem);
    }
    const detail = tenantDetail(data, invite.tenant_link)!;
    if (!detail.members.some((m) => m.gid === user.gid))
      saveDetail(data, {
        ...detail,
        members: [
          ...detail.members,
          {
            gid: user.gid,
            user_name: user.user_name,
            phone: user.phone,
            role_ids: [],
            is_owner: false,
            joined_at: Date.now(),
          },
        ],
      });
    return ok({ tenant_link: invite.tenant_link, tenant_name: invite.tenant_name });
  },

  // 移出成员: the member leaves the tenant (the owner cannot be removed).
  recoverMember: (data, request) => {
    const tenantLink = request.query.get('tenant_link') ?? request.tenant ?? '';
    const detail = ownedEnterprise(data, request, tenantLink);
    if (isRefusal(detail)) return detail;
    const member = detail.members.find((m) => m.gid === request.params.id);
    if (!member) return fail(400, 400, '该用户不是企业成员');
    if (member.is_owner) return fail(400, 400, '不能移出企业所有者');
    const members = setMemberRoles(data, detail, member.gid, () => []).filter((m) => m.gid !== member.gid);
    saveDetail(data, { ...detail, members });
    return ok();
  },

  updateMemberRoles: (data, request) => {
    const detail = ownedEnterprise(
      data,
      request,
      request.tenant ?? config(data)?.last_login_tenant_link ?? '',
    );
    if (isRefusal(detail)) return detail;
    const member = detail.members.find((m) => m.gid === request.params.id);
    if (!member) return fail(400, 400, '该用户不是企业成员');
    const { role_ids } = bodyObject(request) as { role_ids: string[] };
    const unknown = role_ids.filter((id) => !data.get(Kind.role, id));
    if (unknown.length) return fail(400, 400, `角色不存在：${unknown.join('、')}`);
    const keep = member.is_owner ? [SYSTEM_ROLE] : [];
    saveDetail(data, {
      ...detail,
      members: setMemberRoles(data, detail, member.gid, () => [...new Set([...keep, ...role_ids])]),
    });
    return ok();
  },

  /**
   * Menus follow ownership of the current tenant: an owner in one of their enterprises sees
   * the management back-end (the `owner` example) even in a scenario whose example has none;
   * anyone else there (a member who joined, an owner who transferred) has no back-end.
   */
  getUserMenus: (data, request) => {
    const current = config(data);
    if (!current || current.last_login_tenant_link === current.user_tenant_link) return undefined;
    const scenarioMenus = dataOf<{ menus: unknown[] }>(request.example('getUserMenus'));
    const hasMenus = (scenarioMenus?.menus.length ?? 0) > 0;
    if (current.is_owner === hasMenus) return undefined;
    const body = request.example('getUserMenus', current.is_owner ? 'owner' : 'default');
    return body === undefined ? undefined : { status: 200, body };
  },
};

/** Power codes follow ownership too: every code for the owner (`default`), the `member` example otherwise. */
export const loginPowersHandlers: Record<string, Handler> = {
  getLoginUserPowers: (data, request) => {
    const current = config(data);
    if (!current) return undefined;
    const body = request.example('getLoginUserPowers', current.is_owner ? 'default' : 'member');
    return body === undefined ? undefined : { status: 200, body };
  },
};
