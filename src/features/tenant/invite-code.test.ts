import { describe, expect, it } from 'vitest';
import { INVITE_CODE_MAX_CHARS } from '@/constants/limits';
import { checkInviteCode } from './invite-code';

/** The contract's example code (packages/contracts/openapi/workbench.yaml createInviteLink). */
const CONTRACT_EXAMPLE =
  'eyJ0ZW5hbnRfbGluayI6InQtZW50LTIwMDEiLCJ0ZW5hbnRfbmFtZSI6IuWNjuS4nOaZuuiDveWItumAoOS-m-W6lOmTvuWNj-WQjOWIm-aWsOS4reW_g-aciemZkOWFrOWPuCIsImludml0ZV9jb2RlIjoiSzdQMlFYIn0';

describe('checkInviteCode', () => {
  it.each([
    ['the contract example', CONTRACT_EXAMPLE],
    ['a short random token', 'K7P2QX'],
    ['a JWT-like token with dots', 'aaa.bbb.ccc'],
    ['a UUID', '3f1c2a4e-9b7d-4c1e-8a2f-5d6e7f809a1b'],
    ['percent-decoded characters of another format', 'inv:2024/06~x=1&y'],
    ['non-ASCII', '邀请码-42'],
    ['the longest accepted', 'x'.repeat(INVITE_CODE_MAX_CHARS)],
  ])('accepts %s as it is (only the server resolves a code)', (_, code) => {
    expect(checkInviteCode(code)).toEqual({ ok: true, code });
  });

  it.each([
    ['missing', undefined, 'empty'],
    ['empty', '', 'empty'],
    ['not a string', 42, 'empty'],
    ['too long', 'x'.repeat(INVITE_CODE_MAX_CHARS + 1), 'too-long'],
    ['with a space', 'abc def', 'characters'],
    ['with a newline', 'abc\ndef', 'characters'],
    ['with a control character', 'abc\u0007', 'characters'],
    ['with a C1 control', 'abc\u0085', 'characters'],
  ])('refuses a code that is %s', (_, code, reason) => {
    expect(checkInviteCode(code)).toEqual({ ok: false, reason });
  });
});
