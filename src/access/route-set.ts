/**
 * Which routes a signed-in user gets (SPEC §2, §4 "After sign-in"): a disabled
 * tenant only the renewal set; otherwise the set of the default home page, plus
 * the management back-end when the server gave menus.
 */
import type { HomePage } from '@/constants/limits';
import type { SubAppName } from '@/config/env';
import { buildMenuAccess, normalisePath, type MenuAccess, type ServerMenu } from './menus';

export interface SessionFacts {
  defHomePage: HomePage;
  isDisabled: boolean;
  /** The manual switch of SPEC §2: the string 'true' shows the manual app, 'false' the engine. */
  manualSwitch: string | null | undefined;
  menus: readonly ServerMenu[] | null | undefined;
  permissions: readonly { path?: string | null }[] | null | undefined;
}

export type RouteSetName = 'renewal' | 'page1' | 'page2';

export interface RouteSet {
  name: RouteSetName;
  /** Embedded apps reachable under /micro-app-<name>/. */
  apps: SubAppName[];
  /** Module tabs in the top bar, in order. */
  tabs: SubAppName[];
  feedbackDetails: boolean;
  renewal: boolean;
  /** The management back-end root (second permission entry), only with a non-empty menu list. */
  adminPath: string | null;
  menuAccess: MenuAccess;
  landing: string;
}

export const APP_PREFIX: Record<SubAppName, string> = {
  manual: '/micro-app-manual',
  product: '/micro-app-product',
  channel: '/micro-app-channel',
  engine: '/micro-app-engine',
};

export const RENEWAL_PATH = '/renewal';

function adminPathFrom(permissions: SessionFacts['permissions']): string | null {
  const second = Array.isArray(permissions) ? permissions[1] : undefined;
  const raw = second && typeof second.path === 'string' ? second.path.trim() : '';
  const path = raw.startsWith('/') ? normalisePath(raw) : '';
  if (!path || path === '/') return null;
  const reserved = [
    '/',
    '/404',
    '/entrance',
    '/user-info',
    '/oauth',
    RENEWAL_PATH,
    ...Object.values(APP_PREFIX),
  ];
  return reserved.some((r) => path === r || (r !== '/' && path.startsWith(r + '/'))) ? null : path;
}

const EMPTY_ACCESS = buildMenuAccess([]);

export function buildRouteSet(facts: SessionFacts): RouteSet {
  if (facts.isDisabled) {
    return {
      name: 'renewal',
      apps: [],
      tabs: [],
      feedbackDetails: false,
      renewal: true,
      adminPath: null,
      menuAccess: EMPTY_ACCESS,
      landing: RENEWAL_PATH,
    };
  }
  const manual = facts.manualSwitch === 'true';
  const engine = facts.manualSwitch === 'false';
  const menuAccess = buildMenuAccess(facts.menus);
  const adminPath = menuAccess.tree.length > 0 ? adminPathFrom(facts.permissions) : null;
  const tabs: SubAppName[] = [
    ...(manual ? (['manual'] as const) : []),
    'product',
    ...(engine ? (['engine'] as const) : []),
  ];
  const page2 = facts.defHomePage === 'page2';
  return {
    name: page2 ? 'page2' : 'page1',
    apps: [...tabs, 'channel'],
    tabs,
    feedbackDetails: true,
    renewal: false,
    adminPath,
    menuAccess,
    landing: `${page2 ? APP_PREFIX.product : manual ? APP_PREFIX.manual : engine ? APP_PREFIX.engine : APP_PREFIX.product}/`,
  };
}

/** Route building never takes the app down: a failure is logged and the user gets the plain set. */
export function buildRouteSetSafely(
  facts: SessionFacts,
  log: (...args: unknown[]) => void = console.error,
): RouteSet {
  try {
    return buildRouteSet(facts);
  } catch (error) {
    log('Building the routes failed; continuing without server menus', error);
    return buildRouteSet({ ...facts, menus: [], permissions: [] });
  }
}

/** The embedded app that owns a path, if any. */
export function appForPath(pathname: string): SubAppName | null {
  for (const [app, prefix] of Object.entries(APP_PREFIX) as [SubAppName, string][]) {
    if (pathname === prefix || pathname.startsWith(prefix + '/')) return app;
  }
  return null;
}

export const FEEDBACK_DETAIL_PATHS = ['/active-feedback-detail', '/question-feedback-detail'] as const;
