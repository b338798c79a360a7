/**
 * Helpers for a sub-app hosted by the workbench shell. They sit on micro-app's child
 * API (`window.microApp`, `window.__MICRO_APP_*__`), which the shell offers every
 * sub-app, so an app that already talks to micro-app directly works too; these only
 * add names and types for the messages of the contract (packages/contracts/openapi/sub-apps.schema.yaml).
 * Every helper is harmless when the app runs on its own (not embedded).
 *
 * The app runs in a frame on an origin of its own: it reaches nothing of the shell's (no
 * token, storage, cookies or document). What it may ask of the shell is here: a token scoped
 * to it for its own back end, a toast or a confirm rendered by the shell over the whole page,
 * a page of the workbench, a shell dialog, and the news that the session has ended.
 *
 * Plain ES module, no dependencies, no build step: import it from source or copy it.
 */

/** @returns {any} micro-app's child API, or undefined when the app runs on its own. */
const channel = () =>
  typeof window !== 'undefined' && window.__MICRO_APP_ENVIRONMENT__ ? window.microApp : undefined;

/** Whether the app runs inside the shell. */
export function isEmbedded() {
  return Boolean(channel());
}

/** The name the shell gave this app (`manual`, `product`, `channel`, `engine`), or null. */
export function appName() {
  return isEmbedded() ? (window.__MICRO_APP_NAME__ ?? null) : null;
}

/**
 * The route prefix the app's router must use, without a trailing slash: the shell's
 * (e.g. `/micro-app-product`) when embedded, else `standalone` (the app's own path).
 */
export function baseRoute(standalone = '') {
  const route = (isEmbedded() && window.__MICRO_APP_BASE_ROUTE__) || standalone;
  return route.replace(/\/+$/, '');
}

/** The latest data from the shell (every message merged, as micro-app does), or null. */
export function getShellData() {
  return channel()?.getData() ?? null;
}

/**
 * Calls `listener` with the shell's data now (when there is some) and on every change.
 * Returns the unsubscribe.
 */
export function onShellData(listener) {
  const api = channel();
  if (!api) return () => {};
  const handler = (data) => {
    listener(data);
  };
  api.addDataListener(handler, true);
  return () => api.removeDataListener(handler);
}

/** The session context (user, tenant, locale, home page), or null. */
export function getContext() {
  return channel()?.getGlobalData()?.context ?? null;
}

/** Calls `listener` with the session context now (when known) and when it changes. Returns the unsubscribe. */
export function onContext(listener) {
  const api = channel();
  if (!api) return () => {};
  const handler = (data) => {
    if (data && data.context) listener(data.context);
  };
  api.addGlobalDataListener(handler, true);
  return () => api.removeGlobalDataListener(handler);
}

/**
 * Sends a message of the contract to the shell. Every call is delivered (forced), even
 * one equal to the last. Returns false when there is no shell to send to.
 */
export function sendToShell(message) {
  const api = channel();
  if (!api) return false;
  api.forceDispatch(message);
  return true;
}

/** Opens the shell's feedback dialog or notices drawer. */
export const openShellDialog = (dialog) => sendToShell({ type: 'open', dialog });

/** Takes the user to a page of the workbench (a path on the shell's origin). */
export const navigateShell = (path) => sendToShell({ type: 'navigate', path });

/** Tells the shell the app changed notices, so its list and bell reload. */
export const noticesChanged = () => sendToShell({ type: 'notices-changed' });

/** Shows a short message above the whole page, rendered by the shell (`success`, `info`, `warning`, `error`). */
export const showToast = (level, content) => sendToShell({ type: 'toast', level, content });

/**
 * Tells the shell that the app's back end says the session has ended (it refused the app's
 * token as expired or revoked): the shell shows "登录状态已失效,请重新登录!" and signs out, once.
 */
export const reportSessionExpired = () => sendToShell({ type: 'session-expired' });

const notEmbedded = () => Promise.reject(new Error('not embedded: the app runs on its own'));

/**
 * Asks the shell a yes/no question in a dialog it renders over the whole page. Resolves to
 * true (OK) or false (cancel).
 */
export function confirm({ title, content = '' }) {
  const api = channel();
  return api && typeof api.request === 'function'
    ? api.request({ type: 'confirm', title, content })
    : notEmbedded();
}

/**
 * The frame renews a token when less than this is left of it (its child API caches the
 * token: src/sub-app-frame/child-api.ts); `onSessionToken` asks again just after that.
 */
const REFRESH_MARGIN_MS = 60_000;

/**
 * A token for the app's own back end: `{ token, expiresAt }`, a JWT signed by the workbench
 * for this app alone (`aud` the app's name, `sub` the user, `tid` the tenant, `exp` at most
 * 5 minutes ahead; `expiresAt` in milliseconds, like `Date.now()`). Never the shell's own
 * token. Send it as `Authorization: Bearer <token>`; the back end verifies it against the
 * workbench's key set (README of this kit). The frame caches it and renews it when less than
 * a minute is left, so call it before each request. Rejects when the session has ended (the
 * reason starts with `session-ended`) or when the app runs on its own.
 */
export function getSessionToken() {
  const api = channel();
  if (!api || typeof api.getSessionToken !== 'function') return notEmbedded();
  return api.getSessionToken();
}

/**
 * Keeps a fresh token for as long as the app runs: calls `listener` with one now and with a
 * new one a minute before each expires (and `onError` with the reason when none can be had,
 * for example once the session has ended). Returns the stop function.
 */
export function onSessionToken(listener, onError = () => {}) {
  let timer = 0;
  let stopped = false;
  const next = () =>
    getSessionToken().then(
      (token) => {
        if (stopped) return;
        listener(token);
        const wait = Math.max(1_000, token.expiresAt - Date.now() - REFRESH_MARGIN_MS + 1_000);
        timer = setTimeout(next, wait);
      },
      (error) => {
        if (!stopped) onError(error);
      },
    );
  void next();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Runs `cleanup` once when the shell removes the app (micro-app's `unmount` event). */
export function onUnmount(cleanup) {
  if (typeof window !== 'undefined') window.addEventListener('unmount', () => cleanup(), { once: true });
}
