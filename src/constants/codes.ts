/** Envelope codes of SPEC §8. */
export const CODE_OK = 0;
/** 1008 is not an error: the call succeeded and the client carries on. */
export const CODE_NOT_AN_ERROR = 1008;
/** Body codes that mean the session has expired (as does HTTP status 403). */
export const SESSION_EXPIRED_CODES: readonly number[] = [-2, -406, -407, -401, -403];
export const SESSION_EXPIRED_STATUS = 403;

/**
 * Button permission codes of the management back-end (packages/contracts/openapi/rbac.yaml): the
 * server's menu children give them per route; `useAccess().can(code)` checks them.
 */
export const POWER = {
  enterpriseEdit: 'enterprise:edit',
  enterpriseTransfer: 'enterprise:transfer',
  enterpriseUpgrade: 'enterprise:upgrade',
  enterpriseDissolve: 'enterprise:dissolve',
  memberInvite: 'member:invite',
  memberRole: 'member:role',
  memberRecover: 'member:recover',
  memberRemoveRoles: 'member:remove-roles',
  memberAssignRoles: 'member:assign-roles',
  roleCreate: 'role:create',
  roleEdit: 'role:edit',
  roleDelete: 'role:delete',
  rolePowers: 'role:powers',
  powerSave: 'power:save',
} as const;
