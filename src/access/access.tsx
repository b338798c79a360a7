/**
 * The access layer: server data → booleans and permission codes. Components ask
 * `useAccess()` or wrap buttons in `<Access code=…>`; they never compare role names.
 */
import { createContext, use, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { codesForPath } from './menus';
import type { RouteSet } from './route-set';

export interface AccessFacts {
  routeSet: RouteSet;
  isOwner: boolean;
  /** The current tenant is the user's personal space. */
  isPersonal: boolean;
  /** The current tenant is disabled (frozen). */
  isFrozen: boolean;
  tenantTotal: number;
  homePage: 'page1' | 'page2';
}

export interface Access extends AccessFacts {
  hasMenus: boolean;
  adminPath: string | null;
  /** Is this page route given to the user by the server's menus? */
  canOpen: (path: string) => boolean;
  /** Button permission of the current route (SPEC §6). */
  can: (code: string) => boolean;
  /** Codes of the current route. */
  codes: ReadonlySet<string>;
}

const AccessContext = createContext<AccessFacts | null>(null);

export function AccessProvider({ value, children }: { value: AccessFacts; children: ReactNode }) {
  return <AccessContext value={value}>{children}</AccessContext>;
}

function useAccessFacts(): AccessFacts {
  const facts = use(AccessContext);
  if (!facts) throw new Error('useAccess() needs an <AccessProvider> (mounted after sign-in)');
  return facts;
}

export function useAccess(): Access {
  const facts = useAccessFacts();
  const { pathname } = useLocation();
  return useMemo(() => {
    const { menuAccess, adminPath } = facts.routeSet;
    const codes = codesForPath(menuAccess, pathname);
    return {
      ...facts,
      hasMenus: menuAccess.tree.length > 0,
      adminPath,
      canOpen: (path: string) =>
        [...menuAccess.pages.keys()].some((r) => path === r || path.startsWith(r + '/')),
      can: (code: string) => codes.has(code),
      codes,
    };
  }, [facts, pathname]);
}

/**
 * Renders its children only with the permission `code` of the current route;
 * otherwise the `fallback` (nothing, or e.g. a disabled copy of the button).
 */
export function Access({
  code,
  children,
  fallback = null,
}: {
  code: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { can } = useAccess();
  return <>{can(code) ? children : fallback}</>;
}

/**
 * The path of the page the shell shows. On the home page `/` that is the landing page: the
 * index route's redirect (`<Navigate>`) runs after the first commit, so the top bar and the
 * footer would first be painted for `/` and then change (the guide flag, the manual's links)
 * as the page moved to the landing app, a visible jump. The boot frame paints `/` the same way.
 */
export function useShellPathname(): string {
  const { pathname } = useLocation();
  const { routeSet } = useAccessFacts();
  return pathname === '/' ? routeSet.landing : pathname;
}
