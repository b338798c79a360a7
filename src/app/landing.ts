/**
 * `/` is the landing page's address (the index route's `<Navigate>`, SPEC §4 "After sign-in").
 * When the bootstrap calls have answered, the address moves there before the first render:
 * the router starts on the landing page and the shell renders once, instead of rendering `/`
 * and then again after a redirect made in the first commit's effects (docs/frontend.md,
 * "The first load"). Otherwise (signed out, a call failed) the index route redirects as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionFromCache } from '@/session/bootstrap';

/**
 * The history entry's state with React Router's position in it (`idx`): its browser history
 * writes `{ ...state, idx: 0 }` with a `replaceState` of its own when the entry has none, a call
 * that took ~10 ms of the first render on a busy phone profile. Written here, in the one
 * `replaceState` the landing page needs anyway, the router finds it and skips its own
 * (`getUrlBasedHistory` in react-router's history module; guarded by ./landing.test.ts).
 */
function withRouterIndex(state: unknown): Record<string, unknown> {
  const entry = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  return 'idx' in entry && entry.idx != null ? entry : { ...entry, idx: 0 };
}

export function enterLandingPage(queryClient: QueryClient): void {
  if (window.location.pathname !== '/') return;
  const session = sessionFromCache(queryClient);
  // As <Navigate to={landing} replace />: the landing path alone, in place of `/`.
  if (session)
    window.history.replaceState(withRouterIndex(window.history.state), '', session.routeSet.landing);
}
