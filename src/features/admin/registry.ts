/**
 * The pages this app can render in the management back-end, keyed by the
 * server's menu `route`. The server's menu list is a filter over this registry
 * (DESIGN "Server-driven menus"): only routes the user is given are reachable.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const ADMIN_ROUTES = {
  enterprise: '/manage/enterprise',
  members: '/manage/members',
  roles: '/manage/roles',
  permissions: '/manage/permissions',
} as const;

export const ADMIN_PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map([
  [ADMIN_ROUTES.enterprise, lazy(() => import('./pages/EnterprisePage'))],
  [ADMIN_ROUTES.members, lazy(() => import('./pages/MembersPage'))],
  [ADMIN_ROUTES.roles, lazy(() => import('./pages/RolesPage'))],
  [ADMIN_ROUTES.permissions, lazy(() => import('./pages/PermissionsPage'))],
]);

/** The permission page of one role (the roles page links there). */
export function permissionsHref(roleId: string): string {
  return `${ADMIN_ROUTES.permissions}?${new URLSearchParams({ roleId }).toString()}`;
}
