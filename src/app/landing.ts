/**
 * `/` is the landing page's address (the index route's `<Navigate>`, SPEC §4 "After sign-in").
 * When the bootstrap calls have answered, the address moves there before the first render:
 * the router starts on the landing page and the shell renders once, instead of rendering `/`
 * and then again after a redirect made in the first commit's effects (docs/frontend.md,
 * "The first load"). Otherwise (signed out, a call failed) the index route redirects as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionFromCache } from '@/session/bootstrap';

export function enterLandingPage(queryClient: QueryClient): void {
  if (window.location.pathname !== '/') return;
  const session = sessionFromCache(queryClient);
  // As <Navigate to={landing} replace />: the landing path alone, in place of `/`.
  if (session) window.history.replaceState(window.history.state, '', session.routeSet.landing);
}
