/**
 * The bootstrap calls leave before the app's entry is evaluated: the config at once
 * (the tenant and the menus wait for it), user info in the next task (each request is main-thread
 * work of its own), the menus when the config says so, with the config's tenant. The network is
 * mocked at the fetch level (MSW).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from '@generated/workbench/model';
import { configureTransport } from '@/api/transport';
import { baseInfo, makeSession, newQueryClient } from '../../tests/setup/render';
import { prefetchSession, userConfigQuery, userInfoQuery, userMenusQuery } from './queries';
import { clearCredentials, getTenantId, getToken, writeItem } from './storage';

const origin = window.location.origin;
const server = setupServer();
const config = makeSession().config;
const enterprise: UserConfig = { ...config, last_login_tenant_link: 't-ent-2001' };
const INFO = '/api/workbench/user/v1/login/detail';
const CONFIG = '/api/workbench/userconfig/v2/info';
const MENUS = '/api/workbench/menu/v1/login/user/menus';

/** Answers the three calls; returns the tenant header each request carried, by path. */
function answering(userConfig: UserConfig) {
  const tenants: Record<string, string | null> = {};
  const ok = (path: string, data: unknown) =>
    http.get(`${origin}${path}`, ({ request }) => {
      tenants[path] = request.headers.get('x-tenant-id');
      return HttpResponse.json({ code: 0, msg: 'ok', data });
    });
  server.use(ok(INFO, baseInfo), ok(CONFIG, userConfig), ok(MENUS, { menus: [], permissions: [] }));
  return tenants;
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  configureTransport({ baseUrl: origin, getToken, getTenantId, timeoutMs: 60_000 });
});
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  clearCredentials();
  vi.restoreAllMocks();
});

/** The paths of the requests sent so far. */
function sentPaths(fetch: { mock: { calls: unknown[][] } }): string[] {
  return fetch.mock.calls.map(
    ([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname,
  );
}

describe('prefetchSession', () => {
  it("sends the config at once, user info in the next task, then the enterprise's menus with its tenant", async () => {
    writeItem('token', 'tok-1');
    const tenants = answering(enterprise);
    const fetch = vi.spyOn(window, 'fetch');
    const queryClient = newQueryClient();
    const done = prefetchSession(queryClient);
    expect(sentPaths(fetch)).toEqual([CONFIG]);
    // Not in the same task: a microtask later, still the one call.
    await Promise.resolve();
    expect(sentPaths(fetch)).toEqual([CONFIG]);
    await expect.poll(() => sentPaths(fetch)).toContain(INFO);
    await done;
    expect(sentPaths(fetch)).toHaveLength(3);
    expect(tenants[MENUS]).toBe('t-ent-2001');
    expect(queryClient.getQueryData(userInfoQuery.queryKey)).toEqual(baseInfo);
    expect(queryClient.getQueryData(userConfigQuery.queryKey)).toEqual(enterprise);
    expect(queryClient.getQueryData(userMenusQuery.queryKey)).toEqual({ menus: [], permissions: [] });
  });

  it('asks for no menus in the personal space, and for nothing without a token', async () => {
    writeItem('token', 'tok-1');
    answering(config);
    const fetch = vi.spyOn(window, 'fetch');
    await prefetchSession(newQueryClient());
    expect(sentPaths(fetch).sort()).toEqual([CONFIG, INFO].sort());

    clearCredentials();
    fetch.mockClear();
    await prefetchSession(newQueryClient());
    expect(sentPaths(fetch)).toEqual([]);
  });

  it('tells the config as soon as it answered, before the menus are asked for; undefined signed out or on failure', async () => {
    writeItem('token', 'tok-1');
    answering(enterprise);
    const fetch = vi.spyOn(window, 'fetch');
    const told: { config: UserConfig | undefined; sent: string[] }[] = [];
    await prefetchSession(newQueryClient(), (c) => told.push({ config: c, sent: sentPaths(fetch) }));
    expect(told).toHaveLength(1);
    expect(told[0]?.config).toEqual(enterprise);
    expect(told[0]?.sent).not.toContain(MENUS);

    server.use(
      http.get(`${origin}${CONFIG}`, () => HttpResponse.json({ code: 500, msg: 'down' }, { status: 500 })),
    );
    const failed = vi.fn();
    await prefetchSession(newQueryClient(), failed);
    expect(failed).toHaveBeenCalledExactlyOnceWith(undefined);

    clearCredentials();
    const signedOut = vi.fn();
    await prefetchSession(newQueryClient(), signedOut);
    expect(signedOut).toHaveBeenCalledExactlyOnceWith(undefined);
  });
});
