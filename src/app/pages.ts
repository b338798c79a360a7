/**
 * The lazy pages of AppRoutes, and the one a load starts on. Pages stay out of the first
 * load, but the page the URL names is fetched with the bootstrap calls (main.tsx): the shell
 * then renders once with it, instead of a loading state that the page replaces a moment
 * later and moves what is below it (the footer, on a phone).
 *
 * react-lazy-with-preload: a page that was preloaded renders at once, without suspending
 * (React.lazy suspends on its first render however early its import resolved).
 */
import { lazyWithPreload } from 'react-lazy-with-preload';
import { matchPath } from 'react-router-dom';
import { ROUTES } from '@/constants/routes';
import { readItem } from '@/session/storage';

export const OAuthCallbackPage = lazyWithPreload(() => import('./pages/OAuthCallbackPage'));
export const NotFoundPage = lazyWithPreload(() => import('./pages/NotFoundPage'));
export const PreviewPage = lazyWithPreload(() => import('./pages/PreviewPage'));
export const DodderPage = lazyWithPreload(() => import('./pages/DodderPage'));
export const EntrancePage = lazyWithPreload(() => import('@/features/tenant/pages/EntrancePage'));
export const RenewalPage = lazyWithPreload(() => import('@/features/tenant/pages/RenewalPage'));
export const InviteLandingPage = lazyWithPreload(() => import('@/features/tenant/pages/InviteLandingPage'));
export const UserCenterLayout = lazyWithPreload(() => import('@/features/user-center/UserCenterLayout'));
export const BaseInfoPage = lazyWithPreload(() => import('@/features/user-center/pages/BaseInfoPage'));
export const AccountSettingPage = lazyWithPreload(
  () => import('@/features/user-center/pages/AccountSettingPage'),
);
export const EnterprisePage = lazyWithPreload(() => import('@/features/user-center/pages/EnterprisePage'));
export const ThirdAccountPage = lazyWithPreload(
  () => import('@/features/user-center/pages/ThirdAccountPage'),
);
export const MyFeedbackPage = lazyWithPreload(() => import('@/features/user-center/pages/MyFeedbackPage'));
export const ActiveFeedbackDetailPage = lazyWithPreload(
  () => import('@/features/feedback/pages/ActiveFeedbackDetailPage'),
);
export const QuestionFeedbackDetailPage = lazyWithPreload(
  () => import('@/features/feedback/pages/QuestionFeedbackDetailPage'),
);
export const AdminSection = lazyWithPreload(() => import('@/features/admin/AdminSection'));
// The embedded apps too: the shell's top bar paints while the host loads.
export const SubAppHost = lazyWithPreload(() =>
  import('@/micro-apps/SubAppHost').then((m) => ({ default: m.SubAppHost })),
);
export const ProductWorkspace = lazyWithPreload(() =>
  import('@/micro-apps/ProductWorkspace').then((m) => ({ default: m.ProductWorkspace })),
);

type Page = { preload: () => Promise<unknown> };

const USER_CENTER_PAGES: Record<string, Page> = {
  [ROUTES.userCenter.baseInfo]: BaseInfoPage,
  [ROUTES.userCenter.accountSetting]: AccountSettingPage,
  [ROUTES.userCenter.enterprise]: EnterprisePage,
  [ROUTES.userCenter.thirdAccount]: ThirdAccountPage,
  [ROUTES.userCenter.myFeedback]: MyFeedbackPage,
};

const EXACT_PAGES: Record<string, Page> = {
  [ROUTES.oauthCallback]: OAuthCallbackPage,
  [ROUTES.legacyCallback]: OAuthCallbackPage,
  [ROUTES.notFound]: NotFoundPage,
  [ROUTES.entrance]: EntrancePage,
  [ROUTES.preview]: PreviewPage,
  [ROUTES.dodder]: DodderPage,
  [ROUTES.renewal]: RenewalPage,
  [ROUTES.activityFeedbackDetail]: ActiveFeedbackDetailPage,
  [ROUTES.questionFeedbackDetail]: QuestionFeedbackDetailPage,
};

const appHost = (app: string): Page => (app === 'product' ? ProductWorkspace : SubAppHost);

/**
 * The pages a load of `pathname` renders first. The home page (`/`) is where the shell
 * recorded that it lands (workbench.bootFrame: an app, or the renewal page of a frozen
 * tenant); the back-end's path comes from the server's menus, so it is not known here.
 */
export function pagesFor(pathname: string): Page[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === ROUTES.home) {
    const facts = readItem('bootFrame');
    if (!facts) return [];
    if (facts.landing) return [appHost(facts.landing)];
    return facts.frozen ? [RenewalPage] : [];
  }
  const exact = EXACT_PAGES[path];
  if (exact) return [exact];
  if (matchPath(ROUTES.invite, path)) return [InviteLandingPage];
  if (matchPath(`${ROUTES.userCenter.root}/*`, path)) {
    return [UserCenterLayout, USER_CENTER_PAGES[path] ?? BaseInfoPage];
  }
  for (const [app, prefix] of Object.entries(ROUTES.subApps)) {
    if (matchPath(`${prefix}/*`, path)) return [appHost(app)];
  }
  return [];
}

/**
 * Fetches the pages of this load. Never fails: a page that does not load is rendered
 * through React.lazy as before, and its error boundary offers a retry.
 */
export function preloadPagesFor(pathname: string): Promise<void> {
  return Promise.all(pagesFor(pathname).map((page) => page.preload())).then(
    () => undefined,
    () => undefined,
  );
}
