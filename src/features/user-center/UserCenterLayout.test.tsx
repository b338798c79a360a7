import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { dialogs } from '@/ui/dialogs';
import { ROUTES } from '@/constants/routes';
import { makeSession, renderWithShell } from '../../../tests/setup/render';
import UserCenterLayout from './UserCenterLayout';

afterEach(() => dialogs.close('avatar'));

const menuLabels = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('user-center left column', () => {
  it('shows the avatar, the phone and the five entries, the current one selected', () => {
    renderWithShell(<UserCenterLayout />, { path: ROUTES.userCenter.accountSetting });
    expect(screen.getByTestId('user-center-phone')).toHaveTextContent('13800138000');
    expect(screen.getByText('李四')).toBeInTheDocument();
    expect(menuLabels()).toEqual(['个人信息', '账号设置', '第三方账号', '已加入企业', '我的反馈']);
    expect(screen.getByRole('link', { name: '账号设置' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
    expect(screen.getByRole('link', { name: '我的反馈' })).toHaveAttribute('href', '/user-info/my-feedback');
  });

  it('hides joined enterprises in engine home mode (page2)', () => {
    renderWithShell(<UserCenterLayout />, {
      path: ROUTES.userCenter.baseInfo,
      session: makeSession({ config: { def_home_page: 'page2' } }),
    });
    expect(menuLabels()).toEqual(['个人信息', '账号设置', '第三方账号', '我的反馈']);
  });

  it('offers 更换头像 in a popover on the avatar, which opens the avatar dialog', async () => {
    const user = userEvent.setup();
    renderWithShell(<UserCenterLayout />, { path: ROUTES.userCenter.baseInfo });
    await user.click(screen.getByRole('button', { name: '头像' }));
    await user.click(await screen.findByRole('button', { name: '更换头像' }));
    await waitFor(() => expect(dialogs.isOpen('avatar')).toBe(true));
  });
});
