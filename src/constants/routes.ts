/**
 * Every route of the shell (SPEC §2), in one table: the router (src/app/AppRoutes.tsx),
 * the menus, the links and the tests build their paths from it, so a path is
 * written once. Routes the server decides (the management back-end's root and its
 * pages) are not here: they come from the server's permission and menu lists.
 */

/** The embedded apps, each under its own prefix. */
export type SubAppName = 'manual' | 'product' | 'channel' | 'engine';

const USER_CENTER = '/user-info';
const OAUTH = '/oauth';
/** Invite links are this path plus the invite code (the default of VITE_INVITE_LINK_PREFIX). */
export const INVITE_PATH_PREFIX = '/link/';

export const ROUTES = {
  home: '/',
  notFound: '/404',
  /** Sign-in's own paths (nothing else lives below it). */
  oauth: OAUTH,
  /** The SSO's redirect back (and the older `/callback` some SSO set-ups still use). */
  oauthCallback: `${OAUTH}/callback`,
  legacyCallback: '/callback',
  /** An invite link; `:data` is the invite code. */
  invite: `${INVITE_PATH_PREFIX}:data`,
  entrance: '/entrance',
  preview: '/preview',
  dodder: '/dodder',
  renewal: '/renewal',
  activityFeedbackDetail: '/active-feedback-detail',
  questionFeedbackDetail: '/question-feedback-detail',
  userCenter: {
    root: USER_CENTER,
    baseInfo: `${USER_CENTER}/base-info`,
    accountSetting: `${USER_CENTER}/account-setting`,
    enterprise: `${USER_CENTER}/enterprise`,
    thirdAccount: `${USER_CENTER}/third-account`,
    myFeedback: `${USER_CENTER}/my-feedback`,
  },
  /** The prefix of each embedded app: /micro-app-<name>, its own routes below it. */
  subApps: {
    manual: '/micro-app-manual',
    product: '/micro-app-product',
    channel: '/micro-app-channel',
    engine: '/micro-app-engine',
  } satisfies Record<SubAppName, string>,
} as const;

/** The user center's pages, in its menu's order. */
export const USER_CENTER_PAGES = [
  ROUTES.userCenter.baseInfo,
  ROUTES.userCenter.accountSetting,
  ROUTES.userCenter.thirdAccount,
  ROUTES.userCenter.enterprise,
  ROUTES.userCenter.myFeedback,
] as const;

/**
 * The management back-end's pages, relative to its root (the root comes from the server's
 * permissions, so it is not fixed here): the app can render these; the server's menus say
 * which of them a user reaches (src/features/admin/registry.ts).
 */
export const ADMIN_PAGE_PATHS = {
  enterprise: '/enterprise',
  members: '/members',
  roles: '/roles',
  permissions: '/permissions',
} as const;

export type AdminPageName = keyof typeof ADMIN_PAGE_PATHS;

/** The feedback detail pages (no feedback icon there). */
export const FEEDBACK_DETAIL_PATHS = [ROUTES.activityFeedbackDetail, ROUTES.questionFeedbackDetail] as const;

/** Builders for the routes that carry data. */
export const routeTo = {
  /** An invite landing page for a code. */
  invite: (code: string): string => `${INVITE_PATH_PREFIX}${encodeURIComponent(code)}`,
  /** A feedback's detail page (SPEC §2: by kind, the id in the query). */
  feedbackDetail: (kind: 'activity' | 'question', id: string | number): string =>
    `${kind === 'activity' ? ROUTES.activityFeedbackDetail : ROUTES.questionFeedbackDetail}?${new URLSearchParams({ id: String(id) }).toString()}`,
  /** The home of an embedded app (its prefix with the trailing slash the app's router expects). */
  subAppHome: (app: SubAppName): string => `${ROUTES.subApps[app]}/`,
  /** A path inside an embedded app. */
  subApp: (app: SubAppName, path = '/'): string =>
    `${ROUTES.subApps[app]}${path.startsWith('/') ? path : `/${path}`}`,
};

/** Whether `pathname` is `route` or below it. */
export function isWithin(pathname: string, route: string): boolean {
  return pathname === route || pathname.startsWith(route + '/');
}
