/**
 * 管理后台: mounted at `${adminPath}/*` when the user has server menus. The
 * server's menus decide which of the registered pages are reachable
 * (resolve-route.ts); the pages gate their buttons by the route's codes.
 */
import { Fragment, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAccess } from '@/access';
import NotAvailablePage from '@/ui/NotAvailablePage';
import { PageLoading } from '@/ui/PageLoading';
import { ROUTES } from '@/constants/routes';
import { Forbidden } from './Forbidden';
import { adminPages } from './registry';
import { resolveAdminRoute } from './resolve-route';

export default function AdminSection() {
  const { pathname } = useLocation();
  const { adminPath, routeSet } = useAccess();
  if (!adminPath) return <Navigate to={ROUTES.notFound} replace />;

  const pages = adminPages(adminPath);
  const outcome = resolveAdminRoute(pathname, adminPath, routeSet.menuAccess, pages);
  switch (outcome.kind) {
    case 'redirect':
      return <Navigate to={outcome.to} replace />;
    case 'forbidden':
      return <Forbidden />;
    case 'unavailable':
      return <NotAvailablePage name={outcome.name} />;
    case 'notFound':
      return <Navigate to={ROUTES.notFound} replace />;
    case 'page': {
      return (
        <Suspense fallback={<PageLoading />}>
          {/* Keyed: another page is a new page (its state starts afresh). */}
          <Fragment key={outcome.route}>{pages.get(outcome.route)}</Fragment>
        </Suspense>
      );
    }
  }
}
