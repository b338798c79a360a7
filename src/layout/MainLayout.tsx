/**
 * The shell: tip bar, ProLayout (top bar with logo, module tabs and actions; the
 * server-driven side menu in the management back-end), the page, the footer.
 */
import { ProLayout, type MenuDataItem } from '@ant-design/pro-layout';
import { ConfigProvider } from 'antd';
import { Suspense, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { menuIcon, useAccess, type MenuNode } from '@/access';
import { RealtimeConnection } from '@/features/notices/RealtimeConnection';
import { SIDEBAR_WIDTH_PX, TIP_BAR_HEIGHT_PX } from '@/constants/limits';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { APP_TITLE, SHELL_TEXT } from '@/constants/texts';
import { PageLoading } from '@/ui/PageLoading';
import { ROOT_THEME } from '@/ui/theme';
import { MenusFailedNotice } from './MenusFailedNotice';
import { LAYOUT_SWR_CONFIG } from './layout-swr';
import { ModuleTabs } from './ModuleTabs';
import { ShellDialogs } from './ShellDialogs';
import { ShellFooter } from './ShellFooter';
import { TipBar, useTipBarShown } from './TipBar';
import { TopActions } from './TopActions';

// antd's "lg" breakpoint is the spec's 992 px (MOBILE_BREAKPOINT_PX): below it the side menu collapses.
const SIDER_BREAKPOINT = 'lg';

function toProMenu(nodes: MenuNode[]): MenuDataItem[] {
  return nodes.map((node) => ({
    key: node.key,
    path: node.path,
    name: node.name,
    icon: menuIcon(node.icon),
    hideInMenu: node.hidden,
    children: node.children ? toProMenu(node.children) : undefined,
  }));
}

/**
 * One object each for every render. ProLayout merges the token into its theme token and
 * hashes the result, and rebuilds its menu data (and the matched menu keys) from `menu`
 * and `route.children`, again whenever one of them is a new object.
 */
const LAYOUT_MENU = { locale: false };
const NO_SIDE_MENU: MenuDataItem[] = [];
const LAYOUT_TOKEN = {
  header: { heightLayoutHeader: 56 },
  pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 16 },
};

function Logo() {
  return <span className="shell-logo" aria-hidden="true" />;
}

/** The logo and title, linking home; `data-guide="home-link"` is the guide tour's first target. */
function homeLink(logo: ReactNode, title: ReactNode) {
  return (
    // The name starts with the visible title (WCAG 2.5.3, label in name), then says where it goes.
    <Link
      to="/"
      className="shell-home-link"
      data-guide="home-link"
      aria-label={`${APP_TITLE}，${SHELL_TEXT.home}`}
    >
      {logo}
      {title}
    </Link>
  );
}

export function MainLayout() {
  const { pathname } = useLocation();
  const { adminPath, routeSet } = useAccess();
  const inAdmin = !!adminPath && (pathname === adminPath || pathname.startsWith(adminPath + '/'));
  const menuData = useMemo(() => toProMenu(routeSet.menuAccess.tree), [routeSet]);
  const tipBarHeight = useTipBarShown() ? TIP_BAR_HEIGHT_PX : 0;

  return (
    // ProLayout's mix header is fixed at the top: it sits below the tip bar.
    <div className="shell" style={{ '--tip-bar-height': `${tipBarHeight}px` } as CSSProperties}>
      <TipBar />
      {/* Without ProLayout's empty menu fetch on mount (layout-swr.ts). */}
      <SWRConfig value={LAYOUT_SWR_CONFIG}>
        <ProLayout
          layout="mix"
          title={APP_TITLE}
          logo={<Logo />}
          siderWidth={SIDEBAR_WIDTH_PX}
          breakpoint={SIDER_BREAKPOINT}
          fixedHeader={false}
          fixSiderbar={false}
          location={{ pathname }}
          route={{ path: '/', children: inAdmin ? menuData : NO_SIDE_MENU }}
          menuRender={inAdmin ? undefined : false}
          menu={LAYOUT_MENU}
          // Below 992 px the side menu collapses by itself; the floating toggle would sit on the module tabs.
          collapsedButtonRender={false}
          menuHeaderRender={homeLink}
          // The mix layout draws the desktop header's logo with headerTitleRender (menuHeaderRender only on mobile).
          headerTitleRender={homeLink}
          menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
          headerContentRender={() => (
            <ConfigProvider theme={ROOT_THEME}>
              <ErrorBoundary region={SHELL_TEXT.regions.moduleNav} compact>
                <ModuleTabs />
                <MenusFailedNotice />
              </ErrorBoundary>
            </ConfigProvider>
          )}
          actionsRender={() => [
            <ConfigProvider key="actions" theme={ROOT_THEME}>
              <TopActions />
            </ConfigProvider>,
          ]}
          footerRender={() => <ShellFooter />}
          token={LAYOUT_TOKEN}
        >
          <div className="shell-page" data-testid="shell-page">
            <ErrorBoundary region={SHELL_TEXT.regions.page} resetKey={pathname}>
              <Suspense fallback={<PageLoading />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </ProLayout>
      </SWRConfig>
      <ShellDialogs />
      <RealtimeConnection />
    </div>
  );
}
