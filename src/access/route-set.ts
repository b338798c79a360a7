/**
 * Which routes a signed-in user gets (SPEC §2, §4 "After sign-in"): a disabled
 * tenant only the renewal set; otherwise the set of the default home page, plus
 * the management back-end when the server gave menus.
 */
import type { HomePage } from '@/constants/limits';
import { isWithin, ROUTES, routeTo, type SubAppName } from '@/constants/routes';
import { buildMenuAccess, normalisePath, type MenuAccess, type ServerMenu } from './menus';

export interface SessionFacts {
  defHomePage: HomePage;
  isDisabled: boolean;
  /** The manual switch of SPEC §2: the string 'true' shows the manual app, 'false' the engine. */
  manualSwitch: string | null | undefined;
  menus: readonly ServerMenu[] | null | undefined;
  permissions: readonly { path?: string | null }[] | null | undefined;
}

type RouteSetName = 'renewal' | 'page1' | 'page2';

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

/** The shell's own top-level routes. */
const SHELL_ROUTES = [
  ROUTES.notFound,
  ROUTES.oauth,
  ROUTES.legacyCallback,
  ROUTES.invite.slice(0, ROUTES.invite.indexOf('/:')),
  ROUTES.entrance,
  ROUTES.preview,
  ROUTES.dodder,
  ROUTES.renewal,
  ROUTES.activityFeedbackDetail,
  ROUTES.questionFeedbackDetail,
  ROUTES.userCenter.root,
  ...Object.values(ROUTES.subApps),
];

function adminPathFrom(permissions: SessionFacts['permissions']): string | null {
  const second = Array.isArray(permissions) ? permissions[1] : undefined;
  const raw = second && typeof second.path === 'string' ? second.path.trim() : '';
  const path = raw.startsWith('/') ? normalisePath(raw) : '';
  if (!path || path === '/') return null;
  // The back-end's root never overlaps a route of the shell's own (neither contains the other).
  const overlaps = (route: string) => isWithin(path, route) || isWithin(route, path);
  return SHELL_ROUTES.some(overlaps) ? null : path;
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
      landing: ROUTES.renewal,
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
    landing: routeTo.subAppHome(page2 ? 'product' : manual ? 'manual' : engine ? 'engine' : 'product'),
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
  for (const [app, prefix] of Object.entries(ROUTES.subApps) as [SubAppName, string][]) {
    if (isWithin(pathname, prefix)) return app;
  }
  return null;
}
