/**
 * /entrance: the spaces with their marks, entering one (record + full page
 * load), frozen ones leading to renewal, and creating an enterprise. The
 * workbench service is mocked with MSW; the page load is watched on `navigation`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import type { TenantListItem } from '@generated/workbench/model';
import { navigation } from '@/ui/navigation';
import { ROUTES } from '@/constants/routes';
import { readItem, writeItem } from '@/session/storage';
import { makeSession, renderWithShell } from '../../../../tests/setup/render';
import EntrancePage from './EntrancePage';

const origin = window.location.origin;
const api = (path: string) => `${origin}/api/workbench${path}`;
const server = setupServer();

const TENANTS: TenantListItem[] = [
  {
    tenant_link: 't-ent-2001',
    tenant_name: '华东智能制造供应链协同创新中心有限公司',
    is_personal: false,
    is_disable: false,
    is_owner: true,
    member_count: 3,
    remaining_days: 365,
  },
  {
    tenant_link: 't-personal-1001',
    tenant_name: '个人空间',
    is_personal: true,
    is_disable: false,
    is_owner: true,
    member_count: 1,
    remaining_days: -1,
  },
  {
    tenant_link: 't-ent-2002',
    tenant_name: '织雀科技',
    is_personal: false,
    is_disable: false,
    is_owner: false,
    member_count: 3,
    remaining_days: -1,
  },
  {
    tenant_link: 't-ent-3001',
    tenant_name: '星河电子元件有限公司',
    is_personal: false,
    is_disable: true,
    is_owner: true,
    member_count: 2,
    remaining_days: 0,
  },
];

let recorded: unknown[] = [];
let created: unknown[] = [];
let assign: MockInstance<(url: string) => void>;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  recorded = [];
  created = [];
  assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function setup({ path = '/entrance', list = TENANTS, recordFails = false } = {}) {
  server.use(
    http.get(api('/application/member/v1/tenant/list'), () =>
      HttpResponse.json({ code: 0, msg: 'success', data: list }),
    ),
    http.post(api('/userconfig/v2/lastlogin/tenant'), async ({ request }) => {
      recorded.push(await request.json());
      return HttpResponse.json(
        recordFails ? { code: 500, msg: '切换失败', data: null } : { code: 0, msg: 'success', data: null },
      );
    }),
    http.post(api('/tenant/v1/'), async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json({
        code: 0,
        msg: 'success',
        data: { tenant_link: 't-ent-4001', tenant_name: '云杉供应链有限公司' },
      });
    }),
  );
  const session = makeSession({
    config: {
      last_login_tenant_link: 't-ent-2001',
      last_login_tenant_name: '华东智能制造供应链协同创新中心有限公司',
      tenant_total: 4,
    },
  });
  renderWithShell(<EntrancePage />, { session, path, route: ROUTES.entrance });
  return userEvent.setup();
}

const row = (link: string) => screen.findByTestId(`tenant-${link}`, {}, { timeout: 5_000 });

describe('entrance: the spaces', () => {
  it('lists the personal space first, marks the current, frozen and owned ones, with the remaining days', async () => {
    setup();
    await row('t-ent-2001');
    const rows = screen.getAllByTestId(/^tenant-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual([
      'tenant-t-personal-1001',
      'tenant-t-ent-2001',
      'tenant-t-ent-2002',
      'tenant-t-ent-3001',
    ]);

    const current = await row('t-ent-2001');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(current).getByText('当前')).toBeInTheDocument();
    expect(within(current).getByText('所有者')).toBeInTheDocument();
    expect(within(current).getByText('3 名成员 · 剩余365天')).toBeInTheDocument();

    const personal = await row('t-personal-1001');
    expect(within(personal).getByText('个人空间', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(personal).queryByText('当前')).toBeNull();

    expect(within(await row('t-ent-2002')).getByText('3 名成员 · 永久')).toBeInTheDocument();

    const frozen = await row('t-ent-3001');
    expect(within(frozen).getByText('冻结')).toBeInTheDocument();
    expect(within(frozen).getByRole('button', { name: '去续费 星河电子元件有限公司' })).toBeInTheDocument();
  });

  it('entering a space records it (tenant_link, tenant_name) and loads the workbench in it', async () => {
    // The frame index.html painted for the space left behind (vite-plugins/boot-frame).
    writeItem('bootFrame', { tabs: ['manual', 'product'], landing: 'manual', tipBar: true, frozen: false });
    const user = setup();
    await user.click(within(await row('t-ent-2002')).getByRole('button', { name: '进入 织雀科技' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(recorded).toEqual([{ tenant_link: 't-ent-2002', tenant_name: '织雀科技' }]);
    // The next load is another tenant's shell: not painted from the old one's facts.
    expect(readItem('bootFrame')).toBeNull();
  });

  it('a frozen enterprise is recorded the same way (the shell then lands on renewal)', async () => {
    const user = setup();
    await user.click(
      within(await row('t-ent-3001')).getByRole('button', { name: '去续费 星河电子元件有限公司' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(recorded).toEqual([{ tenant_link: 't-ent-3001', tenant_name: '星河电子元件有限公司' }]);
  });

  it('stays when the record fails, and the spaces can be chosen again', async () => {
    const user = setup({ recordFails: true });
    const button = within(await row('t-ent-2002')).getByRole('button', { name: '进入 织雀科技' });
    await user.click(button);
    await waitFor(() => expect(recorded).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let calls = 0;
    server.use(
      http.get(api('/application/member/v1/tenant/list'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 500, msg: '服务繁忙', data: null })
          : HttpResponse.json({ code: 0, msg: 'success', data: TENANTS });
      }),
    );
    renderWithShell(<EntrancePage />, { path: ROUTES.entrance, route: ROUTES.entrance });
    expect(await screen.findByText('空间列表加载失败', {}, { timeout: 5_000 })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await row('t-ent-2002')).toBeInTheDocument();
  });
});

describe('entrance: create an enterprise', () => {
  const dialog = () => screen.findByRole('dialog', {}, { timeout: 5_000 });

  it('validates the fields, creates, records the new enterprise and enters it', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: /创建企业/ }));
    const form = await dialog();
    const submit = within(form).getByRole('button', { name: /创建并进入/ });

    await user.click(submit);
    expect(await within(form).findByText('请输入企业名称')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: '企业名称' }), '  云杉供应链有限公司 ');
    await user.type(within(form).getByRole('textbox', { name: '联系电话' }), '12812345678');
    await user.click(submit);
    expect(await within(form).findByText('请输入正确的手机号码！')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: '联系电话' }));
    await user.type(within(form).getByRole('textbox', { name: '联系电话' }), '13812345678');
    await user.click(submit);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(created).toEqual([{ tenant_name: '云杉供应链有限公司', contact_phone: '13812345678' }]);
    expect(recorded).toEqual([{ tenant_link: 't-ent-4001', tenant_name: '云杉供应链有限公司' }]);
  });

  it('?create=1 opens the form directly', async () => {
    setup({ path: `${ROUTES.entrance}?create=1` });
    const form = await dialog();
    expect(within(form).getByText('创建企业')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: '企业名称' })).toBeInTheDocument();
  });
});
