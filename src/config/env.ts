/**
 * External URLs and fixed values, from `VITE_*` variables (see README "Configuration").
 * Defaults point at the mock stack behind the dev server / preview proxy, so the
 * app runs with nothing configured.
 */
import { REQUEST_TIMEOUT_MS } from '@/constants/limits';
import { INVITE_PATH_PREFIX, type SubAppName } from '@/constants/routes';

const env = import.meta.env;

function read(name: string, fallback: string): string {
  const v = env[name] as string | undefined;
  return v && v.trim() ? v.trim() : fallback;
}

/** A whole number of milliseconds above zero, else the fallback. */
function milliseconds(name: string, fallback: number): number {
  const value = Number(read(name, ''));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost:5173';

export const config = {
  /** Base of the three services; the app appends /api/workbench, /api/message, /api/rbac. */
  apiBase: read('VITE_API_BASE', ''),
  ssoAuthorizeUrl: read('VITE_SSO_AUTHORIZE_URL', '/sso/authorize'),
  ssoLogoutUrl: read('VITE_SSO_LOGOUT_URL', '/sso/logout'),
  ssoClientId: read('VITE_SSO_CLIENT_ID', 'workbench'),
  ssoScope: read('VITE_SSO_SCOPE', 'openid'),
  /** The fixed SSO state value (SPEC §7); the app adds a per-sign-in nonce to it and checks it on return. */
  ssoState: read('VITE_SSO_STATE', 'workbench'),
  realtimeUrl: read('VITE_REALTIME_URL', origin.replace(/^http/, 'ws') + '/api/message/v1/ws'),
  /** Fixed share-link prefix for invitations; the invite code is appended. */
  inviteLinkPrefix: read('VITE_INVITE_LINK_PREFIX', origin + INVITE_PATH_PREFIX),
  subApps: {
    manual: read('VITE_MICRO_APP_MANUAL_URL', '/__mock/apps/manual/'),
    product: read('VITE_MICRO_APP_PRODUCT_URL', '/__mock/apps/product/'),
    channel: read('VITE_MICRO_APP_CHANNEL_URL', '/__mock/apps/channel/'),
    engine: read('VITE_MICRO_APP_ENGINE_URL', '/__mock/apps/engine/'),
  } satisfies Record<SubAppName, string>,
  /**
   * Where the sub-apps' frame pages are served, one origin per app: a template with `{app}`
   * (`https://{app}.apps.example.com`). Empty: `{app}.localhost` on the shell's scheme and port
   * (src/constants/frame-origins.ts).
   */
  subAppFrameOrigin: read('VITE_SUB_APP_FRAME_ORIGIN', ''),
  /** Origins (besides this one) that server-provided links and redirects may point to. */
  allowedLinkOrigins: read('VITE_ALLOWED_LINK_ORIGINS', '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  /** The avatar a user gets back with "恢复默认头像" (the contract's default avatar). */
  defaultAvatarUrl: read('VITE_DEFAULT_AVATAR_URL', 'https://static.zhique.example.com/avatar/default.png'),
  /**
   * Request time limit (SPEC §9: 60 s). Only test builds change it: the fuzz run
   * (`npm run test:fuzz`) shortens it to see never-answering requests end in an error state.
   */
  requestTimeoutMs: milliseconds('VITE_REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS),
} as const;

export type { SubAppName } from '@/constants/routes';
