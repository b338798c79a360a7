import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTo } from '@/constants/routes';
import { makeSession, ownerMenus, renderWithShell } from '../../tests/setup/render';
import { Access, useAccess } from './access';

function Buttons() {
  const access = useAccess();
  return (
    <div>
      <Access code="enterprise:edit">
        <button type="button">编辑企业</button>
      </Access>
      <Access
        code="enterprise:transfer"
        fallback={
          <button type="button" disabled>
            转让企业
          </button>
        }
      >
        <button type="button">转让企业</button>
      </Access>
      <span data-testid="owner">{String(access.isOwner)}</span>
      <span data-testid="can-open">{String(access.canOpen('/manage/enterprise'))}</span>
    </div>
  );
}

const enterpriseConfig = {
  last_login_tenant_link: 't-ent-2001',
  last_login_tenant_name: '华东',
  tenant_total: 3,
};
const withCodes = (codes: string[]) => ({
  ...ownerMenus,
  menus: [
    {
      ...ownerMenus.menus[0]!,
      menus: ownerMenus.menus[0]!.menus.filter((m) => codes.includes(m.power_path)),
    },
  ],
});

describe('<Access> and useAccess()', () => {
  it('shows a button when the current route grants its code', () => {
    renderWithShell(<Buttons />, {
      path: '/manage/enterprise',
      session: makeSession({ config: enterpriseConfig, menus: ownerMenus }),
    });
    expect(screen.getByRole('button', { name: '编辑企业' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '转让企业' })).toBeEnabled();
    expect(screen.getByTestId('can-open')).toHaveTextContent('true');
  });

  it('removes or disables buttons whose code the route does not grant', () => {
    renderWithShell(<Buttons />, {
      path: '/manage/enterprise',
      session: makeSession({ config: enterpriseConfig, menus: withCodes(['enterprise:upgrade']) }),
    });
    expect(screen.queryByRole('button', { name: '编辑企业' })).toBeNull();
    expect(screen.getByRole('button', { name: '转让企业' })).toBeDisabled();
  });

  it('codes belong to the current route only', () => {
    renderWithShell(<Buttons />, {
      path: routeTo.subAppHome('manual'),
      session: makeSession({ config: enterpriseConfig, menus: ownerMenus }),
    });
    expect(screen.queryByRole('button', { name: '编辑企业' })).toBeNull();
  });

  it('without server menus nothing is granted and no back-end page opens', () => {
    renderWithShell(<Buttons />, { path: '/manage/enterprise' });
    expect(screen.queryByRole('button', { name: '编辑企业' })).toBeNull();
    expect(screen.getByTestId('can-open')).toHaveTextContent('false');
  });
});
