export { Access, AccessProvider, useAccess, useShellPathname, type AccessFacts } from './access';
export { buildMenuAccess, type MenuAccess, type MenuNode } from './menus';
export { appForPath, buildRouteSetSafely, type RouteSet } from './route-set';
export { menuIcon } from './icons';
