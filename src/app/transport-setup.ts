/** Wires the one transport to the app: antd toasts for 2 s, the stored credentials, session expiry. */
import { message } from 'antd';
import { configureTransport } from '@/api/transport';
import { config } from '@/config/env';
import { TOAST_SECONDS } from '@/constants/limits';
import { getTenantId, getToken } from '@/session/storage';
import { expireSession } from '@/session/sso';

export function setupTransport(): void {
  configureTransport({
    baseUrl: config.apiBase,
    getToken,
    getTenantId,
    notifyError: (text) => void message.error({ content: text, duration: TOAST_SECONDS }),
    // Session expiry: clear the credentials and go to logout (SPEC §4, §8).
    onSessionExpired: expireSession,
  });
}
