import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../tests/setup/render';
import { ALL_CODES, adminServer, ownerSession, refusal } from '../test-support';
import RolesPage from './RolesPage';

const { server, requests, reset } = adminServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(reset);
afterAll(() => server.close());

function render(codes: readonly string[], pages: Record<string, readonly string[]> = {}) {
  return renderWithShell(<RolesPage />, {
    session: ownerSession({ '/manage/roles': codes, ...pages }),
    path: '/manage/roles',
    route: '/manage/roles',
    extraRoutes: <Route path="/manage/permissions" element={<p>permissions page</p>} />,
  });
}

const row = (name: string) => screen.getByText(name, { selector: 'td, td *' }).closest('tr') as HTMLElement;
const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s?定/ });

describe('RolesPage: permission gating', () => {
  it('lists the roles with every action the route gives', async () => {
    render(ALL_CODES['/manage/roles'], { '/manage/permissions': ['power:save'] });
    expect(await screen.findByText('可创建、编辑和发布手册与商品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建角色/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '编辑：审核员' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '删除：审核员' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '权限配置：审核员' })).toHaveAttribute(
      'href',
      '/manage/permissions?roleId=r-reviewer',
    );
    // The system role can be neither edited nor deleted.
    const system = row('企业管理员');
    expect(
      within(system)
        .getAllByRole('button')
        .every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);
  });

  it('removes every action whose code the route lacks', async () => {
    render([], { '/manage/permissions': ['power:save'] });
    expect(await screen.findByText('可创建、编辑和发布手册与商品')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新建角色/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^编辑：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^删除：/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^权限配置：/ })).not.toBeInTheDocument();
  });

  it('hides the way to the powers when the permissions page is not given', async () => {
    render(ALL_CODES['/manage/roles']);
    expect(await screen.findByText('可创建、编辑和发布手册与商品')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^权限配置：/ })).not.toBeInTheDocument();
  });
});

describe('RolesPage: list', () => {
  it('searches by name and pages on the server', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await screen.findByText('可创建、编辑和发布手册与商品');
    expect(Object.fromEntries(requests('GET', '/role/v1/list')[0]!.query)).toEqual({
      index: '1',
      page_size: '10',
    });
    await user.type(screen.getByLabelText('角色名称'), '编辑');
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(requests('GET', '/role/v1/list')).toHaveLength(2));
    expect(Object.fromEntries(requests('GET', '/role/v1/list')[1]!.query)).toEqual({
      name: '编辑',
      index: '1',
      page_size: '10',
    });
  });
});

describe('RolesPage: the search form', () => {
  it('resets to every role, first page, and empties the box', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await screen.findByText('可创建、编辑和发布手册与商品');
    await user.type(screen.getByLabelText('角色名称'), '编辑');
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(requests('GET', '/role/v1/list')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: /重\s?置/ }));
    expect(screen.getByLabelText('角色名称')).toHaveValue('');
    // The first page without a name was asked for already: shown again from the cache, and refreshed.
    await waitFor(() => expect(requests('GET', '/role/v1/list')).toHaveLength(3));
    expect(Object.fromEntries(requests('GET', '/role/v1/list')[2]!.query)).toEqual({
      index: '1',
      page_size: '10',
    });
    expect(await screen.findByText('可创建、编辑和发布手册与商品')).toBeInTheDocument();
  });
});

describe('RolesPage: a failed load', () => {
  it('says so in place of the rows, with a retry, also when a later search fails', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await screen.findByText('可创建、编辑和发布手册与商品');
    server.use(http.get(/\/api\/rbac\/role\/v1\/list/, () => HttpResponse.error()));
    await user.type(screen.getByLabelText('角色名称'), '编辑');
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    // One error state, where the rows were: neither the old rows nor 暂无数据 beside it.
    expect(await screen.findByText('角色加载失败')).toBeInTheDocument();
    expect(screen.queryByText('可创建、编辑和发布手册与商品')).not.toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('可创建、编辑和发布手册与商品')).toBeInTheDocument();
    expect(screen.queryByText('角色加载失败')).not.toBeInTheDocument();
  });
});

describe('RolesPage: the role editor', () => {
  it('checks the name and description before sending', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await user.click(await screen.findByRole('button', { name: /新建角色/ }));
    const dialog = await screen.findByRole('dialog', { name: '新建角色' });
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('请输入角色名称')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('角色名称'), '质'.repeat(31));
    await user.type(within(dialog).getByLabelText('角色描述'), '述'.repeat(101));
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('角色名称不能超过30个字符')).toBeInTheDocument();
    expect(within(dialog).getByText('角色描述不能超过100个字符')).toBeInTheDocument();
    expect(requests('POST', '/role/v1/')).toHaveLength(0);
  });

  it('creates a role, says so in a message and links its row to its powers', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles'], { '/manage/permissions': ['power:save'] });
    await user.click(await screen.findByRole('button', { name: /新建角色/ }));
    const dialog = await screen.findByRole('dialog', { name: '新建角色' });
    await user.type(within(dialog).getByLabelText('角色名称'), ' 质检员 ');
    await user.type(within(dialog).getByLabelText('角色描述'), '负责质检类手册的审核与发布');
    await user.click(submit(dialog));
    await waitFor(() => expect(requests('POST', '/role/v1/')).toHaveLength(1));
    expect(requests('POST', '/role/v1/')[0]!.body).toEqual({
      name: '质检员',
      description: '负责质检类手册的审核与发布',
    });
    // One short message, as every success; the table reloads, and a role's row leads to its powers.
    expect(await screen.findByText('角色已创建')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    await waitFor(() => expect(requests('GET', '/role/v1/list')).toHaveLength(2));
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('link', { name: /权限配置/ }));
    expect(await screen.findByText('permissions page')).toBeInTheDocument();
  });

  it('keeps what was typed when the server refuses', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/rbac/role/v1/', () => refusal(40001, '角色名称已存在')));
    render(ALL_CODES['/manage/roles']);
    await user.click(await screen.findByRole('button', { name: /新建角色/ }));
    const dialog = await screen.findByRole('dialog', { name: '新建角色' });
    await user.type(within(dialog).getByLabelText('角色名称'), '编辑');
    await user.click(submit(dialog));
    await waitFor(() => expect(requests('POST', '/role/v1/')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: '新建角色' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('角色名称')).toHaveValue('编辑');
  });

  it('edits a role', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await user.click(await screen.findByRole('button', { name: '编辑：审核员' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑角色' });
    const name = within(dialog).getByLabelText('角色名称');
    expect(name).toHaveValue('审核员');
    await user.clear(name);
    await user.type(name, '高级审核员');
    await user.click(submit(dialog));
    await waitFor(() => expect(requests('PUT', '/role/v1/')).toHaveLength(1));
    expect(requests('PUT', '/role/v1/')[0]!.body).toEqual({
      id: 'r-reviewer',
      name: '高级审核员',
      description: '审核并发布手册',
    });
  });

  it('deletes a role after confirmation', async () => {
    const user = userEvent.setup();
    server.use(
      http.delete('*/api/rbac/role/v1/del/:id', () =>
        HttpResponse.json({ code: 0, msg: 'success', data: null }),
      ),
    );
    render(ALL_CODES['/manage/roles']);
    await user.click(await screen.findByRole('button', { name: '删除：访客' }));
    expect(await screen.findByText('确定删除角色「访客」？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('DELETE', '/role/v1/del/r-guest')).toHaveLength(1));
  });
});

describe('RolesPage: paging', () => {
  /** 11 roles, one page of 10 and one of 1 (质检员), until 质检员 is deleted. */
  function elevenRoles() {
    let deleted = false;
    const role = (i: number) => ({
      id: `r-${i}`,
      name: i === 11 ? '质检员' : `角色${i}`,
      description: i === 11 ? '' : `第${i}个角色`,
      member_count: 0,
      is_system: false,
      created_at: '2025-03-01T01:00:00Z',
    });
    server.use(
      http.get('*/api/rbac/role/v1/list', ({ request }) => {
        const query = new URL(request.url).searchParams;
        const all = Array.from({ length: deleted ? 10 : 11 }, (_, i) => role(i + 1));
        const index = Number(query.get('index') ?? 1);
        const size = Number(query.get('page_size') ?? 10);
        const rows = all.slice((index - 1) * size, index * size);
        return HttpResponse.json({ code: 0, msg: 'success', data: { rows, total: all.length } });
      }),
      http.delete('*/api/rbac/role/v1/del/:id', () => {
        deleted = true;
        return HttpResponse.json({ code: 0, msg: 'success', data: null });
      }),
    );
  }

  it('says how many roles there are, pages on the server, and shows the page before when its last row is deleted', async () => {
    const user = userEvent.setup();
    elevenRoles();
    render(ALL_CODES['/manage/roles']);
    expect(await screen.findByText('第 1-10 条/总共 11 条')).toBeInTheDocument();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('质检员')).toBeInTheDocument();
    expect(within(row('质检员')).getAllByText('-').length).toBeGreaterThan(0); // no description
    await user.click(screen.getByRole('button', { name: '删除：质检员' }));
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    expect(await screen.findByText('第 1-10 条/总共 10 条')).toBeInTheDocument();
    expect(screen.getByText('角色1')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
  });

  it('asks again when 查询 is pressed for the list already shown', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/roles']);
    await screen.findByText('可创建、编辑和发布手册与商品');
    await user.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(requests('GET', '/role/v1/list')).toHaveLength(2));
  });
});
