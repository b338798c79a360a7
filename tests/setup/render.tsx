/**
 * Rendering helpers for component tests: a signed-in session (no network), a
 * fresh QueryClient, antd in zh_CN and a memory router. The network itself is
 * mocked at the fetch level with MSW (see `server` below), never by stubbing our modules.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router-dom';
import type { UserConfig, UserInfo, UserMenus } from '@generated/workbench/model';
import { configureTransport } from '@/api/transport';
import { SessionProvider, sessionFrom, type SessionData } from '@/session/bootstrap';

const baseConfig: UserConfig = {
  def_home_page: 'page1',
  gid: 'u-1001',
  last_login_tenant_name: '个人空间',
  last_login_tenant_link: 't-personal-1001',
  user_tenant_link: 't-personal-1001',
  last_login_tenant_is_disable: false,
  tenant_total: 1,
  is_owner: true,
  is_skip_guide_page: true,
  is_skip_guide_page_2: true,
  manual_switch: 'true',
};

export const baseInfo: UserInfo = { gid: 'u-1001', phone: '13800138000', avatar_url: '', user_name: '李四' };

export function makeSession(
  opts: { config?: Partial<UserConfig>; info?: Partial<UserInfo>; menus?: UserMenus | null } = {},
): SessionData {
  // The app's own bootstrap builds the session from the answers (route set, personal space).
  return sessionFrom({ ...baseInfo, ...opts.info }, { ...baseConfig, ...opts.config }, opts.menus ?? null);
}

export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface ShellRenderOptions {
  session?: SessionData;
  /** The URL the memory router starts at. */
  path?: string;
  /**
   * The browser's history (jsdom's) instead of a memory router, as the app has it: the router
   * renders in transitions, and a traversal creates a new location.
   */
  browserHistory?: boolean;
  /** Route pattern the ui is mounted at (default: "*"). */
  route?: string;
  queryClient?: QueryClient;
  /** Extra routes, e.g. to see where a navigation lands. */
  extraRoutes?: ReactNode;
  /** Collects error toasts and session-expiry calls of the transport. */
  onError?: (message: string) => void;
}

/** Renders `ui` signed in, with the transport pointed at the jsdom origin (mock it with MSW). */
export function renderWithShell(
  ui: ReactElement,
  opts: ShellRenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = opts.queryClient ?? newQueryClient();
  const session = opts.session ?? makeSession();
  configureTransport({
    baseUrl: window.location.origin,
    getToken: () => 'test-token',
    getTenantId: () => session.config.last_login_tenant_link,
    notifyError: opts.onError ?? (() => {}),
    onSessionExpired: () => {},
    timeoutMs: 5_000,
  });
  const routes = (
    <SessionProvider value={session}>
      <Routes>
        <Route path={opts.route ?? '*'} element={ui} />
        {opts.extraRoutes}
      </Routes>
    </SessionProvider>
  );
  if (opts.browserHistory) window.history.replaceState(null, '', opts.path ?? '/');
  const result = render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {opts.browserHistory ? (
            <BrowserRouter>{routes}</BrowserRouter>
          ) : (
            <MemoryRouter initialEntries={[opts.path ?? '/']}>{routes}</MemoryRouter>
          )}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { ...result, queryClient };
}

/** Menus as the owner scenario gets them (management back-end). */
export const ownerMenus: UserMenus = {
  permissions: [
    { path: '/micro-app-manual', name: '织雀手册' },
    { path: '/manage', name: '管理后台' },
  ],
  menus: [
    {
      name: '企业管理',
      icon: 'BankOutlined',
      route: '/manage/enterprise',
      power_path: 'enterprise:view',
      is_hidden: false,
      menu_type: 1,
      menus: ['enterprise:edit', 'enterprise:transfer', 'enterprise:upgrade', 'enterprise:dissolve'].map(
        (code) => ({
          name: code,
          icon: '',
          route: '',
          power_path: code,
          is_hidden: false,
          menu_type: 2,
          menus: [],
        }),
      ),
    },
  ],
};
