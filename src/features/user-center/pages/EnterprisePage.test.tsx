import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/constants/routes';
import { makeSession, renderWithShell } from '../../../../tests/setup/render';
import { api, ok, setupMockServer } from '../test-server';
import EnterprisePage from './EnterprisePage';

const server = setupMockServer();
const tenants = [
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
    tenant_link: 't-ent-2001',
    tenant_name: '华东智能制造供应链协同创新中心有限公司',
    is_personal: false,
    is_disable: false,
    is_owner: true,
    member_count: 12,
    remaining_days: 200,
  },
  {
    tenant_link: 't-ent-3001',
    tenant_name: '星河电子元件有限公司',
    is_personal: false,
    is_disable: true,
    is_owner: false,
    member_count: 3,
    remaining_days: 0,
  },
];

describe('joined enterprises', () => {
  it('lists the tenants and marks the current one', async () => {
    server.use(http.get(api('/application/member/v1/tenant/list'), () => ok(tenants)));
    renderWithShell(<EnterprisePage />, {
      path: ROUTES.userCenter.enterprise,
      session: makeSession({ config: { last_login_tenant_link: 't-ent-2001' } }),
    });
    const current = await screen.findByTestId('tenant-t-ent-2001');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(current).getByText('当前')).toBeInTheDocument();
    expect(within(current).getByText('所有者')).toBeInTheDocument();
    expect(within(current).getByText('12 名成员 · 剩余200天')).toBeInTheDocument();
    expect(within(screen.getByTestId('tenant-t-personal-1001')).queryByText('当前')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('tenant-t-personal-1001')).getByText('1 名成员 · 永久'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('tenant-t-ent-3001')).getByText('已冻结')).toBeInTheDocument();
  });

  it('is not shown in engine home mode (page2)', () => {
    renderWithShell(<EnterprisePage />, {
      path: ROUTES.userCenter.enterprise,
      route: ROUTES.userCenter.enterprise,
      session: makeSession({ config: { def_home_page: 'page2' } }),
      extraRoutes: <Route path="/user-info/base-info" element={<p>个人信息页</p>} />,
    });
    expect(screen.getByText('个人信息页')).toBeInTheDocument();
  });
});
