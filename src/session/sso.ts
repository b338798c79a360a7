/**
 * Single sign-on (SPEC §4, §7): the authorize redirect, the state check on the
 * way back, the token in the URL, logout and session expiry.
 */
import { config } from '@/config/env';
import { TOAST_SECONDS } from '@/constants/limits';
import { navigation } from '@/ui/navigation';
import { safeRedirect } from '@/ui/safe-url';
import { ROUTES } from '@/constants/routes';
import { clearCredentials, writeItem } from './storage';

const PENDING_KEY = 'workbench.sso.pending';

interface PendingSignIn {
  state: string;
  returnTo: string;
}

export function callbackUrl(): string {
  return window.location.origin + ROUTES.oauthCallback;
}

function randomNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Builds the authorize URL; the state is the fixed value plus a nonce remembered for this tab. */
export function buildAuthorizeUrl(opts: { returnTo?: string; pi?: string | null } = {}): string {
  const state = `${config.ssoState}.${randomNonce()}`;
  const pending: PendingSignIn = { state, returnTo: safeRedirect(opts.returnTo) ?? ROUTES.home };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    scope: config.ssoScope,
    grant_type: 'authorization_code',
    redirect_uri: callbackUrl(),
    client_id: config.ssoClientId,
    response_type: 'code',
    state,
  });
  if (opts.pi) query.set('pi', opts.pi);
  const base = new URL(config.ssoAuthorizeUrl, window.location.origin);
  return `${base.href}${base.search ? '&' : '?'}${query}`;
}

/** Set once the app is leaving for the logout page, so nothing starts a sign-in on the way out. */
let leaving = false;
export const isLeaving = (): boolean => leaving;

/**
 * Set once this page is on its way to the authorize page: a second start (React's development
 * double effects) would abort the first navigation and remember another state. A page brought
 * back from the back-forward cache may start again, and so may the user (a button).
 */
let signingIn = false;
const backFromCache = (event: PageTransitionEvent) => {
  if (event.persisted) signingIn = false;
};

/**
 * Signed out: go to the SSO authorize page, forwarding the optional `pi` of the current URL.
 * `userAsked`: the user pressed a button for it, which goes even if a start is under way (it may
 * have been stopped).
 */
export function redirectToSignIn({ userAsked = false } = {}): void {
  if (leaving || (signingIn && !userAsked)) return;
  signingIn = true;
  window.addEventListener('pageshow', backFromCache);
  const here = new URL(window.location.href);
  const pi = here.searchParams.get('pi');
  here.searchParams.delete('pi');
  navigation.assign(buildAuthorizeUrl({ returnTo: here.pathname + here.search + here.hash, pi }));
}

/** Checks the state that came back; returns where the user was going, or null when it does not match. */
export function consumePendingSignIn(state: string | null): { returnTo: string } | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw || !state) return null;
  try {
    const pending = JSON.parse(raw) as PendingSignIn;
    return pending.state === state ? { returnTo: pending.returnTo } : null;
  } catch {
    return null;
  }
}

/**
 * A token in the URL (`?token=…`) is accepted: stored, then removed from the
 * address bar so it does not linger in history, bookmarks or referrers.
 */
export function acceptTokenFromUrl(): boolean {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  writeItem('token', token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return true;
}

/** The account app's logout page, with a redirect back to the workbench. */
export function logoutUrl(): string {
  const base = new URL(config.ssoLogoutUrl, window.location.origin);
  base.searchParams.set('redirect', window.location.origin + '/');
  return base.href;
}

/** Clears the token and stored items, then leaves for the account app's logout page. */
export function signOut(): void {
  leaving = true;
  clearCredentials();
  window.location.assign(logoutUrl());
}

/**
 * Session expiry (SPEC §4, §8): the credentials are cleared at once; the logout page follows
 * once "登录状态已失效,请重新登录!" has been on screen for the spec's toast duration. The
 * wait is for the reader: the logout page belongs to the account app and cannot repeat the
 * message, and leaving at once would unload it within a frame of appearing. Nothing can act
 * on the dead session meanwhile (no credentials; the transport toasts nothing more).
 */
export function expireSession(): void {
  leaving = true;
  clearCredentials();
  window.setTimeout(() => window.location.assign(logoutUrl()), TOAST_SECONDS * 1000);
}
