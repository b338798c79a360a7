import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { removeItem } from '@/session/storage';
import { ROUTES, routeTo } from '@/constants/routes';
import { makeSession, ownerMenus, renderWithShell } from '../../tests/setup/render';
import { AvatarMenu } from './AvatarMenu';
import { ModuleTabs } from './ModuleTabs';
import { ShellFooter } from './ShellFooter';
import { TipBar } from './TipBar';
import { showsFeedbackIcon, useTopActions } from './TopActions';

/** The bell is the notices feature's; the app hands it to the layout, here a stand-in. */
const BELL = (
  <button type="button" aria-label="消息通知">
    bell
  </button>
);

function TopActions() {
  return (
    <>
      {useTopActions(BELL).map(({ key, node }) => (
        <span key={key}>{node}</span>
      ))}
    </>
  );
}

beforeEach(() => removeItem('tipBarClosed'));

const owner = makeSession({
  config: {
    last_login_tenant_link: 't-ent-2001',
    last_login_tenant_name: '华东智能制造供应链协同创新中心有限公司',
    tenant_total: 3,
  },
  info: { user_name: '欧阳明远测试账号名称' },
  menus: ownerMenus,
});

describe('tip bar', () => {
  it('shows in a personal space on page1, 40 px high, and remembers being closed', async () => {
    const { unmount } = renderWithShell(<TipBar />);
    const bar = screen.getByTestId('tip-bar');
    expect(bar).toBeVisible();
    expect(bar).toHaveStyle({ height: '40px' });
    expect(within(bar).getByRole('button', { name: '切换企业' })).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: '关闭提示' }));
    expect(screen.getByTestId('tip-bar')).toHaveStyle({ height: '0px' });
    unmount();
    renderWithShell(<TipBar />);
    expect(screen.getByTestId('tip-bar')).not.toBeVisible();
  });

  it('is 0 px in an enterprise and on page2', () => {
    renderWithShell(<TipBar />, { session: owner });
    expect(screen.getByTestId('tip-bar')).toHaveStyle({ height: '0px' });
    renderWithShell(<TipBar />, { session: makeSession({ config: { def_home_page: 'page2' } }) });
    expect(screen.getAllByTestId('tip-bar')[1]).toHaveStyle({ height: '0px' });
  });
});

describe('module tabs', () => {
  it('show 织雀手册 and 产品管理 when the manual switch is "true", with full-page links', () => {
    renderWithShell(<ModuleTabs />, { path: routeTo.subAppHome('manual') });
    const manual = screen.getByRole('link', { name: '织雀手册' });
    expect(manual).toHaveAttribute('href', '/micro-app-manual/');
    expect(manual).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '产品管理' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '制造引擎' })).toBeNull();
  });

  it('show 制造引擎 instead when the switch is "false"', () => {
    renderWithShell(<ModuleTabs />, { session: makeSession({ config: { manual_switch: 'false' } }) });
    expect(screen.getByRole('link', { name: '制造引擎' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '织雀手册' })).toBeNull();
  });
});

describe('top bar actions', () => {
  it('guide flag only on the manual app; feedback hidden on the engine app', () => {
    const manual = renderWithShell(<TopActions />, { path: routeTo.subAppHome('manual') });
    expect(screen.getByRole('button', { name: '新手引导' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '意见反馈' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /消息通知/ })).toBeInTheDocument();
    manual.unmount();

    const product = renderWithShell(<TopActions />, { path: routeTo.subAppHome('product') });
    expect(screen.queryByRole('button', { name: '新手引导' })).toBeNull();
    expect(screen.getByRole('button', { name: '意见反馈' })).toBeInTheDocument();
    product.unmount();

    const engine = makeSession({ config: { manual_switch: 'false' } });
    renderWithShell(<TopActions />, { path: routeTo.subAppHome('engine'), session: engine });
    expect(screen.queryByRole('button', { name: '新手引导' })).toBeNull();
    expect(screen.queryByRole('button', { name: '意见反馈' })).toBeNull();
    expect(screen.getByRole('button', { name: /消息通知/ })).toBeInTheDocument();
  });

  it('on the home page, the bar and the footer are already those of the landing app it redirects to', () => {
    // The redirect runs after the first commit: painting "/" first made the guide flag and the
    // manual's footer links appear a moment later (a layout shift).
    renderWithShell(
      <>
        <TopActions />
        <ModuleTabs />
        <ShellFooter />
      </>,
      { path: '/' },
    );
    // The flag in the bar and the link in the footer.
    expect(screen.getAllByRole('button', { name: '新手引导' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: '使用帮助' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '织雀手册' })).toHaveAttribute('aria-current', 'page');
    cleanup();
    const page2 = makeSession({ config: { def_home_page: 'page2' } });
    renderWithShell(<TopActions />, { path: '/', session: page2 });
    expect(screen.queryByRole('button', { name: '新手引导' })).toBeNull();
  });

  it('a frozen tenant is offered no feedback', () => {
    renderWithShell(<TopActions />, {
      path: ROUTES.renewal,
      session: makeSession({ config: { last_login_tenant_is_disable: true } }),
    });
    expect(screen.queryByRole('button', { name: '意见反馈' })).toBeNull();
  });

  it('feedback icon rules', () => {
    expect(showsFeedbackIcon('/renewal')).toBe(false);
    expect(showsFeedbackIcon('/active-feedback-detail')).toBe(false);
    expect(showsFeedbackIcon('/question-feedback-detail')).toBe(false);
    expect(showsFeedbackIcon('/micro-app-engine/x')).toBe(false);
    expect(showsFeedbackIcon('/micro-app-product/')).toBe(true);
  });

  it('the avatar dropdown lists the owner’s entries with truncated names', async () => {
    renderWithShell(<AvatarMenu />, { session: owner });
    await userEvent.click(screen.getByRole('button', { name: '账号菜单' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('欧阳明远测试账...')).toBeInTheDocument();
    expect(within(menu).getByText('华东智能制造供应链协同创新...')).toBeInTheDocument();
    expect(within(menu).getByText('进入管理后台')).toBeInTheDocument();
    expect(within(menu).queryByText('切换企业')).toBeNull();
    expect(within(menu).getByText('退出登录')).toBeInTheDocument();
  });

  it('the avatar dropdown in a personal space offers create enterprise', async () => {
    renderWithShell(<AvatarMenu />);
    await userEvent.click(screen.getByRole('button', { name: '账号菜单' }));
    await waitFor(() => expect(screen.getByText('创建企业')).toBeInTheDocument());
    expect(screen.queryByText('进入管理后台')).toBeNull();
  });
});
