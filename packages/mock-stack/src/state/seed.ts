/**
 * A new session starts from its scenario's examples: for every kind of record, the
 * example the scenario would have been served (the one named after it, else
 * `default`) — so a fresh session answers exactly what Prism answered before
 * anything was written.
 */
import { createHash } from 'node:crypto';
import type { Json, SessionData } from './store';
import {
  Kind,
  ME,
  SYSTEM_ROLE,
  type ActivityFeedback,
  type AuthDetail,
  type Notice,
  type Power,
  type QuestionFeedback,
  type Role,
  type RolePowerIds,
  type StoredFeedback,
  type StoredInvite,
  type TenantDetail,
  type TenantListItem,
  type UserConfig,
  type UserInfo,
  type Member,
} from './model';
import { dataOf } from './handlers/kit';

/** Looks up an example by operationId: the scenario's own, else `default` (or the one named). */
export type ExampleLookup = (operationId: string, name?: string, status?: string) => Json | undefined;

/** Every example of an operation's 200 response, by name. */
export type ExampleList = (operationId: string) => [string, Json][];

/** The password every seeded account has: "123456" (hex SHA-256, as the contract sends passwords). */
const SEED_PASSWORD_DIGEST = createHash('sha256').update('123456').digest('hex');

export function seedSession(data: SessionData, example: ExampleLookup, examples: ExampleList): void {
  const config = dataOf<UserConfig>(example('getUserConfig'));
  if (config) data.put(Kind.config, ME, config);
  const user = dataOf<UserInfo>(example('getUserInfo'));
  if (user) data.put(Kind.user, ME, user);
  const auth = dataOf<AuthDetail>(example('getAuthDetail'));
  if (auth) {
    data.put(Kind.auth, ME, auth);
    if (auth.has_password) data.put(Kind.password, ME, { digest: SEED_PASSWORD_DIGEST });
  }

  for (const tenant of dataOf<TenantListItem[]>(example('listTenants')) ?? [])
    data.put(Kind.tenant, tenant.tenant_link, tenant);
  const detail = dataOf<Omit<TenantDetail, 'members'> & { member_count: number; members: Member[] }>(
    example('getTenantDetail'),
  );
  if (detail) {
    // Stored without what is derived when answering (member count, role names).
    const { member_count: _count, members, ...rest } = detail;
    data.put(Kind.tenantDetail, detail.tenant_link, {
      ...rest,
      members: members.map(({ role_names: _names, ...member }) => member),
    } satisfies TenantDetail);
  }

  // The documented invite link resolves to the documented landing info.
  const code = dataOf<string>(example('createInviteLink', 'default'));
  const info = dataOf<Omit<StoredInvite, 'code'>>(example('getInviteLinkInfo', 'default'));
  if (code && info) data.put(Kind.invite, code, { code, ...info } satisfies StoredInvite);

  seedFeedback(data, example, examples);

  for (const notice of dataOf<{ rows: Notice[] }>(example('listNotices'))?.rows ?? [])
    data.put(Kind.notice, notice.gid, notice);

  const roles = [
    ...(dataOf<Role[]>(example('listAllRoles', 'default')) ?? []),
    ...(dataOf<{ rows: Role[] }>(example('listRoles', 'default'))?.rows ?? []),
  ];
  for (const role of roles) if (!data.get(Kind.role, role.id)) data.put(Kind.role, role.id, role);
  const tree = dataOf<Power[]>(example('listRolePowers', 'default')) ?? [];
  data.put(Kind.powerTree, ME, tree);
  for (const entry of dataOf<RolePowerIds[]>(example('listPowersOfRoles', 'default')) ?? [])
    data.put(Kind.rolePowers, entry.role_id, entry);
  // The system role holds every power.
  data.put(Kind.rolePowers, SYSTEM_ROLE, { role_id: SYSTEM_ROLE, power_ids: powerIds(tree) });
}

export function powerIds(tree: Power[]): string[] {
  return tree.flatMap((node) => [node.id, ...powerIds(node.children)]);
}

/**
 * "My feedback" rows come from the list example; each row's detail from a detail
 * example with the same id, else the default detail under the row's id and time.
 */
function seedFeedback(data: SessionData, example: ExampleLookup, examples: ExampleList): void {
  const rows = dataOf<{
    rows: { id: string; kind: 'activity' | 'question'; title: string; created_at: number }[];
  }>(example('listFeedback'))?.rows;
  const details = {
    activity: examples('getActivityFeedback').map(([, value]) => dataOf<ActivityFeedback>(value)!),
    question: examples('getQuestionFeedback').map(([, value]) => dataOf<QuestionFeedback>(value)!),
  };
  for (const row of [...(rows ?? [])].reverse()) {
    const own = details[row.kind].find((d) => d.id === row.id) ?? { ...details[row.kind][0]!, id: row.id };
    const stored = { ...own, id: row.id, created_at: row.created_at, kind: row.kind } as StoredFeedback;
    if (stored.kind === 'question' && !details.question.some((d) => d.id === row.id))
      stored.description = row.title;
    data.put(Kind.feedback, row.id, stored);
  }
}
