/**
 * Helpers for a sub-app hosted by the workbench shell. They sit on micro-app's child
 * API (`window.microApp`, `window.__MICRO_APP_*__`), which the shell offers every
 * sub-app, so an app that already talks to micro-app directly works too; these only
 * add names and types for the messages of the contract (openapi/sub-apps.schema.yaml).
 * Every helper is harmless when the app runs on its own (not embedded).
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

/** Runs `cleanup` once when the shell removes the app (micro-app's `unmount` event). */
export function onUnmount(cleanup) {
  if (typeof window !== 'undefined') window.addEventListener('unmount', () => cleanup(), { once: true });
}
