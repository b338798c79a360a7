/**
 * The one channel between the shell and its embedded apps. Features send data and
 * listen here; nothing else touches the micro-app framework's data API.
 *
 * The framework is imported on first use, not with the shell: the shell's first paint
 * does not wait for it, and the page that embeds an app loads it anyway. Sends keep
 * their order (they all wait on the same import).
 */
import type { SubAppName } from '@/config/env';

type MicroAppApi = (typeof import('@micro-zoe/micro-app'))['default'];
let framework: Promise<MicroAppApi> | undefined;
const loadFramework = () =>
  (framework ??= import('@micro-zoe/micro-app')
    .then((m) => m.default)
    .catch((error: unknown) => {
      framework = undefined; // the next send or listener tries again
      throw error;
    }));

/** A send or listener that could not reach the framework is logged and dropped. */
const reportUnreachable = (error: unknown) =>
  console.error('[micro-apps] framework could not be loaded', error);

export type ShellToApp =
  { type: 'route'; subRoute: string } | { type: 'refresh'; scene_no: string | null; at: number };

export type AppToShell = { type: string; [key: string]: unknown };

/**
 * Sends data to an app. `force` sends even when the data equals the last sent
 * (micro-app drops equal data otherwise): events such as "refresh scene N" use it.
 */
export function sendToApp(app: SubAppName, data: ShellToApp, opts: { force?: boolean } = {}): void {
  const payload = data as unknown as Record<PropertyKey, unknown>;
  void loadFramework().then((microApp) => {
    if (opts.force) microApp.forceSetData(app, payload);
    else microApp.setData(app, payload);
  }, reportUnreachable);
}

/** Listens to what an app dispatches; returns the unsubscribe. */
export function onAppEvent(app: SubAppName, listener: (data: AppToShell) => void): () => void {
  const handler = (data: Record<PropertyKey, unknown>) => listener(data as AppToShell);
  let subscribed = true;
  let unsubscribe = () => {};
  void loadFramework().then((microApp) => {
    if (!subscribed) return;
    microApp.addDataListener(app, handler);
    unsubscribe = () => microApp.removeDataListener(app, handler);
  }, reportUnreachable);
  return () => {
    subscribed = false;
    unsubscribe();
  };
}
