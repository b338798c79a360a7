import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@/constants/routes';
import { renderWithShell } from '../../../../tests/setup/render';
import { providerAuthorizeUrl } from '../provider-binding';
import { recordJson, setupMockServer, type Recorded } from '../test-server';
import ThirdAccountPage from './ThirdAccountPage';

const server = setupMockServer();
const detail = {
  gid: 'u-1001',
  phone: '13800138000',
  email: '',
  has_password: true,
  providers: [
    {
      provider: 'wechat',
      is_bound: true,
      id: 'pb-7001',
      nickname: '小雀',
      bound_at: new Date(2024, 0, 8, 9, 0, 0).getTime(),
    },
    { provider: 'dingtalk', is_bound: false, id: null, nickname: null, bound_at: null },
    { provider: 'feishu', is_bound: false, id: null, nickname: null, bound_at: null },
  ],
};
let calls: Recorded[];
beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  server.use(
    recordJson(calls, 'get', '/user/v1/login/auth/detail', detail),
    recordJson(calls, 'put', '/provider/v1/user/unbind/:id'),
    recordJson(calls, 'put', '/provider/v1/user/bind', {
      provider: 'dingtalk',
      is_bound: true,
      id: 'pb-7002',
      nickname: '林小雀',
      bound_at: 1,
    }),
  );
});
const writes = () => calls.filter((c) => c.method !== 'GET');

describe('third-party accounts', () => {
  it('lists every provider with its binding', async () => {
    renderWithShell(<ThirdAccountPage />, { path: ROUTES.userCenter.thirdAccount });
    const wechat = await screen.findByTestId('provider-wechat');
    expect(within(wechat).getByText('已绑定')).toBeInTheDocument();
    expect(within(wechat).getByText('小雀 · 绑定时间 2024-01-08 09:00:00')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('provider-dingtalk')).getByRole('button', { name: /绑\s*定/ }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('provider-feishu')).getByText('未绑定')).toBeInTheDocument();
  });

  it('unbinds only after confirming', async () => {
    const user = userEvent.setup();
    renderWithShell(<ThirdAccountPage />, { path: ROUTES.userCenter.thirdAccount });
    await user.click(
      within(await screen.findByTestId('provider-wechat')).getByRole('button', { name: /解\s*绑/ }),
    );
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定解除与微信的绑定？');
    expect(writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: /解\s*绑/ }));
    expect(await screen.findByText('已解除与微信的绑定')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PUT', path: '/provider/v1/user/unbind/pb-7001', body: undefined }]);
  });

  it('binds with the code the provider sent back, when the state matches', async () => {
    const state = new URL(providerAuthorizeUrl('dingtalk')).searchParams.get('state');
    renderWithShell(<ThirdAccountPage />, { path: `/user-info/third-account?code=dt-code-1&state=${state}` });
    expect(await screen.findByText('已绑定钉钉')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: '/provider/v1/user/bind',
        body: {
          provider: 'dingtalk',
          code: 'dt-code-1',
          redirect_uri: `${window.location.origin}/user-info/third-account`,
        },
      },
    ]);
  });

  it('refuses a return whose state does not match', async () => {
    providerAuthorizeUrl('feishu');
    renderWithShell(<ThirdAccountPage />, {
      path: `${ROUTES.userCenter.thirdAccount}?code=x&state=bind.feishu.forged`,
    });
    expect(await screen.findByText('绑定未完成：校验信息不匹配，请重新绑定')).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(writes()).toEqual([]);
  });
});

describe('providerAuthorizeUrl', () => {
  it('goes to the authorize endpoint with the provider, our redirect and a fresh state', () => {
    const first = new URL(providerAuthorizeUrl('wechat'));
    const second = new URL(providerAuthorizeUrl('wechat'));
    expect(first.pathname).toBe('/sso/authorize');
    expect(first.searchParams.get('provider')).toBe('wechat');
    expect(first.searchParams.get('response_type')).toBe('code');
    expect(first.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/user-info/third-account`);
    expect(first.searchParams.get('state')).toMatch(/^bind\.wechat\.[0-9a-f]{24}$/);
    expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
  });
});
