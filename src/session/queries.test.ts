/**
 * The bootstrap calls leave while the app's entry is still being evaluated: user info at once,
 * the config in the next task (each request is main-thread work of its own), the menus when the
 * config says so. The network is mocked at the fetch level (MSW).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserConfig } from '@generated/workbench/model';
import { configureTransport } from '@/api/transport';
import { baseInfo, makeSession, newQueryClient } from '../../tests/setup/render';
import { prefetchSession, userConfigQuery, userInfoQuery, userMenusQuery } from './queries';
import { clearCredentials, writeItem } from './storage';

const origin = window.location.origin;
const server = setupServer();
const config = makeSession().config;
const enterprise: UserConfig = { ...config, last_login_tenant_link: 't-ent-2001' };

function answering(userConfig: UserConfig) {
  const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'ok', data });
  server.use(
    http.get(`${origin}/api/workbench/user/v1/login/detail`, () => ok(baseInfo)),
    http.get(`${origin}/api/workbench/userconfig/v2/info`, () => ok(userConfig)),
    http.get(`${origin}/api/workbench/menu/v1/login/user/menus`, () => ok({ menus: [], permissions: [] })),
  );
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
  configureTransport({
    baseUrl: origin,
    getToken: () => 'tok-1',
    getTenantId: () => null,
    timeoutMs: 60_000,
  });
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
  it('sends user info at once, the config in the next task, then the menus of an enterprise', async () => {
    writeItem('token', 'tok-1');
    answering(enterprise);
    const fetch = vi.spyOn(window, 'fetch');
    const queryClient = newQueryClient();
    const done = prefetchSession(queryClient);
    expect(sentPaths(fetch)).toEqual(['/api/workbench/user/v1/login/detail']);
    // Not in the same task: a microtask later, still the one call.
    await Promise.resolve();
    expect(sentPaths(fetch)).toHaveLength(1);
    await expect.poll(() => sentPaths(fetch)).toContain('/api/workbench/userconfig/v2/info');
    await done;
    expect(sentPaths(fetch)).toHaveLength(3);
    expect(queryClient.getQueryData(userInfoQuery.queryKey)).toEqual(baseInfo);
    expect(queryClient.getQueryData(userConfigQuery.queryKey)).toEqual(enterprise);
    expect(queryClient.getQueryData(userMenusQuery.queryKey)).toEqual({ menus: [], permissions: [] });
  });

  it('asks for no menus in the personal space, and for nothing without a token', async () => {
    writeItem('token', 'tok-1');
    answering(config);
    const fetch = vi.spyOn(window, 'fetch');
    await prefetchSession(newQueryClient());
    expect(sentPaths(fetch).sort()).toEqual([
      '/api/workbench/user/v1/login/detail',
      '/api/workbench/userconfig/v2/info',
    ]);

    clearCredentials();
    fetch.mockClear();
    await prefetchSession(newQueryClient());
    expect(sentPaths(fetch)).toEqual([]);
  });
});
