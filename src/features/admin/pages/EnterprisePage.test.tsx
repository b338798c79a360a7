import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getGetTenantDetailQueryKey } from '@generated/workbench/workbench';
import { configureTransport } from '@/api/transport';
import { newQueryClient, renderWithShell } from '../../../../tests/setup/render';
import { prefetchCurrentTenant } from '../first-data';
import { ALL_CODES, adminServer, ownerSession, refusal } from '../test-support';
import EnterprisePage from './EnterprisePage';

const { server, requests, reset } = adminServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(reset);
afterAll(() => server.close());

const render = (codes: readonly string[]) =>
  renderWithShell(<EnterprisePage />, {
    session: ownerSession({ '/manage/enterprise': codes }),
    path: '/manage/enterprise',
  });

const ACTIONS = [/编辑企业/, /转让企业/, /升级企业/, /解散企业/];

describe('EnterprisePage', () => {
  it('shows the enterprise and every action the route gives', async () => {
    render(ALL_CODES['/manage/enterprise']);
    expect(await screen.findByText('面向长三角制造企业的供应链协同平台运营方。')).toBeInTheDocument();
    expect(screen.getByText('剩余365天')).toBeInTheDocument();
    for (const name of ACTIONS) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('shows the detail its load fetched with the shell without asking again; a later visit asks again', async () => {
    const session = ownerSession({ '/manage/enterprise': ALL_CODES['/manage/enterprise'] });
    const queryClient = newQueryClient();
    configureTransport({ baseUrl: window.location.origin, getToken: () => 'test-token', timeoutMs: 5_000 });
    // As a load that starts on the page does, once the user config answered (src/app/pages.ts).
    prefetchCurrentTenant(queryClient, session.config);
    const detailCalls = () => requests('GET', '/tenant/v1/detail').length;
    await waitFor(() => expect(detailCalls()).toBe(1));
    const options = { session, queryClient, path: '/manage/enterprise' };
    const first = renderWithShell(<EnterprisePage />, options);
    expect(await screen.findByText('面向长三角制造企业的供应链协同平台运营方。')).toBeInTheDocument();
    // Not fetching again (a refetch on mount would be under way now), and nothing was sent.
    const key = getGetTenantDetailQueryKey({ tenant_link: session.config.last_login_tenant_link });
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(detailCalls()).toBe(1);
    first.unmount();
    // Another visit (the members were changed meanwhile, say): fetched again, as before.
    renderWithShell(<EnterprisePage />, options);
    await screen.findByText('面向长三角制造企业的供应链协同平台运营方。');
    await waitFor(() => expect(detailCalls()).toBe(2));
  });

  it('removes every button whose code the route lacks', async () => {
    render(['enterprise:upgrade']);
    await screen.findByText('面向长三角制造企业的供应链协同平台运营方。');
    expect(screen.getByRole('button', { name: /升级企业/ })).toBeInTheDocument();
    for (const name of [ACTIONS[0]!, ACTIONS[1]!, ACTIONS[3]!])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('edits the profile and keeps what was typed when the server refuses', async () => {
    const user = userEvent.setup();
    server.use(http.put('*/api/workbench/tenant/v1/', () => refusal(40010, '企业名称已存在')));
    render(ALL_CODES['/manage/enterprise']);
    await user.click(await screen.findByRole('button', { name: /编辑企业/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('企业名称');
    await user.clear(name);
    await user.type(name, '华东供应链');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('PUT', '/tenant/v1/')).toHaveLength(1));
    expect(requests('PUT', '/tenant/v1/')[0]!.body).toEqual({
      tenant_link: 't-ent-2001',
      tenant_name: '华东供应链',
      industry: '智能制造',
      contact_phone: '13812345678',
      description: '面向长三角制造企业的供应链协同平台运营方。',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('企业名称')).toHaveValue('华东供应链');
  });

  it('checks the profile rules before sending', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/enterprise']);
    await user.click(await screen.findByRole('button', { name: /编辑企业/ }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('企业名称'));
    await user.type(within(dialog).getByLabelText('联系电话'), '9');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('请输入企业名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入正确的手机号码！')).toBeInTheDocument();
    expect(requests('PUT', '/tenant/v1/')).toHaveLength(0);
  });

  it('transfers the enterprise to the chosen member', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/enterprise']);
    await user.click(await screen.findByRole('button', { name: /转让企业/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('王芳（15800001003）'));
    await user.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(requests('PUT', '/tenant/v1/bind/owner/user')).toHaveLength(1));
    expect(requests('PUT', '/tenant/v1/bind/owner/user')[0]!.body).toEqual({
      tenant_link: 't-ent-2001',
      gid: 'u-1003',
    });
  });

  it('dissolves only after the enterprise name is typed', async () => {
    const user = userEvent.setup();
    render(ALL_CODES['/manage/enterprise']);
    await user.click(await screen.findByRole('button', { name: /解散企业/ }));
    const dialog = await screen.findByRole('dialog', {
      name: '解散「华东智能制造供应链协同创新中心有限公司」',
    });
    const confirm = within(dialog).getByRole('button', { name: /解散企业/ });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('企业名称'), '华东智能制造');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('企业名称'), '供应链协同创新中心有限公司');
    expect(confirm).toBeEnabled();
    server.use(http.delete('*/api/workbench/tenant/v2/del', () => refusal(40020, '请先处理未完成的订单')));
    await user.click(confirm);
    await waitFor(() => expect(requests('DELETE', '/tenant/v2/del')).toHaveLength(1));
    expect(requests('DELETE', '/tenant/v2/del')[0]!.query.get('tenant_link')).toBe('t-ent-2001');
    // Refused: the dialog stays, nothing switches space.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(requests('POST', '/userconfig/v2/lastlogin/tenant')).toHaveLength(0);
  });
});
