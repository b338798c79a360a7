/**
 * The page a load starts on is fetched before the first render, and then renders without
 * a loading state in between (the renewal page's footer no longer moves on a phone).
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { afterEach, describe, expect, it } from 'vitest';
import { INVITE_PATH_PREFIX, ROUTES, type SubAppName } from '@/constants/routes';
import { forgetBootFrame, writeItem } from '@/session/storage';
import {
  AccountSettingPage,
  BaseInfoPage,
  InviteLandingPage,
  pagesFor,
  ProductWorkspace,
  RenewalPage,
  SubAppHost,
  UserCenterLayout,
} from './pages';

const facts = { tabs: [] as SubAppName[], tipBar: false, frozen: false };

afterEach(() => forgetBootFrame());

describe('pagesFor', () => {
  it('names the page of each kind of path', () => {
    expect(pagesFor('/renewal')).toEqual([RenewalPage]);
    expect(pagesFor('/micro-app-manual/scene/1')).toEqual([SubAppHost]);
    expect(pagesFor('/micro-app-product/')).toEqual([ProductWorkspace]);
    expect(pagesFor(ROUTES.userCenter.accountSetting)).toEqual([UserCenterLayout, AccountSettingPage]);
    expect(pagesFor(`${ROUTES.userCenter.root}/`)).toEqual([UserCenterLayout, BaseInfoPage]);
    expect(pagesFor(`${INVITE_PATH_PREFIX}abc`)).toEqual([InviteLandingPage]);
    expect(pagesFor('/no-such-page')).toEqual([]);
  });

  it('finds where the home page lands from what the shell recorded', () => {
    expect(pagesFor('/')).toEqual([]);
    writeItem('bootFrame', { ...facts, tabs: ['manual'], landing: 'manual' });
    expect(pagesFor('/')).toEqual([SubAppHost]);
    writeItem('bootFrame', { ...facts, tabs: ['product'], landing: 'product' });
    expect(pagesFor('/')).toEqual([ProductWorkspace]);
    writeItem('bootFrame', { ...facts, landing: null, frozen: true });
    expect(pagesFor('/')).toEqual([RenewalPage]);
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
