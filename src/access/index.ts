export { Access, AccessProvider, useAccess, useAccessFacts, type AccessFacts } from './access';
export {
  buildMenuAccess,
  codesForPath,
  MENU_TYPE,
  type MenuAccess,
  type MenuNode,
  type ServerMenu,
} from './menus';
export {
  APP_PREFIX,
  FEEDBACK_DETAIL_PATHS,
  RENEWAL_PATH,
  appForPath,
  buildRouteSet,
  buildRouteSetSafely,
  type RouteSet,
  type SessionFacts,
} from './route-set';
export { menuIcon } from './icons';
