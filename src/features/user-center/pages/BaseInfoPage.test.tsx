import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@generated/workbench/model';
import { getGetUserInfoQueryKey } from '@generated/workbench/workbench';
import { ROUTES } from '@/constants/routes';
import { baseInfo, renderWithShell } from '../../../../tests/setup/render';
import { recordJson, setupMockServer, type Recorded } from '../test-server';
import BaseInfoPage from './BaseInfoPage';

const server = setupMockServer();
let calls: Recorded[];
beforeEach(() => {
  calls = [];
});

function renderPage() {
  const user = userEvent.setup();
  const view = renderWithShell(<BaseInfoPage />, { path: ROUTES.userCenter.baseInfo });
  view.queryClient.setQueryData<UserInfo>(getGetUserInfoQueryKey(), baseInfo);
  return { user, ...view };
}

describe('personal info', () => {
  it('shows the name and the phone', () => {
    renderPage();
    expect(screen.getByTestId('base-info-name')).toHaveTextContent('李四');
    expect(screen.getByText('13800138000')).toBeInTheDocument();
  });

  it('checks the name: required, at most 30 characters', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /修\s*改/ }));
    const input = await screen.findByRole('textbox', { name: '用户名' });
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    await user.type(input, '名'.repeat(31));
    expect(await screen.findByText('长度不能超过30个字符')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('saves the name with the avatar (PUT /user/v1/login/) and updates the shell user info', async () => {
    server.use(recordJson(calls, 'put', '/user/v1/login/', { ...baseInfo, user_name: '王五' }));
    const { user, queryClient } = renderPage();
    await user.click(screen.getByRole('button', { name: /修\s*改/ }));
    const input = await screen.findByRole('textbox', { name: '用户名' });
    await user.clear(input);
    await user.type(input, '  王五 ');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('用户名已更新')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: '/user/v1/login/',
        body: { avatar_url: baseInfo.avatar_url, user_name: '王五' },
      },
    ]);
    expect(queryClient.getQueryData<UserInfo>(getGetUserInfoQueryKey())?.user_name).toBe('王五');
    expect(within(document.body).queryByRole('textbox', { name: '用户名' })).not.toBeInTheDocument();
    // The focus is back on the button the name is edited with.
    await waitFor(() => expect(screen.getByRole('button', { name: /修\s*改/ })).toHaveFocus());
  });

  it('cancelling keeps the name and gives the focus back to its button', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: /修\s*改/ }));
    await user.type(await screen.findByRole('textbox', { name: '用户名' }), '不保存');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(screen.getByTestId('base-info-name')).toHaveTextContent('李四');
    await waitFor(() => expect(screen.getByRole('button', { name: /修\s*改/ })).toHaveFocus());
    expect(calls).toEqual([]);
  });
});
