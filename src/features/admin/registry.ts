/**
 * The pages this app can render in the management back-end, keyed by the
 * server's menu `route` below the back-end root (the root itself comes from the
 * second permission entry, so it is not fixed here). The server's menu list is a
 * filter over this registry (DESIGN "Server-driven menus"): only routes the user
 * is given are reachable.
 */
import { createElement, lazy, type ReactElement } from 'react';

/** Page routes relative to the back-end root. */
export const ADMIN_PAGE_PATHS = {
  enterprise: '/enterprise',
  members: '/members',
  roles: '/roles',
  permissions: '/permissions',
} as const;

// Each page is one element made once here (lazy: its code loads on first visit); the section
// renders the element it looks up.
const PAGES: ReadonlyMap<string, ReactElement> = new Map([
  [ADMIN_PAGE_PATHS.enterprise, createElement(lazy(() => import('./pages/EnterprisePage')))],
  [ADMIN_PAGE_PATHS.members, createElement(lazy(() => import('./pages/MembersPage')))],
  [ADMIN_PAGE_PATHS.roles, createElement(lazy(() => import('./pages/RolesPage')))],
  [ADMIN_PAGE_PATHS.permissions, createElement(lazy(() => import('./pages/PermissionsPage')))],
]);

/** The registry seen from a back-end root: absolute server routes → pages. */
export function adminPages(adminPath: string): {
  has(route: string): boolean;
  get(route: string): ReactElement | undefined;
} {
  const relative = (route: string) =>
    route.startsWith(adminPath + '/') ? route.slice(adminPath.length) : '';
  return {
    has: (route) => PAGES.has(relative(route)),
    get: (route) => PAGES.get(relative(route)),
  };
}

/** The permission page of one role (the roles page links there). */
export function permissionsHref(adminPath: string, roleId: string): string {
  return `${adminPath}${ADMIN_PAGE_PATHS.permissions}?${new URLSearchParams({ roleId }).toString()}`;
}
