/**
 * Where each sub-app's frame page is served: an origin of its own per app, so a child
 * reaches nothing of the shell's (README "Security"). One rule for the app, the servers
 * (vite-plugins/csp.ts) and the tests:
 *
 * - `VITE_SUB_APP_FRAME_ORIGIN` is a template with `{app}`, e.g. `https://{app}.apps.example.com`;
 * - unset, the frames are on `{app}.localhost` with the shell's scheme and port. Browsers
 *   resolve every `*.localhost` name to the loopback, so `npm start` and `npm run preview`
 *   serve them from the same port, told apart by the Host header, with nothing to configure.
 */
import type { SubAppName } from './routes';

/** The page every app's frame origin serves (vite-plugins/csp.ts), the frame runtime's entry. */
export const FRAME_PAGE_PATH = '/sub-app.html';

export const SUB_APP_NAMES = [
  'manual',
  'product',
  'channel',
  'engine',
] as const satisfies readonly SubAppName[];

/** The host of a frame when no template is set. */
const DEFAULT_FRAME_HOST = '{app}.localhost';

/** The shell's scheme and port (a `Location` or a `URL` will do). */
export interface ShellPlace {
  protocol: string;
  port: string;
}

/** The origin the frame page of `app` is served from. */
export function frameOriginFor(app: string, template: string | undefined, shell: ShellPlace): string {
  const pattern =
    template?.trim() || `${shell.protocol}//${DEFAULT_FRAME_HOST}${shell.port ? `:${shell.port}` : ''}`;
  // `{app}` must be part of the host: anywhere else (the path) every app would share one origin.
  if (!new URL(pattern.replaceAll('{app}', 'app-placeholder')).hostname.includes('app-placeholder'))
    throw new Error(
      `VITE_SUB_APP_FRAME_ORIGIN "${pattern}" must name {app} in its host, e.g. https://{app}.apps.example.net`,
    );
  return new URL(pattern.replaceAll('{app}', app)).origin;
}

/**
 * Which app a frame host serves (`manual.localhost` → manual), or undefined when `host`
 * (a hostname, no port) is not a frame host of the template.
 */
export function frameAppOfHost(host: string, template: string | undefined): SubAppName | undefined {
  const pattern = template?.trim()
    ? new URL(template.trim().replaceAll('{app}', 'app-placeholder')).hostname
    : DEFAULT_FRAME_HOST.replace('{app}', 'app-placeholder');
  const [before = '', after = ''] = pattern.split('app-placeholder');
  const name = host.toLowerCase();
  if (!name.startsWith(before) || !name.endsWith(after)) return undefined;
  const app = name.slice(before.length, name.length - after.length);
  return (SUB_APP_NAMES as readonly string[]).includes(app) ? (app as SubAppName) : undefined;
}
