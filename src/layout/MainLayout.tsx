/**
 * The shell: tip bar, ProLayout (top bar with logo, module tabs and actions; the
 * server-driven side menu in the management back-end), the page, the footer.
 */
import { ProLayout, type MenuDataItem } from '@ant-design/pro-layout';
import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { menuIcon, useAccess, type MenuNode } from '@/access';
import { SIDEBAR_WIDTH_PX, TIP_BAR_HEIGHT_PX } from '@/constants/limits';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { APP_TITLE, SHELL_TEXT } from '@/constants/texts';
import { PageLoading } from '@/ui/PageLoading';
import { TABLET_QUERY, useMediaQuery } from '@/ui/media-query';
import { AppDesignTokens } from '@/ui/AppDesignTokens';
import { SHELL_LAYOUT_TOKEN } from '@/ui/theme';
import { ROUTES } from '@/constants/routes';
import { useBootFrameFacts } from './boot-frame-facts';
import { useBootFrameTap } from './boot-frame-tap';
import { MenusFailedNotice } from './MenusFailedNotice';
import { LAYOUT_SWR_CONFIG } from './layout-swr';
import { ModuleTabs } from './ModuleTabs';
import { ShellFooter } from './ShellFooter';
import { TipBar, useTipBarShown } from './TipBar';
import { TOP_ACTION_SLOTS, useTopActions } from './TopActions';

// antd's "lg" breakpoint is the spec's 992 px (MOBILE_BREAKPOINT_PX): below it the side menu collapses.
const SIDER_BREAKPOINT = 'lg';

/**
 * The server's menu tree as ProLayout's menu data, tidied for the side menu:
 * - a group with only one visible entry is that entry (a group of one is a needless click);
 * - a hidden page (e.g. 权限配置, reached from a role's row) highlights the first visible
 *   entry of its group (角色管理), so the side menu always shows where the user is.
 */
function toProMenu(nodes: MenuNode[]): MenuDataItem[] {
  const firstVisible = nodes.find((node) => !node.hidden);
  return nodes.flatMap((node): MenuDataItem[] => {
    const visibleChildren = node.children?.filter((child) => !child.hidden) ?? [];
    if (node.children && visibleChildren.length === 1 && !node.hidden) {
      // The group's icon goes to its only entry when that has none of its own.
      const only = visibleChildren[0];
      return toProMenu(
        node.children.map((child) => (child === only ? { ...child, icon: child.icon ?? node.icon } : child)),
      );
    }
    return [
      {
        key: node.key,
        path: node.path,
        name: node.name,
        icon: menuIcon(node.icon),
        hideInMenu: node.hidden,
        parentKeys: node.hidden && firstVisible ? [firstVisible.key] : undefined,
        children: node.children ? toProMenu(node.children) : undefined,
      },
    ];
  });
}

/**
 * One object each for every render. ProLayout merges the token into its theme token and
 * hashes the result, and rebuilds its menu data (and the matched menu keys) from `menu`
 * and `route.children`, again whenever one of them is a new object.
 */
const LAYOUT_MENU = { locale: false };
const NO_SIDE_MENU: MenuDataItem[] = [];

function Logo() {
  return <span className="shell-logo" aria-hidden="true" />;
}

/** The logo and title, linking home; `data-guide="home-link"` is the guide tour's first target. */
function homeLink(logo: ReactNode, title: ReactNode) {
  return (
    // The name starts with the visible title (WCAG 2.5.3, label in name), then says where it goes.
    <Link
      to={ROUTES.home}
      className="shell-home-link"
      data-guide="home-link"
      aria-label={`${APP_TITLE}，${SHELL_TEXT.home}`}
    >
      {logo}
      {title}
    </Link>
  );
}

export interface MainLayoutProps {
  /** The notice bell of the top bar (the notices feature, handed in by the app). */
  noticeBell: ReactNode;
  /** What lives beside the page: the shell's dialogs, the realtime connection. */
  overlays?: ReactNode;
}

/** The shell's chrome. The features that live in it are handed in by the app (src/app/Shell.tsx). */
export function MainLayout({ noticeBell, overlays }: MainLayoutProps) {
  const { pathname } = useLocation();
  const { adminPath, routeSet } = useAccess();
  const inAdmin = !!adminPath && (pathname === adminPath || pathname.startsWith(adminPath + '/'));
  const menuData = useMemo(() => toProMenu(routeSet.menuAccess.tree), [routeSet]);
  useBootFrameFacts(menuData);
  useBootFrameTap();
  const tipBarHeight = useTipBarShown() ? TIP_BAR_HEIGHT_PX : 0;
  // Below 768 px ProLayout puts the side menu in a drawer. Its own toggle is a bare <span> (no
  // role, not focusable): the shell draws a real button instead and drives the drawer with it.
  const phone = !useMediaQuery(TABLET_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Each action keeps the app's theme (ProLayout's header has a token context of its own).
  // ProLayout keys its action items by position: an action that is not offered here keeps its
  // place as an empty slot (hidden by CSS), so the bell and the avatar menu are never remounted
  // (an open menu closed) when the guide flag or the feedback icon comes or goes.
  const offered = new Map(useTopActions(noticeBell).map((action) => [action.key, action.node]));
  const topActions = TOP_ACTION_SLOTS.map((key) => (
    <AppDesignTokens key={key}>
      {offered.get(key) ?? <span className="top-action-slot" aria-hidden="true" />}
    </AppDesignTokens>
  ));

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
          route={{ path: ROUTES.home, children: inAdmin ? menuData : NO_SIDE_MENU }}
          menuRender={inAdmin ? undefined : false}
          menu={LAYOUT_MENU}
          // Below 992 px the side menu collapses by itself; the floating toggle would sit on the module tabs.
          collapsedButtonRender={false}
          menuHeaderRender={homeLink}
          // The mix layout draws the desktop header's logo with headerTitleRender (menuHeaderRender only on mobile).
          headerTitleRender={homeLink}
          menuItemRender={(item, dom) =>
            item.path ? (
              // Following an entry closes the phone's menu drawer.
              <Link to={item.path} onClick={() => setDrawerOpen(false)}>
                {dom}
              </Link>
            ) : (
              dom
            )
          }
          {...(phone && {
            collapsed: !drawerOpen,
            onCollapse: (collapsed: boolean) => setDrawerOpen(!collapsed),
          })}
          headerContentRender={() => (
            <AppDesignTokens>
              <div className="shell-header-content">
                {phone && inAdmin ? (
                  <Button
                    type="text"
                    className="side-menu-toggle"
                    icon={<MenuOutlined />}
                    aria-label={SHELL_TEXT.sideMenu}
                    aria-expanded={drawerOpen}
                    onClick={() => setDrawerOpen((open) => !open)}
                  />
                ) : null}
                <ErrorBoundary region={SHELL_TEXT.regions.moduleNav} compact>
                  <ModuleTabs />
                  <MenusFailedNotice />
                </ErrorBoundary>
              </div>
            </AppDesignTokens>
          )}
          actionsRender={() => topActions}
          footerRender={() => <ShellFooter />}
          token={SHELL_LAYOUT_TOKEN}
          // The shell's own boundaries below say in Chinese which region failed; ProLayout's default
          // (English, antd's Result) stays out, and out of the first load (patches/@ant-design+pro-layout*).
          ErrorBoundary={false}
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
      {overlays}
    </div>
  );
}
