/**
 * Evaluated first among the app's own modules (main.tsx imports it before anything
 * else): the transport gets its credentials and the bootstrap calls leave before the
 * layout, the pages and the first render (user info just after: src/session/queries.ts). In a
 * build this module is an entry of its own: it and what only it imports are a chunk evaluated in a
 * task of its own right after React, before antd and ProLayout (scripts/bootstrap-chunk.ts,
 * scripts/first-paint.ts). The toast is wired later (transport-setup.ts); messages raised
 * before that are kept.
 */
import { QueryClient } from '@tanstack/react-query';
import { configureTransport } from '@/api/transport';
import { config } from '@/config/env';
import { prefetchSession } from '@/session/queries';
import { acceptTokenFromUrl, expireSession } from '@/session/sso';
import { getTenantId, getToken, readItem, subscribeStorage } from '@/session/storage';
import { reloadIfSessionChanged, whenShown } from '@/ui/page-shown';

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
  // A prerendered page (a module tab the pointer rests on) reads only until it is opened.
  beforeWrite: whenShown,
});
acceptTokenFromUrl();
// A prerendered page (a module tab's) is reloaded when shown if another page changed the session meanwhile.
reloadIfSessionChanged(() => `${getToken() ?? ''} ${readItem('tenantId') ?? ''}`, subscribeStorage);
/** Settles when the bootstrap calls have answered (at once when signed out): main.tsx renders after it. */
export const sessionPrefetched = prefetchSession(queryClient);
