import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../tests/setup/render';
import AdminSection from './AdminSection';
import { ALL_CODES, adminServer, ownerSession } from './test-support';

const { server, reset } = adminServer();
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  // Load the lazy pages once up front, so each test measures routing, not the first transform.
  await Promise.all([
    import('./pages/EnterprisePage'),
    import('./pages/MembersPage'),
    import('./pages/RolesPage'),
    import('./pages/PermissionsPage'),
  ]);
}, 60_000);
afterEach(reset);
afterAll(() => server.close());

const slow = { timeout: 5_000 };

const open = (path: string, session = ownerSession()) =>
  renderWithShell(<AdminSection />, {
    session,
    path,
    route: '/manage/*',
    extraRoutes: <Route path="/404" element={<p>not found page</p>} />,
  });

describe('AdminSection: the server menus decide what is reachable', () => {
  it('opens the first page of the menu at the back-end root', async () => {
    open('/manage');
    expect(await screen.findByRole('heading', { name: '企业管理' }, slow)).toBeInTheDocument();
    expect(
      await screen.findByText('华东智能制造供应链协同创新中心有限公司', { selector: 'td *, td' }),
    ).toBeInTheDocument();
  });

  it('redirects a group to its first child', async () => {
    open('/manage/access');
    expect(await screen.findByRole('heading', { name: '角色管理' }, slow)).toBeInTheDocument();
  });

  it('opens the hidden permissions page by URL', async () => {
    open('/manage/permissions?roleId=r-editor');
    expect(await screen.findByRole('heading', { name: '权限配置：编辑' }, slow)).toBeInTheDocument();
  });

  it('refuses a page the user is not given, with a clear 403', async () => {
    open('/manage/roles', ownerSession({ '/manage/enterprise': ALL_CODES['/manage/enterprise'] }));
    expect(await screen.findByText('无权访问此页面')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '角色管理' })).not.toBeInTheDocument();
  });

  it('says "not available" for a server page this app has no page for', async () => {
    open(
      '/manage/reports',
      ownerSession(ALL_CODES, [
        {
          name: '报表中心',
          icon: '',
          route: '/manage/reports',
          power_path: 'report:view',
          menus: [],
          is_hidden: false,
          menu_type: 1,
        },
      ]),
    );
    expect(await screen.findByText('报表中心暂不可用')).toBeInTheDocument();
  });

  it('sends an unknown back-end path to /404', async () => {
    open('/manage/unknown');
    expect(await screen.findByText('not found page')).toBeInTheDocument();
  });
});
