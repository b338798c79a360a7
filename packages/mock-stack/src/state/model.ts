/**
 * The kinds of record a session keeps, typed from the contracts (openapi-typescript
 * output in packages/contracts/types/), and the few facts about them that several handlers share.
 */
import type { components as MessageContract } from '@zhique/workbench-contracts/types/message';
import type { components as RbacContract } from '@zhique/workbench-contracts/types/rbac';
import type { components as WorkbenchContract } from '@zhique/workbench-contracts/types/workbench';

type Workbench = WorkbenchContract['schemas'];
type Rbac = RbacContract['schemas'];
type Message = MessageContract['schemas'];

export type UserConfig = Workbench['UserConfig'];
export type UserInfo = Workbench['UserInfo'];
export type AuthDetail = Workbench['AuthDetail'];
export type ProviderBinding = Workbench['ProviderBinding'];
export type TenantListItem = Workbench['TenantListItem'];
/** Members keep role ids only; names are read from the roles when the detail is answered. */
export type Member = Workbench['Member'];
export type StoredMember = Omit<Member, 'role_names'>;
export type TenantDetail = Omit<Workbench['TenantDetail'], 'members' | 'member_count'> & {
  members: StoredMember[];
};
export type ActivityFeedback = Workbench['ActivityFeedbackDetail'];
export type QuestionFeedback = Workbench['QuestionFeedbackDetail'];
export type StoredFeedback =
  (ActivityFeedback & { kind: 'activity' }) | (QuestionFeedback & { kind: 'question' });
export type Notice = Message['Notice'];
export type AppName = Message['AppName'];
export type Role = Rbac['Role'];
export type Power = Rbac['Power'];
export type RolePowerIds = Rbac['RolePowerIds'];
export interface StoredInvite {
  code: string;
  tenant_link: string;
  tenant_name: string;
  inviter_name: string;
  expired: boolean;
}

/** Record kinds (the `kind` column). Singletons use the id `ME`. */
export const Kind = {
  config: 'user-config',
  user: 'user-info',
  auth: 'auth-detail',
  password: 'password',
  tenant: 'tenant',
  tenantDetail: 'tenant-detail',
  upgrade: 'upgrade-request',
  invite: 'invite-link',
  feedback: 'feedback',
  notice: 'notice',
  role: 'role',
  rolePowers: 'role-powers',
  powerTree: 'power-tree',
} as const;
export const ME = 'me';

/** The notice filter's app names and the app ids they stand for (packages/contracts/openapi/message.yaml `AppName`). */
export const APP_IDS: Record<Exclude<AppName, ''>, string> = {
  workbench: 'W0001',
  manual: 'A0001',
  engine: 'A0002',
  channel: 'A0003',
};

/** The system role every enterprise has (企业管理员); its owner holds it. */
export const SYSTEM_ROLE = 'r-admin';
