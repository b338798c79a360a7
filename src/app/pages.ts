/**
 * The lazy pages of AppRoutes, and the one a load starts on. Pages stay out of the first
 * load, but a page the URL names is fetched as soon as the entry has run (main.tsx): the
 * shell then renders once with it, instead of a loading state that the page replaces a
 * moment later and that moves what is below it (the renewal page's footer, on a phone).
 *
 * Not the embedded apps' hosts: their loading state already fills the frame's box, so
 * nothing moves when they replace it, and rendered with the shell they made its first
 * commit one longer task (Lighthouse, product app's home, 3 runs each: TBT desktop 37 ->
 * 166 ms, mobile 890 -> 1,183 ms). They render in a commit of their own, after the shell.
 *
 * react-lazy-with-preload: a page that was preloaded renders at once, without suspending
 * (React.lazy suspends on its first render however early its import resolved).
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { matchPath } from 'react-router-dom';
import { ROUTES } from '@/constants/routes';
import { adminPageAt } from '@/features/admin/registry';
import { prefetchFeedback } from '@/features/feedback/first-data';
import {
  prefetchAuthDetail,
  prefetchJoinedEnterprises,
  prefetchMyFeedback,
} from '@/features/user-center/first-data';
import type { FirstData } from '@/session/first-data';
import { getToken, readItem } from '@/session/storage';
import type { UserConfig } from '@generated/workbench/model';

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
// The embedded apps too: the shell's top bar paints while the host loads. Never preloaded
// (see above), so plain React.lazy.
export const SubAppHost = lazy(() =>
  import('@/sub-app-host/SubAppHost').then((m) => ({ default: m.SubAppHost })),
);
export const ProductWorkspace = lazy(() =>
  import('@/features/products/ProductWorkspace').then((m) => ({ default: m.ProductWorkspace })),
);

/** A page's code, and the data call it makes first, if a load can start that before its render. */
type Page = {
  preload: () => Promise<unknown>;
  firstData?: FirstData;
};

/** A lazy page with the data call it makes first (src/features/user-center/first-data.ts). */
const withFirstData = (page: Page, firstData: FirstData): Page => ({
  preload: () => page.preload(),
  firstData,
});

const USER_CENTER_PAGES: Record<string, Page> = {
  [ROUTES.userCenter.baseInfo]: BaseInfoPage,
  [ROUTES.userCenter.accountSetting]: withFirstData(AccountSettingPage, prefetchAuthDetail),
  [ROUTES.userCenter.enterprise]: withFirstData(EnterprisePage, prefetchJoinedEnterprises),
  [ROUTES.userCenter.thirdAccount]: withFirstData(ThirdAccountPage, prefetchAuthDetail),
  [ROUTES.userCenter.myFeedback]: withFirstData(MyFeedbackPage, prefetchMyFeedback),
};

const EXACT_PAGES: Record<string, Page> = {
  [ROUTES.oauthCallback]: OAuthCallbackPage,
  [ROUTES.legacyCallback]: OAuthCallbackPage,
  [ROUTES.notFound]: NotFoundPage,
  [ROUTES.entrance]: EntrancePage,
  [ROUTES.preview]: PreviewPage,
  [ROUTES.dodder]: DodderPage,
  [ROUTES.renewal]: RenewalPage,
  // A notice's link to a feedback: its detail is asked for with the shell's calls.
  [ROUTES.activityFeedbackDetail]: {
    preload: () => ActiveFeedbackDetailPage.preload(),
    firstData: prefetchFeedback('activity'),
  },
  [ROUTES.questionFeedbackDetail]: {
    preload: () => QuestionFeedbackDetailPage.preload(),
    firstData: prefetchFeedback('question'),
  },
};

/** What a signed-out visitor can be shown (everything else sends them to sign in first). */
const SIGNED_OUT_PAGES = new Set<Page>([OAuthCallbackPage, NotFoundPage]);

/**
 * Whether the first render of a load of `pathname` waits for the bootstrap calls: not on the
 * pages a signed-out visitor sees (the sign-in callback, the 404 page), which render outside
 * the session (AppRoutes) and would otherwise wait for the config and then the menus for nothing.
 */
export function renderWaitsForSession(pathname: string): boolean {
  const pages = pagesFor(pathname);
  return !(pages.length > 0 && pages.every((page) => SIGNED_OUT_PAGES.has(page)));
}

/** How long the first render waits for its page; a slower one shows its loading state, as before. */
const PAGE_WAIT_MS = 1000;

/**
 * The pages a load of `pathname` renders with the shell's first render. The home page (`/`)
 * lands where the shell recorded (workbench.bootFrame): an app (not preloaded, see above) or
 * the renewal page of a frozen tenant. The back-end's root comes from the server's menus: the
 * one the shell recorded on its last render is taken, so the back-end and the page the address
 * names are fetched with the shell, not one after the other once the menus came (if the menus
 * say otherwise now, that code is unused). Matched without regard to case, as the router matches.
 */
export function pagesFor(pathname: string): Page[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const facts = readItem('bootFrame');
  if (path === ROUTES.home) return facts?.frozen ? [RenewalPage] : [];
  const adminPath = facts?.adminPath?.toLowerCase();
  if (adminPath && adminPath !== ROUTES.home && (path === adminPath || path.startsWith(`${adminPath}/`))) {
    const page = adminPageAt(path.slice(adminPath.length));
    return page ? [AdminSection, page] : [AdminSection];
  }
  const exact = EXACT_PAGES[path];
  if (exact) return [exact];
  if (matchPath(ROUTES.invite, path)) return [InviteLandingPage];
  if (matchPath(`${ROUTES.userCenter.root}/*`, path)) {
    return [UserCenterLayout, USER_CENTER_PAGES[path] ?? BaseInfoPage];
  }
  return [];
}

/**
 * Fetches the pages of this load, for at most PAGE_WAIT_MS. Never fails: a page that does
 * not load is rendered through React.lazy as before, and its error boundary offers a retry.
 * Signed out, only what a signed-out visitor sees is fetched.
 */
export function preloadPagesFor(pathname: string): Promise<void> {
  const loaded = Promise.resolve()
    .then(() => {
      const pages = pagesFor(pathname).filter((page) => getToken() || SIGNED_OUT_PAGES.has(page));
      return Promise.all(pages.map((page) => page.preload()));
    })
    .then(
      () => undefined,
      () => undefined,
    );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, PAGE_WAIT_MS))]);
}

/**
 * Starts the first data call of each page of this load (signed in), once the user config that
 * it needs answered: beside the menus call and the shell's render, as the home's app starts
 * with the shell (its frame), not after them.
 */
export function startFirstDataFor(url: URL, queryClient: QueryClient, config: UserConfig): void {
  if (!getToken()) return;
  for (const page of pagesFor(url.pathname)) page.firstData?.(queryClient, config, url);
}
