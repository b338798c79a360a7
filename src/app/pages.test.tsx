/**
 * The page a load starts on is fetched before the first render, and then renders without
 * a loading state in between (the renewal page's footer no longer moves on a phone).
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { INVITE_PATH_PREFIX, ROUTES, routeTo, type SubAppName } from '@/constants/routes';
import {
  getGetActivityFeedbackQueryKey,
  getGetAuthDetailQueryKey,
  getGetQuestionFeedbackQueryKey,
  getGetTenantDetailQueryKey,
  getListFeedbackQueryKey,
  getListTenantsQueryKey,
} from '@generated/workbench/workbench';
import type { UserConfig } from '@generated/workbench/model';
import { getListRolesQueryKey } from '@generated/rbac/rbac';
import { FIRST_ROLES_PAGE } from '@/features/admin/first-data';
import { adminPageAt } from '@/features/admin/registry';
import { FIRST_MY_FEEDBACK_PAGE, prefetchAuthDetail } from '@/features/user-center/first-data';
import { clearCredentials, forgetBootFrame, removeItem, writeItem } from '@/session/storage';
import {
  AccountSettingPage,
  AdminSection,
  BaseInfoPage,
  EntrancePage,
  InviteLandingPage,
  OAuthCallbackPage,
  pagesFor,
  preloadPagesFor,
  renderWaitsForSession,
  RenewalPage,
  startFirstDataFor,
  UserCenterLayout,
} from './pages';

const facts = { tabs: [] as SubAppName[], tipBar: false, frozen: false };

afterEach(() => {
  forgetBootFrame();
  clearCredentials();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('pagesFor', () => {
  it('names the page of each kind of path', () => {
    expect(pagesFor('/renewal')).toEqual([RenewalPage]);
    // The apps' hosts render after the shell (their loading state already has the frame's box).
    expect(pagesFor('/micro-app-manual/scene/1')).toEqual([]);
    expect(pagesFor('/micro-app-product/')).toEqual([]);
    // A user centre page with its first data call (src/features/user-center/first-data.ts).
    const [layout, accountSetting] = pagesFor(ROUTES.userCenter.accountSetting);
    expect(layout).toBe(UserCenterLayout);
    const preload = vi.spyOn(AccountSettingPage, 'preload').mockResolvedValue(() => <></>);
    void accountSetting?.preload();
    expect(preload).toHaveBeenCalledOnce();
    expect(accountSetting?.firstData).toBe(prefetchAuthDetail);
    expect(pagesFor(`${ROUTES.userCenter.root}/`)).toEqual([UserCenterLayout, BaseInfoPage]);
    expect(pagesFor(`${INVITE_PATH_PREFIX}abc`)).toEqual([InviteLandingPage]);
    expect(pagesFor('/no-such-page')).toEqual([]);
    // As the router matches: trailing slashes and case do not matter.
    expect(pagesFor('/Renewal/')).toEqual([RenewalPage]);
    expect(pagesFor(`${INVITE_PATH_PREFIX}a/b`)).toEqual([]);
  });

  it('renders the renewal page with the shell when the home page lands there', () => {
    expect(pagesFor('/')).toEqual([]);
    writeItem('bootFrame', { ...facts, tabs: ['manual'], landing: 'manual' });
    expect(pagesFor('/')).toEqual([]);
    writeItem('bootFrame', { ...facts, landing: null, frozen: true });
    expect(pagesFor('/')).toEqual([RenewalPage]);
  });

  it('fetches the back-end and its page under the root the shell last recorded', () => {
    const members = adminPageAt('/members');
    expect(members).toBeDefined();
    // Not recorded yet (or by a shell before the root was recorded): nothing known.
    writeItem('bootFrame', { ...facts, landing: null });
    expect(pagesFor('/manage/members')).toEqual([]);
    writeItem('bootFrame', { ...facts, landing: null, adminPath: '/manage' });
    expect(pagesFor('/manage/members')).toEqual([AdminSection, members]);
    expect(pagesFor('/Manage/Members/')).toEqual([AdminSection, members]);
    expect(pagesFor('/manage/roles')).toEqual([AdminSection, adminPageAt('/roles')]);
    // The root (it redirects to the first page of the menus) and a page this app has not.
    expect(pagesFor('/manage')).toEqual([AdminSection]);
    expect(pagesFor('/manage/audit')).toEqual([AdminSection]);
    // Only under the root: a path that merely starts like it is not the back-end.
    expect(pagesFor('/manager/members')).toEqual([]);
    writeItem('bootFrame', { ...facts, landing: null, adminPath: null });
    expect(pagesFor('/manage/members')).toEqual([]);
  });
});

describe('preloadPagesFor', () => {
  it('fetches what a signed-out visitor can see, and nothing else', async () => {
    const preloads = [RenewalPage, OAuthCallbackPage].map((page) => vi.spyOn(page, 'preload'));
    clearCredentials();
    await preloadPagesFor(ROUTES.renewal);
    await preloadPagesFor(ROUTES.oauthCallback);
    expect(preloads.map((spy) => spy.mock.calls.length)).toEqual([0, 1]);
    writeItem('token', 't');
    await preloadPagesFor(ROUTES.renewal);
    expect(preloads[0]!.mock.calls.length).toBe(1);
  });

  it('waits a second at most, and never fails', async () => {
    vi.useFakeTimers();
    writeItem('token', 't');
    vi.spyOn(RenewalPage, 'preload').mockReturnValue(new Promise(() => {}));
    const stalled = vi.fn();
    void preloadPagesFor(ROUTES.renewal).then(stalled);
    await vi.advanceTimersByTimeAsync(999);
    expect(stalled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stalled).toHaveBeenCalled();
    vi.useRealTimers();
    vi.spyOn(EntrancePage, 'preload').mockRejectedValue(new Error('chunk failed'));
    await expect(preloadPagesFor(ROUTES.entrance)).resolves.toBeUndefined();
  });
});

describe('renderWaitsForSession', () => {
  it('lets only the pages outside the session render without the bootstrap calls', () => {
    expect(renderWaitsForSession(ROUTES.notFound)).toBe(false);
    expect(renderWaitsForSession(ROUTES.oauthCallback)).toBe(false);
    expect(renderWaitsForSession(ROUTES.legacyCallback)).toBe(false);
    for (const path of [
      '/',
      ROUTES.renewal,
      ROUTES.userCenter.baseInfo,
      '/micro-app-manual/',
      '/no-such-page',
    ])
      expect(renderWaitsForSession(path)).toBe(true);
  });
});

describe('startFirstDataFor', () => {
  const config = {
    last_login_tenant_link: 't-ent-2001',
    user_tenant_link: 't-personal-1',
    last_login_tenant_is_disable: false,
  } as UserConfig;
  const detailKey = getGetTenantDetailQueryKey({ tenant_link: 't-ent-2001' });
  const at = (path: string) => new URL(path, window.location.origin);

  it('starts the first data call of the pages that have one, signed in', () => {
    writeItem('token', 't');
    writeItem('bootFrame', { ...facts, landing: null, adminPath: '/manage' });
    const queryClient = new QueryClient();
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
    const keys = () => prefetch.mock.calls.map(([options]) => options.queryKey);

    startFirstDataFor(at('/manage/members'), queryClient, config);
    expect(keys()).toEqual([detailKey]);
    startFirstDataFor(at('/manage/enterprise'), queryClient, config);
    expect(keys()).toEqual([detailKey, detailKey]);
    // The roles page: the first page of roles, as it asks for it.
    startFirstDataFor(at('/manage/roles'), queryClient, config);
    expect(keys()).toEqual([detailKey, detailKey, getListRolesQueryKey(FIRST_ROLES_PAGE)]);
    // Pages that read something else, or nothing yet known: no call.
    startFirstDataFor(at('/user-info/base-info'), queryClient, config);
    startFirstDataFor(at('/manage/members'), queryClient, { ...config, last_login_tenant_link: '' });
    // Moved to the personal space, or the enterprise frozen, since the root was recorded.
    startFirstDataFor(at('/manage/members'), queryClient, { ...config, user_tenant_link: 't-ent-2001' });
    startFirstDataFor(at('/manage/members'), queryClient, { ...config, last_login_tenant_is_disable: true });
    expect(prefetch).toHaveBeenCalledTimes(3);
    // A notice's link to a feedback: its detail, by the id in the address; none without an id
    // or in a frozen enterprise (no such page there).
    startFirstDataFor(at(routeTo.feedbackDetail('question', 'fb-5002')), queryClient, config);
    startFirstDataFor(at(routeTo.feedbackDetail('activity', 'fb-1')), queryClient, config);
    startFirstDataFor(at(ROUTES.questionFeedbackDetail), queryClient, config);
    startFirstDataFor(at(routeTo.feedbackDetail('question', 'fb-9')), queryClient, {
      ...config,
      last_login_tenant_is_disable: true,
    });
    expect(keys()).toEqual([
      detailKey,
      detailKey,
      getListRolesQueryKey(FIRST_ROLES_PAGE),
      getGetQuestionFeedbackQueryKey('fb-5002'),
      getGetActivityFeedbackQueryKey('fb-1'),
    ]);
    // The user centre: each page's list as it first asks for it; 我的企业 not in page2 mode,
    // where the centre shows 个人信息 in its place.
    prefetch.mockClear();
    startFirstDataFor(at(ROUTES.userCenter.myFeedback), queryClient, config);
    startFirstDataFor(at(ROUTES.userCenter.accountSetting), queryClient, config);
    startFirstDataFor(at(ROUTES.userCenter.thirdAccount), queryClient, config);
    startFirstDataFor(at(ROUTES.userCenter.enterprise), queryClient, config);
    startFirstDataFor(at(ROUTES.userCenter.enterprise), queryClient, { ...config, def_home_page: 'page2' });
    expect(keys()).toEqual([
      getListFeedbackQueryKey(FIRST_MY_FEEDBACK_PAGE),
      getGetAuthDetailQueryKey(),
      getGetAuthDetailQueryKey(),
      getListTenantsQueryKey(),
    ]);
    // Signed out (the recorded facts kept, so only the token decides).
    prefetch.mockClear();
    removeItem('token');
    startFirstDataFor(at('/manage/members'), queryClient, config);
    startFirstDataFor(at(ROUTES.userCenter.myFeedback), queryClient, config);
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('a preloaded page', () => {
  it('renders in the first commit, where a lazy one shows the loading state first', async () => {
    const load = () => Promise.resolve({ default: () => <p>页面内容</p> });
    const Preloaded = lazyWithPreload(load);
    await Preloaded.preload();
    render(
      <Suspense fallback={<p>加载中…</p>}>
        <Preloaded />
      </Suspense>,
    );
    expect(screen.getByText('页面内容')).toBeTruthy();
    expect(screen.queryByText('加载中…')).toBeNull();

    const NotPreloaded = lazyWithPreload(load);
    render(
      <Suspense fallback={<p>加载中…</p>}>
        <NotPreloaded />
      </Suspense>,
    );
    expect(screen.getByText('加载中…')).toBeTruthy();
  });
});
