import { describe, expect, it } from 'vitest';
import { INVITE_CODE_MAX_CHARS, INVITE_FIELD_MAX_CHARS } from '@/constants/limits';
import { decodeInviteCode } from './invite-code';

/** Unpadded base64url of some bytes. */
function encodeBytes(bytes: Uint8Array): string {
  const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** Unpadded base64url of a UTF-8 string, the way the server builds the code. */
const encode = (text: string) => encodeBytes(new TextEncoder().encode(text));
const encodeJson = (value: unknown) => encode(JSON.stringify(value));

/** The contract's example code (openapi/workbench.yaml createInviteLink). */
const CONTRACT_EXAMPLE =
  'eyJ0ZW5hbnRfbGluayI6InQtZW50LTIwMDEiLCJ0ZW5hbnRfbmFtZSI6IuWNjuS4nOaZuuiDveWItumAoOS-m-W6lOmTvuWNj-WQjOWIm-aWsOS4reW_g-aciemZkOWFrOWPuCIsImludml0ZV9jb2RlIjoiSzdQMlFYIn0';

const valid = { tenant_link: 't-ent-2001', tenant_name: '织雀科技', invite_code: 'K7P2QX' };

describe('decodeInviteCode', () => {
  it('decodes the contract example (UTF-8 name, base64url - and _)', () => {
    expect(decodeInviteCode(CONTRACT_EXAMPLE)).toEqual({
      ok: true,
      payload: {
        tenant_link: 't-ent-2001',
        tenant_name: '华东智能制造供应链协同创新中心有限公司',
        invite_code: 'K7P2QX',
      },
    });
  });

  it('decodes any well-formed code and keeps only the known fields', () => {
    expect(decodeInviteCode(encodeJson({ ...valid, extra: '<script>' }))).toEqual({
      ok: true,
      payload: valid,
    });
  });

  const failures: [string, unknown, string][] = [
    ['empty', '', 'empty'],
    ['not a string', 42, 'empty'],
    ['too long', 'a'.repeat(INVITE_CODE_MAX_CHARS + 1), 'too-long'],
    ['padding', encodeJson(valid) + '=', 'charset'],
    ['standard base64 characters', 'ab+c/d', 'charset'],
    ['spaces and symbols', 'abc def!', 'charset'],
    ['percent-encoded junk', '%7B%22a%22%7D', 'charset'],
    ['a dangling single character', 'abcde', 'base64'],
    ['invalid UTF-8 (bytes ff fe)', encodeBytes(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 'utf8'],
    ['not JSON', encode('hello world'), 'json'],
    ['truncated JSON', encodeJson(valid).slice(0, 20), 'json'],
    ['JSON array', encodeJson([valid]), 'shape'],
    ['JSON null', encode('null'), 'shape'],
    ['JSON string', encodeJson('t-ent-2001'), 'shape'],
    ['missing a field', encodeJson({ tenant_link: 't', tenant_name: 'n' }), 'field'],
    ['wrong type', encodeJson({ ...valid, invite_code: 123456 }), 'field'],
    ['nested object', encodeJson({ ...valid, tenant_name: { zh: '织雀' } }), 'field'],
    ['blank value', encodeJson({ ...valid, tenant_name: '   ' }), 'field'],
    [
      'over-long value',
      encodeJson({ ...valid, tenant_name: '名'.repeat(INVITE_FIELD_MAX_CHARS + 1) }),
      'field',
    ],
    ['control characters', encodeJson({ ...valid, tenant_name: 'a\u0000b' }), 'field'],
  ];
  for (const [name, input, reason] of failures) {
    it(`rejects ${name} (${reason})`, () => {
      expect(decodeInviteCode(input)).toEqual({ ok: false, reason });
    });
  }

  it('rejects random junk without throwing', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const length = 1 + (seed % 120);
      let code = '';
      for (let j = 0; j < length; j++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        code += alphabet[seed % alphabet.length];
      }
      expect(() => decodeInviteCode(code)).not.toThrow();
      expect(decodeInviteCode(code).ok).toBe(false);
    }
  });
});
