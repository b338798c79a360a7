import { describe, expect, it } from 'vitest';
import type { ValidationError } from 'yup';
import {
  changeMobileSchema,
  changePasswordSchema,
  deleteAccountSchema,
  resetPasswordSchema,
  userNameSchema,
} from './account-forms';

/** The message shown per field, as formik shows them: the first failing rule of each field. */
async function errorsOf(
  schema: { validate: (v: unknown, o: object) => Promise<unknown> },
  value: object,
): Promise<string[]> {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    const first = new Map<string, string>();
    for (const e of (error as ValidationError).inner)
      if (e.path && !first.has(e.path)) first.set(e.path, e.message);
    return [...first.values()];
  }
}

describe('user-center rules', () => {
  it('user name: required, at most 30', async () => {
    expect(await errorsOf(userNameSchema, { user_name: '  ' })).toEqual(['请输入用户名']);
    expect(await errorsOf(userNameSchema, { user_name: 'x'.repeat(31) })).toEqual(['长度不能超过30个字符']);
    expect(await errorsOf(userNameSchema, { user_name: 'x'.repeat(30) })).toEqual([]);
  });

  it('change password', async () => {
    expect(await errorsOf(changePasswordSchema, { old_pwd: '', new_pwd: '', confirm_pwd: '' })).toEqual([
      '请输入原密码',
      '请输入新密码',
      '请再次输入新密码',
    ]);
    expect(
      await errorsOf(changePasswordSchema, { old_pwd: 'a', new_pwd: 'abc1', confirm_pwd: 'abc1' }),
    ).toEqual(['密码长度为8-20位']);
    expect(
      await errorsOf(changePasswordSchema, {
        old_pwd: 'a',
        new_pwd: `a${'1'.repeat(20)}`,
        confirm_pwd: `a${'1'.repeat(20)}`,
      }),
    ).toEqual(['密码长度为8-20位']);
    expect(
      await errorsOf(changePasswordSchema, { old_pwd: 'a', new_pwd: '12345678', confirm_pwd: '12345678' }),
    ).toEqual(['密码须同时包含字母和数字']);
    expect(
      await errorsOf(changePasswordSchema, {
        old_pwd: 'Same1234',
        new_pwd: 'Same1234',
        confirm_pwd: 'Same1234',
      }),
    ).toEqual(['新密码不能与原密码相同']);
    expect(
      await errorsOf(changePasswordSchema, { old_pwd: 'a', new_pwd: 'Good1234', confirm_pwd: 'Good1235' }),
    ).toEqual(['两次输入的密码不一致']);
    expect(
      await errorsOf(changePasswordSchema, { old_pwd: 'a', new_pwd: 'Good1234', confirm_pwd: 'Good1234' }),
    ).toEqual([]);
  });

  it('reset password: a 6-digit code', async () => {
    const pwd = { new_pwd: 'Good1234', confirm_pwd: 'Good1234' };
    expect(await errorsOf(resetPasswordSchema, { ...pwd, code: '' })).toEqual(['请输入验证码']);
    expect(await errorsOf(resetPasswordSchema, { ...pwd, code: '12345' })).toEqual(['请输入6位数字验证码']);
    expect(await errorsOf(resetPasswordSchema, { ...pwd, code: '123456' })).toEqual([]);
  });

  it('change mobile: the SPEC §5 mobile rule, required, not the current number', async () => {
    const schema = changeMobileSchema('13800138000');
    expect(await errorsOf(schema, { phone: '', code: '123456' })).toEqual(['请输入手机号码']);
    for (const bad of ['12812345678', '1381234567', '138123456789', '16812345678', 'abcdefghijk']) {
      expect(await errorsOf(schema, { phone: bad, code: '123456' })).toEqual(['请输入正确的手机号码！']);
    }
    expect(await errorsOf(schema, { phone: '13800138000', code: '123456' })).toEqual([
      '新手机号不能与当前手机号相同',
    ]);
    for (const good of ['13912345678', '14712345678', '15012345678', '17712345678', '18812345678']) {
      expect(await errorsOf(schema, { phone: good, code: '123456' })).toEqual([]);
    }
  });

  it('delete account: confirmed with the account phone', async () => {
    const schema = deleteAccountSchema('13800138000');
    expect(await errorsOf(schema, { phone: '' })).toEqual(['请输入手机号码']);
    expect(await errorsOf(schema, { phone: '13800138001' })).toEqual(['输入的手机号与当前账号不一致']);
    expect(await errorsOf(schema, { phone: ' 13800138000 ' })).toEqual([]);
  });
});
