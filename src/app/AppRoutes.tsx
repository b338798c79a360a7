/**
 * Every route of SPEC §2. The static ones are always there; the routes "added
 * after login" come from the user's route set (home page, frozen tenant, server
 * menus). Pages other than the shell are lazy: not in the first load (./pages.ts).
 */
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAccess } from '@/access';
import { ROUTES } from '@/constants/routes';
import { SessionBootstrap } from '@/session/bootstrap';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { FullScreenLoading } from '@/ui/FullScreenLoading';
import { SHELL_TEXT } from '@/constants/texts';
import {
  AccountSettingPage,
  ActiveFeedbackDetailPage,
  AdminSection,
  BaseInfoPage,
  DodderPage,
  EnterprisePage,
  EntrancePage,
  InviteLandingPage,
  MyFeedbackPage,
  NotFoundPage,
  OAuthCallbackPage,
  PreviewPage,
  ProductWorkspace,
  QuestionFeedbackDetailPage,
  RenewalPage,
  SubAppHost,
  ThirdAccountPage,
  UserCenterLayout,
} from './pages';
import { RequireSession } from './RequireSession';
import { Shell } from './Shell';

/** Routes inside the main layout, built from the user's route set. */
function SignedInRoutes() {
  const { routeSet } = useAccess();
  return (
    <Routes>
      <Route path={ROUTES.entrance} element={<EntrancePage />} />
      <Route path={ROUTES.preview} element={<PreviewPage />} />
      <Route path={ROUTES.dodder} element={<DodderPage />} />
      <Route element={<Shell />}>
        <Route index element={<Navigate to={routeSet.landing} replace />} />
        <Route path={ROUTES.userCenter.root} element={<UserCenterLayout />}>
          <Route index element={<Navigate to={ROUTES.userCenter.baseInfo} replace />} />
          <Route path={ROUTES.userCenter.baseInfo} element={<BaseInfoPage />} />
          <Route path={ROUTES.userCenter.accountSetting} element={<AccountSettingPage />} />
          <Route path={ROUTES.userCenter.enterprise} element={<EnterprisePage />} />
          <Route path={ROUTES.userCenter.thirdAccount} element={<ThirdAccountPage />} />
          <Route path={ROUTES.userCenter.myFeedback} element={<MyFeedbackPage />} />
        </Route>
        {routeSet.renewal ? <Route path={ROUTES.renewal} element={<RenewalPage />} /> : null}
        {routeSet.apps.map((app) => (
          <Route
            key={app}
            path={`${ROUTES.subApps[app]}/*`}
            element={
              <ErrorBoundary region={SHELL_TEXT.regions.subApp} resetKey={app}>
                {/* Keyed: another app is another host, with its own status and frame. */}
                {app === 'product' ? <ProductWorkspace key={app} /> : <SubAppHost key={app} app={app} />}
              </ErrorBoundary>
            }
          />
        ))}
        {routeSet.feedbackDetails ? (
          <>
            <Route path={ROUTES.activityFeedbackDetail} element={<ActiveFeedbackDetailPage />} />
            <Route path={ROUTES.questionFeedbackDetail} element={<QuestionFeedbackDetailPage />} />
          </>
        ) : null}
        {routeSet.adminPath ? <Route path={`${routeSet.adminPath}/*`} element={<AdminSection />} /> : null}
        <Route path="*" element={<Navigate to={ROUTES.notFound} replace />} />
      </Route>
    </Routes>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoading tip={SHELL_TEXT.loading} />}>
      <Routes>
        <Route path={ROUTES.oauthCallback} element={<OAuthCallbackPage />} />
        <Route path={ROUTES.legacyCallback} element={<OAuthCallbackPage />} />
        <Route path={ROUTES.notFound} element={<NotFoundPage />} />
        <Route
          path={ROUTES.invite}
          element={
            <RequireSession>
              <InviteLandingPage />
            </RequireSession>
          }
        />
        <Route
          path="*"
          element={
            <RequireSession>
              <ErrorBoundary region={SHELL_TEXT.regions.workbench}>
                <SessionBootstrap>
                  <SignedInRoutes />
                </SessionBootstrap>
              </ErrorBoundary>
            </RequireSession>
          }
        />
      </Routes>
    </Suspense>
  );
}
