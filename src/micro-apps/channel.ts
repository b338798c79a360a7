/**
 * The one channel between the shell and its embedded apps. Features send data and
 * listen here; nothing else touches the micro-app framework's data API.
 */
import microApp from '@micro-zoe/micro-app';
import type { SubAppName } from '@/config/env';

export type ShellToApp =
  | { type: 'route'; subRoute: string }
  | { type: 'refresh'; scene_no: string | null; at: number };

export type AppToShell = { type: string; [key: string]: unknown };

/**
 * Sends data to an app. `force` sends even when the data equals the last sent
 * (micro-app drops equal data otherwise): events such as "refresh scene N" use it.
 */
export function sendToApp(app: SubAppName, data: ShellToApp, opts: { force?: boolean } = {}): void {
  const payload = data as unknown as Record<PropertyKey, unknown>;
  if (opts.force) microApp.forceSetData(app, payload);
  else microApp.setData(app, payload);
}

/** Listens to what an app dispatches; returns the unsubscribe. */
export function onAppEvent(app: SubAppName, listener: (data: AppToShell) => void): () => void {
  const handler = (data: Record<PropertyKey, unknown>) => listener(data as AppToShell);
  microApp.addDataListener(app, handler);
  return () => microApp.removeDataListener(app, handler);
}
