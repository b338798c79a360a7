/**
 * Roles of the rbac service, the powers each holds, and which members hold them.
 * Roles are kept per session (not per tenant); a role's `member_count` starts from
 * the example and moves with every assignment made in the session.
 */
import { powerIds } from '../seed';
import {
  Kind,
  ME,
  SYSTEM_ROLE,
  type Power,
  type Role,
  type RolePowerIds,
  type StoredMember,
  type TenantDetail,
} from '../model';
import { config } from './account';
import { bodyObject, documentedError, fail, field, newId, ok, type Handler, type SessionData } from './kit';

/**
 * Changes one member's role ids and keeps each role's `member_count` in step.
 * Returns the tenant's new member list (the caller saves the detail).
 */
export function setMemberRoles(
  data: SessionData,
  detail: TenantDetail,
  gid: string,
  change: (roleIds: string[]) => string[],
): StoredMember[] {
  return detail.members.map((member) => {
    if (member.gid !== gid) return member;
    const next = change(member.role_ids);
    const added = next.filter((id) => !member.role_ids.includes(id));
    const removed = member.role_ids.filter((id) => !next.includes(id));
    for (const [ids, delta] of [
      [added, 1],
      [removed, -1],
    ] as const) {
      for (const id of ids) {
        const role = data.get<Role>(Kind.role, id);
        if (role) data.put(Kind.role, id, { ...role, member_count: Math.max(0, role.member_count + delta) });
      }
    }
    return { ...member, role_ids: next };
  });
}

const ORDER = `${field('is_system')} DESC, ${field('created_at')}`;

function nameTaken(data: SessionData, name: string, exceptId = ''): boolean {
  return data.count(Kind.role, `${field('name')} = ? AND id <> ?`, [name, exceptId]) > 0;
}

function currentDetail(data: SessionData, tenant: string | undefined): TenantDetail | undefined {
  const link = tenant ?? config(data)?.last_login_tenant_link;
  return link ? data.get<TenantDetail>(Kind.tenantDetail, link) : undefined;
}

/** Adds or removes roles for several members of the current tenant (unknown users and roles are ignored). */
function changeUsersRoles(
  data: SessionData,
  tenant: string | undefined,
  gids: string[],
  change: (member: StoredMember, ids: string[]) => string[],
): void {
  const detail = currentDetail(data, tenant);
  if (!detail) return;
  let members = detail.members;
  for (const gid of gids) {
    const member = members.find((m) => m.gid === gid);
    if (member) members = setMemberRoles(data, { ...detail, members }, gid, (ids) => change(member, ids));
  }
  data.put(Kind.tenantDetail, detail.tenant_link, { ...detail, members });
}

function checkedTree(tree: Power[], held: Set<string>): Power[] {
  return tree.map((node) => ({
    ...node,
    checked: held.has(node.id),
    children: checkedTree(node.children, held),
  }));
}

export const roleHandlers: Record<string, Handler> = {
  listRoles: (data, request) => {
    const name = request.query.get('name') ?? '';
    const index = Number(request.query.get('index') ?? 1);
    const size = Number(request.query.get('page_size') ?? 10);
    const where = name ? `instr(${field('name')}, ?) > 0` : undefined;
    const params = name ? [name] : [];
    return ok({
      total: data.count(Kind.role, where, params),
      rows: data.list<Role>(Kind.role, {
        where,
        params,
        orderBy: ORDER,
        limit: size,
        offset: (index - 1) * size,
      }),
    });
  },

  listAllRoles: (data) => ok(data.list<Role>(Kind.role, { orderBy: ORDER })),

  createRole: (data, request) => {
    const { name, description } = bodyObject(request) as { name: string; description?: string };
    if (nameTaken(data, name)) return documentedError(request, 400, 'default');
    const role: Role = {
      id: newId(data, 'r', 5001),
      name,
      description: description ?? '',
      is_system: false,
      member_count: 0,
      created_at: Date.now(),
    };
    data.put(Kind.role, role.id, role);
    data.put(Kind.rolePowers, role.id, { role_id: role.id, power_ids: [] } satisfies RolePowerIds);
    return ok(role);
  },

  updateRole: (data, request) => {
    const { id, name, description } = bodyObject(request) as {
      id: string;
      name: string;
      description?: string;
    };
    const role = data.get<Role>(Kind.role, id);
    if (!role) return documentedError(request, 404);
    if (role.is_system) return documentedError(request, 400, 'systemRole');
    if (nameTaken(data, name, id)) return documentedError(request, 400, 'default');
    const next = { ...role, name, description: description ?? role.description };
    data.put(Kind.role, id, next);
    return ok(next);
  },

  deleteRole: (data, request) => {
    const role = data.get<Role>(Kind.role, request.params.id ?? '');
    if (!role) return documentedError(request, 404);
    if (role.is_system) return documentedError(request, 400);
    data.remove(Kind.role, role.id);
    data.remove(Kind.rolePowers, role.id);
    for (const detail of data.list<TenantDetail>(Kind.tenantDetail))
      data.put(Kind.tenantDetail, detail.tenant_link, {
        ...detail,
        members: detail.members.map((m) => ({ ...m, role_ids: m.role_ids.filter((r) => r !== role.id) })),
      });
    return ok();
  },

  listRolePowers: (data, request) => {
    const roleId = request.query.get('role_id') ?? '';
    if (!data.get(Kind.role, roleId)) return documentedError(request, 404);
    const held = new Set(data.get<RolePowerIds>(Kind.rolePowers, roleId)?.power_ids ?? []);
    return ok(checkedTree(data.get<Power[]>(Kind.powerTree, ME) ?? [], held));
  },

  saveRolePowers: (data, request) => {
    const { role_id, power_ids } = bodyObject(request) as { role_id: string; power_ids: string[] };
    const role = data.get<Role>(Kind.role, role_id);
    if (!role) return documentedError(request, 404);
    if (role.is_system) return documentedError(request, 400);
    const known = new Set(powerIds(data.get<Power[]>(Kind.powerTree, ME) ?? []));
    const unknown = power_ids.filter((id) => !known.has(id));
    if (unknown.length) return fail(400, 40005, `权限不存在：${unknown.join('、')}`);
    data.put(Kind.rolePowers, role_id, { role_id, power_ids } satisfies RolePowerIds);
    return ok();
  },

  listPowersOfRoles: (data, request) => {
    const ids = (request.query.get('role_ids') ?? '').split(',').filter(Boolean);
    return ok(
      ids.flatMap((id) => {
        const entry = data.get<RolePowerIds>(Kind.rolePowers, id);
        return entry && data.get(Kind.role, id) ? [entry] : [];
      }),
    );
  },

  assignRolesToUsers: (data, request) => {
    const { user_gids, role_ids } = bodyObject(request) as { user_gids: string[]; role_ids: string[] };
    const known = role_ids.filter((id) => data.get(Kind.role, id));
    changeUsersRoles(data, request.tenant, user_gids, (_member, ids) => [...new Set([...ids, ...known])]);
    return ok();
  },

  removeRolesFromUsers: (data, request) => {
    const { user_gids, role_ids } = bodyObject(request) as { user_gids: string[]; role_ids: string[] };
    changeUsersRoles(data, request.tenant, user_gids, (member, ids) =>
      ids.filter((id) => !role_ids.includes(id) || (member.is_owner && id === SYSTEM_ROLE)),
    );
    return ok();
  },
};
