/**
 * Evaluated first among the app's own modules (main.tsx imports it before anything
 * else): the transport gets its credentials and the bootstrap calls leave before the
 * layout, the pages and the first render (user info just after: src/session/queries.ts). In a build the libraries (antd, ProLayout)
 * are evaluated before the entry runs, in stages (scripts/first-paint.ts; why they are
 * not a chunk of their own: scripts/vendor-chunks.ts). The toast is wired later
 * (transport-setup.ts); messages raised before that are kept.
 */
import { QueryClient } from '@tanstack/react-query';
import { configureTransport } from '@/api/transport';
import { config } from '@/config/env';
import { prefetchSession } from '@/session/queries';
import { acceptTokenFromUrl, expireSession } from '@/session/sso';
import { getTenantId, getToken } from '@/session/storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    // No automatic retries: the transport toasts every failure (a retry would toast twice), and every
    // region offers its own retry button.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

configureTransport({
  baseUrl: config.apiBase,
  getToken,
  getTenantId,
  timeoutMs: config.requestTimeoutMs,
  // Session expiry: clear the credentials and go to logout (SPEC §4, §8).
  onSessionExpired: expireSession,
});
acceptTokenFromUrl();
/** Settles when the bootstrap calls have answered (at once when signed out): main.tsx renders after it. */
export const sessionPrefetched = prefetchSession(queryClient);
