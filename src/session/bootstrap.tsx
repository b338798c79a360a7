/**
 * After sign-in (SPEC §4): user info and user config, then the permission routes.
 * Server menus are fetched only when the current tenant is not the personal one
 * (and not frozen). Everything below this component can rely on `useSession()`.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import type { UserConfig, UserInfo, UserMenus } from '@generated/workbench/model';
import { AccessProvider, buildRouteSetSafely, type AccessFacts, type RouteSet } from '@/access';
import { ErrorState } from '@/ui/ErrorState';
import { FullScreenLoading } from '@/ui/FullScreenLoading';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { isPersonalSpace, shouldFetchMenus, userConfigQuery, userInfoQuery, userMenusQuery } from './queries';
import { writeItem } from './storage';

export interface SessionData {
  info: UserInfo;
  config: UserConfig;
  menus: UserMenus | null;
  routeSet: RouteSet;
  /** The current tenant is the user's personal space. */
  isPersonal: boolean;
}

/**
 * The session the app runs on, from the three bootstrap answers (the menus only when they
 * were fetched). The bootstrap and the tests' signed-in renders both build it here.
 */
export function sessionFrom(info: UserInfo, config: UserConfig, menus: UserMenus | null): SessionData {
  const routeSet = buildRouteSetSafely({
    defHomePage: config.def_home_page === 'page2' ? 'page2' : 'page1',
    isDisabled: config.last_login_tenant_is_disable === true,
    manualSwitch: config.manual_switch,
    menus: menus?.menus,
    permissions: menus?.permissions,
  });
  return { info, config, menus, routeSet, isPersonal: isPersonalSpace(config) };
}

/**
 * The session once the answers it needs are in, null before: info and config, and the menus
 * when they are asked for (while they load; an answer without data, or an error, goes on
 * without them). SessionBootstrap and sessionFromCache both follow this rule.
 */
function readySession(
  info: UserInfo | undefined,
  config: UserConfig | undefined,
  menus: { status: 'pending' | 'success' | 'error'; data?: UserMenus | null } | undefined,
): SessionData | null {
  if (!info || !config) return null;
  if (!shouldFetchMenus(config)) return sessionFrom(info, config, null);
  if (!menus || menus.status === 'pending') return null;
  return sessionFrom(info, config, menus.data ?? null);
}

/** The session as the bootstrap calls left it in the cache (main.tsx waits for them), or null. */
export function sessionFromCache(queryClient: QueryClient): SessionData | null {
  return readySession(
    queryClient.getQueryData(userInfoQuery.queryKey),
    queryClient.getQueryData(userConfigQuery.queryKey),
    queryClient.getQueryState(userMenusQuery.queryKey),
  );
}

const SessionContext = createContext<SessionData | null>(null);

export function useSession(): SessionData {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession() is only available after sign-in (inside <SessionBootstrap>)');
  return session;
}

/** Test and preview seam: renders children with a given session, no network. */
export function SessionProvider({ value, children }: { value: SessionData; children: ReactNode }) {
  const facts = useMemo(() => accessFacts(value), [value]);
  return (
    <SessionContext value={value}>
      <AccessProvider value={facts}>{children}</AccessProvider>
    </SessionContext>
  );
}

function accessFacts(session: SessionData): AccessFacts {
  return {
    routeSet: session.routeSet,
    isOwner: session.config.is_owner === true,
    isPersonal: session.isPersonal,
    isFrozen: session.config.last_login_tenant_is_disable === true,
    tenantTotal: Number(session.config.tenant_total) || 1,
    homePage: session.config.def_home_page === 'page2' ? 'page2' : 'page1',
  };
}

export function SessionBootstrap({ children }: { children: ReactNode }) {
  const info = useQuery(userInfoQuery);
  const config = useQuery(userConfigQuery);
  const needsMenus = !!config.data && shouldFetchMenus(config.data);
  const menus = useQuery({ ...userMenusQuery, enabled: needsMenus });

  useEffect(() => {
    if (info.data) writeItem('info', info.data);
  }, [info.data]);

  const session = useMemo<SessionData | null>(
    () => readySession(info.data, config.data, { status: menus.status, data: menus.data }),
    [info.data, config.data, menus.data, menus.status],
  );

  if (info.isError || config.isError) {
    return (
      <ErrorState
        tone="error"
        title={SHELL_TEXT.workbenchFailed}
        description={SHELL_TEXT.workbenchFailedHint}
        actions={
          <Button
            type="primary"
            onClick={() => {
              void info.refetch();
              void config.refetch();
            }}
          >
            {TEXT.retry}
          </Button>
        }
      />
    );
  }
  if (!session) return <FullScreenLoading tip={SHELL_TEXT.loadingWorkbench} />;
  return <SessionProvider value={session}>{children}</SessionProvider>;
}
