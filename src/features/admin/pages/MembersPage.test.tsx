import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialogs } from '@/ui/dialogs';
import { renderWithShell } from '../../../../tests/setup/render';
import { ALL_CODES, adminServer, ownerSession } from '../test-support';
import MembersPage from './MembersPage';

const { server, requests, reset } = adminServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  reset();
  dialogs.close('invite');
});
afterAll(() => server.close());

const render = (codes: readonly string[]) =>
  renderWithShell(<MembersPage />, {
    session: ownerSession({ '/manage/members': codes }),
    path: '/manage/members',
  });

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

async function chooseRole(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, role: string) {
  await user.click(within(dialog).getByRole('combobox'));
  const options = await screen.findAllByText(role, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
}

describe('MembersPage: permission gating', () => {
  it('shows the members with their roles and every action the route gives', async () => {
    render(ALL_CODES['/manage/members']);
    expect(await screen.findByText('陈思远')).toBeInTheDocument();
    expect(within(row('王芳')).getByText('审核员')).toBeInTheDocument();
    expect(within(row('欧阳明远')).getByText('所有者')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /邀请成员/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /邀请链接/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^设置角色：/ })).toHaveLength(3);
    // Neither the owner nor the signed-in user (here the same person) can be removed.
    expect(screen.getAllByRole('button', { name: /^移出：/ })).toHaveLength(2);
    expect(within(row('陈思远')).getByRole('checkbox')).toBeEnabled();
    expect(within(row('欧阳明远')).getByRole('checkbox')).toBeDisabled();
  });

  it('removes every action whose code the route lacks', async () => {
    render([]);
    expect(await screen.findByText('陈思远')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /邀请成员/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /邀请链接/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^设置角色：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^移出：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers only the batch action the route gives', async () => {
    const user = userEvent.setup();
    render(['member:remove-roles']);
    await screen.findByText('陈思远');
    await user.click(within(row('陈思远')).getByRole('checkbox'));
    expect(await screen.findByRole('group', { name: '已选择 1 名成员' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /移除角色/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /分配角色/ })).not.toBeInTheDocument();
  });
});

describe('MembersPage: actions', () => {
  it('assigns roles to the selected members', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await screen.findByText('陈思远');
    await user.click(within(row('陈思远')).getByRole('checkbox'));
    await user.click(within(row('王芳')).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: /分配角色/ }));
    const dialog = await screen.findByRole('dialog', { name: '为 2 名成员分配角色' });
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('请至少选择一个角色')).toBeInTheDocument();
    await chooseRole(user, dialog, '访客');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('PUT', '/power/v1/role/user')).toHaveLength(1));
    expect(requests('PUT', '/power/v1/role/user')[0]!.body).toEqual({
      user_gids: ['u-1002', 'u-1003'],
      role_ids: ['r-guest'],
    });
    await waitFor(() => expect(screen.queryByText('已选择 2 名成员')).not.toBeInTheDocument());
  });

  it('removes roles from the selected members', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await screen.findByText('王芳');
    await user.click(within(row('王芳')).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: /移除角色/ }));
    const dialog = await screen.findByRole('dialog', { name: '移除 1 名成员的角色' });
    await chooseRole(user, dialog, '审核员');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('DELETE', '/power/v1/user/roles')).toHaveLength(1));
    expect(requests('DELETE', '/power/v1/user/roles')[0]!.body).toEqual({
      user_gids: ['u-1003'],
      role_ids: ['r-reviewer'],
    });
  });

  it("replaces one member's roles", async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await user.click(await screen.findByRole('button', { name: '设置角色：陈思远' }));
    const dialog = await screen.findByRole('dialog', { name: '设置「陈思远」的角色' });
    expect(within(dialog).getByText('编辑')).toBeInTheDocument(); // the current role is preselected
    await chooseRole(user, dialog, '审核员');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('PUT', '/tenant/v2/member/role/u-1002')).toHaveLength(1));
    expect(requests('PUT', '/tenant/v2/member/role/u-1002')[0]!.body).toEqual({
      role_ids: ['r-editor', 'r-reviewer'],
    });
  });

  it('removes a member after confirmation', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await user.click(await screen.findByRole('button', { name: '移出：王芳' }));
    expect(await screen.findByText('确定将「王芳」移出企业？')).toBeInTheDocument();
    expect(requests('POST', '/power/v1/recovery/u-1003')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('POST', '/power/v1/recovery/u-1003')).toHaveLength(1));
  });

  it('invites by phone, checking the number first', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await user.click(await screen.findByRole('button', { name: /邀请成员/ }));
    const dialog = await screen.findByRole('dialog', { name: '邀请成员' });
    const phone = within(dialog).getByLabelText('被邀请人手机号');
    await user.type(phone, '12345678901');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('请输入正确的手机号码！')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '13700001234');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('POST', '/member/v1/invite/user/')).toHaveLength(1));
    const sent = requests('POST', '/member/v1/invite/user/')[0]!;
    expect(Object.fromEntries(sent.query)).toEqual({ phone: '13700001234', tenant_link: 't-ent-2001' });
  });

  it('opens the invite-link dialog of the shell', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/members']);
    await user.click(await screen.findByRole('button', { name: /邀请链接/ }));
    expect(dialogs.isOpen('invite')).toBe(true);
  });
});
