import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@generated/workbench/model';
import { getGetUserInfoQueryKey } from '@generated/workbench/workbench';
import { readItem, writeItem } from '@/session/storage';
import { ROUTES } from '@/constants/routes';
import { baseInfo, renderWithShell } from '../../../../tests/setup/render';
import { recordJson, setupMockServer, type Recorded } from '../test-server';
import AccountSettingPage from './AccountSettingPage';

const server = setupMockServer();
const PHONE = baseInfo.phone; // 13800138000
const authDetail = (has_password = true) => ({
  gid: 'u-1001',
  phone: PHONE,
  email: '',
  has_password,
  providers: [],
});
const DIGEST = {
  OldPass123: '0eb8dfb829761df8298dd380386ad35ae1efa0a35a77553742473116a0916f0a',
  NewPass456: '1b5410db3b1c9a4e671ceeb762227c686bdf005379d043cf589fafde2db528e7',
};

let calls: Recorded[];
beforeEach(() => {
  calls = [];
  server.use(recordJson(calls, 'get', '/user/v1/login/auth/detail', authDetail()));
});

async function openPage() {
  const user = userEvent.setup({ delay: null });
  const view = renderWithShell(<AccountSettingPage />, { path: ROUTES.userCenter.accountSetting });
  view.queryClient.setQueryData<UserInfo>(getGetUserInfoQueryKey(), baseInfo);
  await screen.findByText('登录密码');
  return { user, ...view };
}
const dialog = () => screen.getByRole('dialog');
/** Presses a dialog's button and waits for it: its code comes when first wanted (lazyDialog). */
async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name }));
  await screen.findByRole('dialog');
}
const ok = (name: RegExp | string) => within(dialog()).getByRole('button', { name });
const field = (label: string) => within(dialog()).getByLabelText(label);

describe('change password', () => {
  it('shows every rule message', async () => {
    const { user } = await openPage();
    await openDialog(user, '修改密码');
    await user.click(ok(/保\s*存/));
    expect(await within(dialog()).findByText('请输入原密码')).toBeInTheDocument();
    expect(within(dialog()).getByText('请输入新密码')).toBeInTheDocument();
    expect(within(dialog()).getByText('请再次输入新密码')).toBeInTheDocument();

    await user.type(field('原密码'), 'OldPass123');
    await user.type(field('新密码'), 'abc12');
    await user.tab();
    expect(await within(dialog()).findByText('密码长度为8-20位')).toBeInTheDocument();
    await user.clear(field('新密码'));
    await user.type(field('新密码'), 'onlyletters');
    expect(await within(dialog()).findByText('密码须同时包含字母和数字')).toBeInTheDocument();
    await user.clear(field('新密码'));
    await user.type(field('新密码'), 'OldPass123');
    expect(await within(dialog()).findByText('新密码不能与原密码相同')).toBeInTheDocument();
    await user.clear(field('新密码'));
    await user.type(field('新密码'), 'NewPass456');
    await user.type(field('确认新密码'), 'NewPass457');
    await user.tab();
    expect(await within(dialog()).findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('sends SHA-256 hex digests of both passwords, never the passwords', async () => {
    server.use(recordJson(calls, 'post', '/user/v1/change/password'));
    const { user } = await openPage();
    await openDialog(user, '修改密码');
    await user.type(field('原密码'), 'OldPass123');
    await user.type(field('新密码'), 'NewPass456');
    await user.type(field('确认新密码'), 'NewPass456');
    await user.click(ok(/保\s*存/));
    expect(await screen.findByText('密码已修改')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/user/v1/change/password',
      body: { old_pwd: DIGEST.OldPass123, new_pwd: DIGEST.NewPass456 },
    });
  });
});

describe('reset password by SMS code', () => {
  it('sends a code to the account phone, then resets with the code and the hashed password', async () => {
    server.use(
      recordJson(calls, 'post', '/user/v1/send/sms/code'),
      recordJson(calls, 'post', '/user/v2/reset/password/mobile'),
    );
    const { user } = await openPage();
    await openDialog(user, '通过手机验证码重置密码');
    expect(within(dialog()).getByText('验证码将发送至 138****8000')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: /获取验证码/ }));
    expect(await screen.findByText('验证码已发送至 138****8000')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /60秒后重新获取/ })).toBeDisabled();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/user/v1/send/sms/code',
      body: { phone: PHONE, scene: 'reset_password' },
    });

    await user.type(field('验证码'), '12ab');
    await user.type(field('新密码'), 'NewPass456');
    await user.type(field('确认新密码'), 'NewPass456');
    await user.click(ok(/保\s*存/));
    expect(await within(dialog()).findByText('请输入6位数字验证码')).toBeInTheDocument();
    await user.clear(field('验证码'));
    await user.click(ok(/保\s*存/));
    expect(await within(dialog()).findByText('请输入验证码')).toBeInTheDocument();
    await user.type(field('验证码'), '246810');
    await user.click(ok(/保\s*存/));
    expect(await screen.findByText('密码已重置')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/user/v2/reset/password/mobile',
      body: { phone: PHONE, code: '246810', new_pwd: DIGEST.NewPass456 },
    });
  });

  it('offers "设置密码" when the account has no password', async () => {
    server.use(recordJson(calls, 'get', '/user/v1/login/auth/detail', authDetail(false)));
    await openPage();
    expect(screen.queryByRole('button', { name: '修改密码' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '设置密码' })).toBeInTheDocument();
  });
});

describe('change mobile', () => {
  it('applies the mobile rule before sending a code, then changes the number', async () => {
    server.use(
      recordJson(calls, 'post', '/user/v1/send/sms/code'),
      recordJson(calls, 'post', '/user/v1/change/mobile'),
    );
    const { user, queryClient } = await openPage();
    await openDialog(user, '更换手机号');
    await user.click(within(dialog()).getByRole('button', { name: /获取验证码/ }));
    expect(await within(dialog()).findByText('请输入手机号码')).toBeInTheDocument();
    await user.type(field('新手机号'), '12912345678');
    await user.click(within(dialog()).getByRole('button', { name: /获取验证码/ }));
    expect(await within(dialog()).findByText('请输入正确的手机号码！')).toBeInTheDocument();
    await user.clear(field('新手机号'));
    await user.type(field('新手机号'), PHONE);
    await user.tab();
    expect(await within(dialog()).findByText('新手机号不能与当前手机号相同')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(field('新手机号'));
    await user.type(field('新手机号'), '15912345678');
    await user.click(within(dialog()).getByRole('button', { name: /获取验证码/ }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ phone: '15912345678', scene: 'change_mobile' }));
    await user.type(field('验证码'), '135790');
    await user.click(ok(/保\s*存/));
    expect(await screen.findByText('手机号已更换')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      path: '/user/v1/change/mobile',
      body: { phone: '15912345678', code: '135790' },
    });
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/user/v1/login/auth/detail')); // credentials reloaded
    expect(queryClient.getQueryData<UserInfo>(getGetUserInfoQueryKey())?.phone).toBe('15912345678');
  });
});

describe('delete account', () => {
  it('is confirmed by typing the phone, then deletes and signs out', async () => {
    server.use(recordJson(calls, 'delete', '/user/v1/del'));
    writeItem('token', 'tok-1');
    const { user } = await openPage();
    await openDialog(user, '注销账号');
    expect(within(dialog()).getByText(/永久删除且无法恢复/)).toBeInTheDocument();
    const confirm = ok(/确认注销/);
    expect(confirm).toBeDisabled();
    await user.type(field(`请输入当前账号的手机号 ${PHONE} 以确认注销：`), '13800138001');
    await user.tab();
    expect(await within(dialog()).findByText('输入的手机号与当前账号不一致')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await user.clear(field(`请输入当前账号的手机号 ${PHONE} 以确认注销：`));
    await user.type(field(`请输入当前账号的手机号 ${PHONE} 以确认注销：`), PHONE);
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/user/v1/del', body: undefined }),
    );
    expect(await screen.findByText('账号已注销')).toBeInTheDocument();
    await waitFor(() => expect(readItem('token')).toBeNull()); // signed out: credentials cleared
  });
});
