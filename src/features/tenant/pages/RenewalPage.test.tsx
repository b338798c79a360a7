/** Renewal of a frozen enterprise: what it is, why it is frozen, the remaining days, the renewal request. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TenantDetail } from '@generated/workbench/model';
import { navigation } from '@/ui/navigation';
import { ROUTES } from '@/constants/routes';
import { makeSession, renderWithShell } from '../../../../tests/setup/render';
import RenewalPage from './RenewalPage';

const origin = window.location.origin;
const api = (path: string) => `${origin}/api/workbench${path}`;
const server = setupServer();

const DETAIL: TenantDetail = {
  tenant_link: 't-ent-3001',
  tenant_name: '星河电子元件有限公司',
  owner_name: '林小雀',
  owner_gid: 'u-1001',
  contact_phone: '13812345678',
  industry: '电子元件制造',
  description: '',
  member_count: 2,
  is_disable: true,
  disable_reason: '企业服务已到期',
  remaining_days: 0,
  created_at: 1687071600000,
  members: [],
};

let detailQueries: string[] = [];
let upgrades: unknown[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

function setup(detail: TenantDetail = DETAIL, { failFirst = false } = {}) {
  detailQueries = [];
  upgrades = [];
  server.use(
    http.get(api('/tenant/v1/detail'), ({ request }) => {
      detailQueries.push(new URL(request.url).searchParams.get('tenant_link') ?? '');
      if (failFirst && detailQueries.length === 1)
        return HttpResponse.json({ code: 500, msg: '服务繁忙', data: null });
      return HttpResponse.json({ code: 0, msg: 'success', data: detail });
    }),
    http.post(api('/tenant/v1/upgrade'), async ({ request }) => {
      upgrades.push(await request.json());
      return HttpResponse.json({ code: 0, msg: 'success', data: null });
    }),
  );
  const session = makeSession({
    config: {
      last_login_tenant_link: 't-ent-3001',
      last_login_tenant_name: '星河电子元件有限公司',
      last_login_tenant_is_disable: true,
      tenant_total: 2,
    },
    info: { user_name: '林小雀', phone: '13812345678' },
  });
  renderWithShell(<RenewalPage />, { session, path: ROUTES.renewal, route: ROUTES.renewal });
  return userEvent.setup();
}

describe('renewal page', () => {
  it('shows the tenant, why it is frozen and the remaining days', async () => {
    setup();
    const detail = await screen.findByTestId('tenant-detail', {}, { timeout: 5_000 });
    expect(detailQueries).toEqual(['t-ent-3001']);
    expect(within(detail).getByText('星河电子元件有限公司')).toBeInTheDocument();
    expect(within(detail).getByText('林小雀')).toBeInTheDocument();
    expect(within(detail).getByText('企业服务已到期')).toBeInTheDocument();
    expect(within(detail).getByText('剩余0天')).toBeInTheDocument();
    expect(screen.getByTestId('frozen-notice')).toHaveTextContent('冻结原因：企业服务已到期');
  });

  it('says 永久 for a negative remaining count', async () => {
    setup({ ...DETAIL, remaining_days: -1 });
    expect(
      within(await screen.findByTestId('tenant-detail', {}, { timeout: 5_000 })).getByText('永久'),
    ).toBeInTheDocument();
  });

  it('sends the renewal request with the tenant and the contact (prefilled from the user)', async () => {
    const user = setup();
    await screen.findByTestId('tenant-detail', {}, { timeout: 5_000 });
    const name = screen.getByRole('textbox', { name: '联系人' });
    expect(name).toHaveValue('林小雀');
    await user.clear(screen.getByRole('textbox', { name: '联系电话' }));
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '1391234');
    await user.click(screen.getByRole('button', { name: /提交续费申请/ }));
    expect(await screen.findByText('请输入正确的手机号码！')).toBeInTheDocument();
    expect(upgrades).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '5678');
    await user.type(screen.getByRole('textbox', { name: '备注' }), '续费一年，20 个席位');
    await user.click(screen.getByRole('button', { name: /提交续费申请/ }));
    expect(await screen.findByText('续费申请已提交，我们会尽快与您联系')).toBeInTheDocument();
    expect(upgrades).toEqual([
      {
        tenant_link: 't-ent-3001',
        contact_name: '林小雀',
        contact_phone: '13912345678',
        remark: '续费一年，20 个席位',
      },
    ]);
  });

  it('offers the way to another space (/entrance in a new tab)', async () => {
    const open = vi.spyOn(navigation, 'openEntrance').mockImplementation(() => {});
    const user = setup();
    await user.click(screen.getByRole('button', { name: /切换空间/ }));
    expect(open).toHaveBeenCalled();
  });

  it('says when the tenant cannot be loaded, and retries', async () => {
    const user = setup(DETAIL, { failFirst: true });
    expect(await screen.findByText('企业信息加载失败', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(
      within(await screen.findByTestId('tenant-detail')).getByText('企业服务已到期'),
    ).toBeInTheDocument();
    expect(detailQueries).toEqual(['t-ent-3001', 't-ent-3001']);
  });
});
