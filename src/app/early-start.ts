/**
 * Evaluated first among the app's own modules (main.tsx imports it before anything
 * else): the transport gets its credentials and the bootstrap calls leave before the
 * layout, the pages and the first render (user info just after: src/session/queries.ts). In a
 * build this module is an entry of its own: it and what only it imports are a chunk evaluated in a
 * task of its own right after React, before antd and ProLayout (vite-plugins/bootstrap-chunk.ts,
 * vite-plugins/first-paint.ts). The toast is wired later (transport-setup.ts); messages raised
 * before that are kept.
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type { UserConfig } from '@generated/workbench/model';
import { configureTransport } from '@/api/transport';
import { config } from '@/config/env';
import { prefetchSession } from '@/session/queries';
import { acceptTokenFromUrl, expireSession } from '@/session/sso';
import {
  bumpStateGeneration,
  getTenantId,
  getToken,
  readItem,
  stateGeneration,
  subscribeStorage,
} from '@/session/storage';
import { reloadIfSessionChanged, whenShown } from '@/ui/page-shown';

export const queryClient = new QueryClient({
  // Every write that went through: a page prerendered before it is reloaded when shown.
  mutationCache: new MutationCache({ onSuccess: () => bumpStateGeneration() }),
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
  // Session expiry: clear the credentials and go to logout (SPEC §4, §8) — for a prerendered page
  // only once it is shown: the credentials are shared with the page the user is on.
  onSessionExpired: () => void whenShown().then(expireSession),
  // A prerendered page (another module tab's, ui/page-shown.ts) sends no write until it is shown.
  beforeWrite: whenShown,
});
acceptTokenFromUrl();
// A prerendered page (a module tab's) is reloaded when shown if another page changed the session,
// a stored item or anything on the server meanwhile: it would show what it rendered before.
reloadIfSessionChanged(
  () => `${getToken() ?? ''} ${readItem('tenantId') ?? ''} ${stateGeneration()}`,
  subscribeStorage,
);
let configArrived: (config: UserConfig | undefined) => void = () => {};
/**
 * The user config as soon as it answered (undefined signed out or when it failed), before the
 * menus: the first data call of the page a load starts on leaves then (app/pages.ts).
 */
export const sessionConfig = new Promise<UserConfig | undefined>((resolve) => (configArrived = resolve));
/** Settles when the bootstrap calls have answered (at once when signed out): main.tsx renders after it. */
export const sessionPrefetched = prefetchSession(queryClient, configArrived);
