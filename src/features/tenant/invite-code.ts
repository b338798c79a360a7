/**
 * The /link/{data} code: the suffix the server returned from invite-link creation
 * (SPEC §7). It is opaque to the app: whatever its format, only the server resolves it
 * (getInviteLinkInfo, acceptInvite). What the app checks is only what any code must be
 * to travel in a URL and a query: present, of bounded length, without whitespace or
 * control characters. The code comes from a URL anyone can edit; a failure is a value.
 */
import { INVITE_CODE_MAX_CHARS } from '@/constants/limits';

type InviteCodeFailure = 'empty' | 'too-long' | 'characters';

export type InviteCodeCheck = { ok: true; code: string } | { ok: false; reason: InviteCodeFailure };

// Whitespace, C0 controls, DEL and C1 controls: never part of a link a person can share.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_A_CODE = /[\s\u0000-\u001f\u007f-\u009f]/;

export function checkInviteCode(code: unknown): InviteCodeCheck {
  if (typeof code !== 'string' || code === '') return { ok: false, reason: 'empty' };
  if (code.length > INVITE_CODE_MAX_CHARS) return { ok: false, reason: 'too-long' };
  if (NOT_IN_A_CODE.test(code)) return { ok: false, reason: 'characters' };
  return { ok: true, code };
}
