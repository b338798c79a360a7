/**
 * Binding a third-party account (PUT /provider/v1/user/bind needs the provider's
 * authorization code). Design: the account app's authorize endpoint (the same
 * one as sign-in) brokers the providers; `provider=<key>` picks one, and it comes
 * back to the third-party accounts page with `code` and our `state`, which is
 * checked against the one remembered for this tab before anything is sent.
 */
import type { ProviderBindRequestProvider } from '@generated/workbench/model';
import { config } from '@/config/env';
import { ROUTES } from '@/constants/routes';

const PENDING_KEY = 'workbench.providerBind.pending';
const PROVIDERS: readonly ProviderBindRequestProvider[] = ['wechat', 'dingtalk', 'feishu'];

interface Pending {
  state: string;
  provider: ProviderBindRequestProvider;
}

const bindRedirectUri = (): string => window.location.origin + ROUTES.userCenter.thirdAccount;

function nonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The authorize URL for binding `provider`; remembers the state for the way back. */
export function providerAuthorizeUrl(provider: ProviderBindRequestProvider): string {
  const pending: Pending = { state: `bind.${provider}.${nonce()}`, provider };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    scope: config.ssoScope,
    client_id: config.ssoClientId,
    response_type: 'code',
    redirect_uri: bindRedirectUri(),
    state: pending.state,
    provider,
  });
  const base = new URL(config.ssoAuthorizeUrl, window.location.origin);
  return `${base.href}${base.search ? '&' : '?'}${query}`;
}

export type BindReturn =
  | { kind: 'none' }
  | { kind: 'invalid' }
  | { kind: 'bind'; provider: ProviderBindRequestProvider; code: string; redirectUri: string };

function parsePending(raw: string | null): Pending | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Pending;
  } catch {
    return null;
  }
}

/** Reads (once) what the authorize endpoint sent back in the page's query. */
export function consumeBindReturn(search: URLSearchParams): BindReturn {
  const code = search.get('code');
  const state = search.get('state');
  if (!code && !state) return { kind: 'none' };
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = parsePending(raw);
  if (!code || !state || !pending || pending.state !== state || !PROVIDERS.includes(pending.provider))
    return { kind: 'invalid' };
  return { kind: 'bind', provider: pending.provider, code, redirectUri: bindRedirectUri() };
}
