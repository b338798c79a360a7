import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../tests/setup/render';
import { ALL_CODES, adminServer, ownerSession } from '../test-support';
import PermissionsPage from './PermissionsPage';

const { server, requests, reset } = adminServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(reset);
afterAll(() => server.close());

const render = (path: string, codes: readonly string[] = ALL_CODES['/manage/permissions']) =>
  renderWithShell(<PermissionsPage />, {
    session: ownerSession({ '/manage/permissions': codes }),
    path,
    route: '/manage/permissions',
  });

/** antd Tree names each checkbox "Select <title>". */
const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const saveButton = () => screen.queryByRole('button', { name: /保存权限/ });
const userPowers = (codes: string[]) =>
  server.use(
    http.get('*/api/rbac/power/v1/login/user/powers', () =>
      HttpResponse.json({ code: 0, msg: 'success', data: codes }),
    ),
  );

describe('PermissionsPage: the permission editor', () => {
  it("shows the role's powers grouped by application", async () => {
    render('/manage/permissions?roleId=r-editor');
    expect(await screen.findByRole('heading', { name: '权限配置：编辑' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '工作台 0/19' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '织雀手册 3/4' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '产品管理 3/3' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '渠道管理 0/2' })).toBeInTheDocument();
    expect(Object.fromEntries(requests('GET', '/power/v1/role/all')[0]!.query)).toEqual({
      role_id: 'r-editor',
    });
  });

  it('saves the whole power set of the role, pages included', async () => {
    const user = userEvent.setup();
    render('/manage/permissions?roleId=r-editor');
    await user.click(await screen.findByRole('tab', { name: '织雀手册 3/4' }));
    expect(saveButton()).toBeDisabled();
    await user.click(box('删除手册'));
    expect(screen.getByRole('tab', { name: '织雀手册 4/4' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '工作台 0/19' }));
    await user.click(box('新建角色')); // brings its page and group along
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    await user.click(saveButton()!);
    await waitFor(() => expect(requests('PUT', '/power/v1/')).toHaveLength(1));
    expect(requests('PUT', '/power/v1/')[0]!.body).toEqual({
      role_id: 'r-editor',
      power_ids: ['p-120', 'p-121', 'p-122', 'p-200', 'p-201', 'p-202', 'p-203', 'p-300', 'p-301', 'p-302'],
    });
    // Saved: the new set is the baseline.
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument());
    expect(saveButton()).toBeDisabled();
  });

  it('locks the powers the signed-in user does not hold, and saves them unchanged', async () => {
    const user = userEvent.setup();
    userPowers([
      'manual:view',
      'manual:create',
      'manual:delete',
      'manual:publish',
      'power:view',
      'power:save',
    ]);
    render('/manage/permissions?roleId=r-editor');
    await user.click(await screen.findByRole('tab', { name: '产品管理 3/3' }));
    expect(box('商品管理')).toHaveAttribute('aria-disabled', 'true');
    await user.click(box('编辑商品'));
    await user.click(screen.getByRole('tab', { name: '织雀手册 3/4' }));
    expect(box('手册管理')).toHaveAttribute('aria-disabled', 'false');
    await user.click(box('手册管理')); // off: the manual page and its buttons
    await user.click(saveButton()!);
    await waitFor(() => expect(requests('PUT', '/power/v1/')).toHaveLength(1));
    expect(requests('PUT', '/power/v1/')[0]!.body).toEqual({
      role_id: 'r-editor',
      power_ids: ['p-300', 'p-301', 'p-302'],
    });
  });

  it('copies the powers of another role', async () => {
    const user = userEvent.setup();
    render('/manage/permissions?roleId=r-guest');
    await screen.findByRole('tab', { name: '织雀手册 3/4' });
    await user.click(screen.getByRole('combobox', { name: '复制其他角色的权限' }));
    await user.click(await screen.findByText('审核员', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(requests('GET', '/power/v1/roles/list')).toHaveLength(1));
    expect(requests('GET', '/power/v1/roles/list')[0]!.query.getAll('role_ids')).toEqual(['r-reviewer']);
    // The contract's example: 审核员 holds p-200, p-203 and p-300.
    expect(await screen.findByRole('tab', { name: '织雀手册 2/4' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '产品管理 1/3' })).toBeInTheDocument();
  });

  it('is read-only without the save code of the route', async () => {
    render('/manage/permissions?roleId=r-editor', []);
    expect(await screen.findByText('您没有保存权限配置的权限，只能查看。')).toBeInTheDocument();
    expect(saveButton()).not.toBeInTheDocument();
    expect(box('企业管理')).toHaveAttribute('aria-disabled', 'true');
  });

  it('does not let anyone change the system role', async () => {
    render('/manage/permissions?roleId=r-admin');
    expect(await screen.findByText('系统角色拥有企业的全部权限，不能修改。')).toBeInTheDocument();
    expect(saveButton()).not.toBeInTheDocument();
  });

  it('opens the first editable role when none is asked for', async () => {
    render('/manage/permissions');
    expect(await screen.findByRole('heading', { name: '权限配置：编辑' })).toBeInTheDocument();
  });
});
