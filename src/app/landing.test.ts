/**
 * `/` becomes the landing page's address before the first render, by the same rule as the
 * bootstrap: the shell then renders once, on the landing page.
 */
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserConfig, UserMenus } from '@generated/workbench/model';
import { userConfigQuery, userInfoQuery, userMenusQuery } from '@/session/queries';
import { baseInfo, makeSession, newQueryClient } from '../../tests/setup/render';
import { enterLandingPage } from './landing';

const config = makeSession().config;
const enterprise: UserConfig = { ...config, last_login_tenant_link: 't-ent-2001' };

function cacheWith(answers: { config?: UserConfig; menus?: UserMenus | Error }) {
  const queryClient = newQueryClient();
  queryClient.setQueryData(userInfoQuery.queryKey, baseInfo);
  if (answers.config) queryClient.setQueryData(userConfigQuery.queryKey, answers.config);
  if (answers.menus instanceof Error)
    void queryClient.prefetchQuery({ ...userMenusQuery, queryFn: () => Promise.reject(answers.menus) });
  else if (answers.menus) queryClient.setQueryData(userMenusQuery.queryKey, answers.menus);
  return queryClient;
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

afterEach(() => at('/'));

describe('enterLandingPage', () => {
  it('moves `/` to the landing page of the route set, in place (no new history entry)', () => {
    at('/');
    const length = window.history.length;
    enterLandingPage(cacheWith({ config }));
    expect(window.location.pathname).toBe('/micro-app-manual/');
    expect(window.history.length).toBe(length);

    at('/');
    enterLandingPage(cacheWith({ config: { ...config, def_home_page: 'page2' } }));
    expect(window.location.pathname).toBe('/micro-app-product/');

    at('/');
    enterLandingPage(cacheWith({ config: { ...config, last_login_tenant_is_disable: true } }));
    expect(window.location.pathname).toBe('/renewal');
  });

  it('in an enterprise, once the menus have answered (or failed: the shell goes on without them)', async () => {
    at('/');
    enterLandingPage(cacheWith({ config: enterprise, menus: { menus: [], permissions: [] } }));
    expect(window.location.pathname).toBe('/micro-app-manual/');

    at('/');
    const failed = cacheWith({ config: enterprise, menus: new Error('500') });
    await expect.poll(() => failed.getQueryState(userMenusQuery.queryKey)?.status).toBe('error');
    enterLandingPage(failed);
    expect(window.location.pathname).toBe('/micro-app-manual/');
  });

  it('leaves the address alone on another page, or while the session is not known', () => {
    at('/user-center/base-info?tab=1');
    enterLandingPage(cacheWith({ config }));
    expect(window.location.pathname + window.location.search).toBe('/user-center/base-info?tab=1');

    at('/');
    enterLandingPage(cacheWith({})); // the config call failed or never answered
    enterLandingPage(cacheWith({ config: enterprise })); // the menus are still out
    expect(window.location.pathname).toBe('/');
  });

  it("writes React Router's history index with it, so the router starts there without a write of its own", () => {
    at('/');
    enterLandingPage(cacheWith({ config }));
    const replaceState = vi.spyOn(window.history, 'replaceState');
    function Where() {
      return createElement('p', null, useLocation().pathname);
    }
    render(createElement(BrowserRouter, null, createElement(Where)));
    expect(screen.getByText('/micro-app-manual/')).toBeTruthy();
    expect(replaceState).not.toHaveBeenCalled();
    replaceState.mockRestore();

    // An entry that has an index already (a reload after moving in the app) keeps it.
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '', '/');
    enterLandingPage(cacheWith({ config }));
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });
});
