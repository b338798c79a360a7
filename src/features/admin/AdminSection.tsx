/**
 * 管理后台: mounted at `${adminPath}/*` when the user has server menus. The
 * server's menus decide which of the registered pages are reachable
 * (resolve-route.ts); the pages gate their buttons by the route's codes.
 */
import { Fragment, Suspense, lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAccess } from '@/access';
import { PageLoading } from '@/ui/PageLoading';
import { ROUTES } from '@/constants/routes';
import { adminPages } from './registry';
import { resolveAdminRoute } from './resolve-route';

// The refusals come when needed: their antd Result (with its illustrations) is none of a page's first load.
const Forbidden = lazy(() => import('./Forbidden'));
const NotAvailablePage = lazy(() => import('@/ui/NotAvailablePage'));

const loading = (children: ReactNode) => <Suspense fallback={<PageLoading />}>{children}</Suspense>;

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
      return loading(<Forbidden />);
    case 'unavailable':
      return loading(<NotAvailablePage name={outcome.name} />);
    case 'notFound':
      return <Navigate to={ROUTES.notFound} replace />;
    case 'page': {
      // Keyed: another page is a new page (its state starts afresh).
      return loading(<Fragment key={outcome.route}>{pages.get(outcome.route)}</Fragment>);
    }
  }
}
