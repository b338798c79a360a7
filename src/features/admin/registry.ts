/**
 * The pages this app can render in the management back-end, keyed by the
 * server's menu `route` below the back-end root (the root itself comes from the
 * second permission entry, so it is not fixed here). The server's menu list is a
 * filter over this registry (DESIGN "Server-driven menus"): only routes the user
 * is given are reachable.
 */
import { createElement, type ReactElement } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { ADMIN_PAGE_PATHS } from '@/constants/routes';
import type { FirstData } from '@/session/first-data';
import { prefetchCurrentTenant, prefetchFirstRoles } from './first-data';

/** A page as a load that starts on it fetches it: its code, and its first data call. */
export interface AdminPageStart {
  preload: () => Promise<unknown>;
  firstData?: FirstData;
}

// Each page's code loads on its first visit, or with the shell's when the load starts on it
// (src/app/pages.ts): a preloaded page renders at once, without suspending. `firstData` is the
// call it makes first, which such a load starts with the shell's too (./first-data.ts).
const STARTS: ReadonlyMap<string, AdminPageStart & { page: ReturnType<typeof lazyWithPreload> }> = new Map(
  (
    [
      [
        ADMIN_PAGE_PATHS.enterprise,
        lazyWithPreload(() => import('./pages/EnterprisePage')),
        prefetchCurrentTenant,
      ],
      [ADMIN_PAGE_PATHS.members, lazyWithPreload(() => import('./pages/MembersPage')), prefetchCurrentTenant],
      [ADMIN_PAGE_PATHS.roles, lazyWithPreload(() => import('./pages/RolesPage')), prefetchFirstRoles],
      [ADMIN_PAGE_PATHS.permissions, lazyWithPreload(() => import('./pages/PermissionsPage'))],
    ] as const
  ).map(([route, page, firstData]) => [route, { page, preload: () => page.preload(), firstData }]),
);

// Each page is one element made once here; the section renders the element it looks up.
const PAGES: ReadonlyMap<string, ReactElement> = new Map(
  [...STARTS].map(([route, { page }]) => [route, createElement(page)]),
);

/** The page at `route` relative to the back-end root (`/members`), to fetch ahead of its render. */
export function adminPageAt(route: string): AdminPageStart | undefined {
  return STARTS.get(route);
}

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
