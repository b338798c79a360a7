import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '@/ui/navigation';
import {
  acceptTokenFromUrl,
  buildAuthorizeUrl,
  consumePendingSignIn,
  logoutUrl,
  redirectToSignIn,
} from './sso';
import { clearCredentials, getTenantId, getToken, readItem, setTenantId, writeItem } from './storage';

afterEach(() => {
  clearCredentials();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('single sign-on', () => {
  it('builds the authorize URL with every query value of SPEC §7, forwarding pi', () => {
    const url = new URL(buildAuthorizeUrl({ returnTo: '/micro-app-product/', pi: 'p-42' }));
    expect(url.pathname).toBe('/sso/authorize');
    const q = url.searchParams;
    expect(q.get('scope')).toBe('openid');
    expect(q.get('grant_type')).toBe('authorization_code');
    expect(q.get('redirect_uri')).toBe(`${window.location.origin}/oauth/callback`);
    expect(q.get('client_id')).toBe('workbench');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('state')).toMatch(/^workbench\.[0-9a-f]{24}$/);
    expect(q.get('pi')).toBe('p-42');
  });

  it('goes to the authorize page once, however often it is asked, until the page is shown again', () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    window.history.replaceState(null, '', '/manage/members?pi=p-7');
    redirectToSignIn();
    redirectToSignIn();
    expect(assign).toHaveBeenCalledTimes(1);
    const url = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(url.searchParams.get('pi')).toBe('p-7');
    // The state remembered is the one in the address the browser went to.
    expect(consumePendingSignIn(url.searchParams.get('state'))).toEqual({ returnTo: '/manage/members' });
    // A page's own first pageshow is no way back; one from the back-forward cache is.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    redirectToSignIn();
    expect(assign).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    redirectToSignIn();
    expect(assign).toHaveBeenCalledTimes(2);
    // The user's own press goes even while a start is under way (it may have been stopped).
    redirectToSignIn({ userAsked: true });
    expect(assign).toHaveBeenCalledTimes(3);
    assign.mockRestore();
  });

  it('leaves pi out when there is none', () => {
    expect(new URL(buildAuthorizeUrl()).searchParams.has('pi')).toBe(false);
  });

  it('accepts only the state this tab sent, once', () => {
    const state = new URL(buildAuthorizeUrl({ returnTo: '/user-info' })).searchParams.get('state');
    expect(consumePendingSignIn('workbench.forged')).toBeNull();
    const again = new URL(buildAuthorizeUrl({ returnTo: '/user-info' })).searchParams.get('state');
    expect(again).not.toBe(state);
    expect(consumePendingSignIn(again)).toEqual({ returnTo: '/user-info' });
    expect(consumePendingSignIn(again)).toBeNull();
  });

  it('never returns to a foreign origin after sign-in', () => {
    const state = new URL(buildAuthorizeUrl({ returnTo: 'https://evil.example/phish' })).searchParams.get(
      'state',
    );
    expect(consumePendingSignIn(state)).toEqual({ returnTo: '/' });
  });

  it('accepts a token in the URL and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/micro-app-manual/?token=abc123&x=1#top');
    expect(acceptTokenFromUrl()).toBe(true);
    expect(getToken()).toBe('abc123');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.href).not.toContain('abc123');
    expect(window.location.hash).toBe('#top');
  });

  it('logout goes to the account app with a redirect back to the workbench', () => {
    const url = new URL(logoutUrl());
    expect(url.pathname).toBe('/sso/logout');
    expect(url.searchParams.get('redirect')).toBe(`${window.location.origin}/`);
  });

  it('the tenant header belongs to this tab: another tab switching space does not change it', () => {
    setTenantId('t-ent-2001');
    // What another tab's switch does to the shared storage:
    window.localStorage.setItem('workbench.tenantId', JSON.stringify('t-ent-2002'));
    expect(getTenantId()).toBe('t-ent-2001');
    expect(readItem('tenantId')).toBe('t-ent-2002');
  });

  it('clearing credentials keeps the tip-bar choice', () => {
    writeItem('token', 't');
    writeItem('tipBarClosed', true);
    clearCredentials();
    expect(getToken()).toBeNull();
    expect(readItem('tipBarClosed')).toBe(true);
  });
});
