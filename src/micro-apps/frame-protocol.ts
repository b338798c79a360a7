/**
 * The messages between the shell and a sub-app frame (`sub-app.html`), over
 * `postMessage` on the shell's own origin. This is the shell's internal wire: what a
 * sub-app itself sends and receives is the contract in openapi/sub-apps.schema.yaml,
 * carried inside `data` / `dispatch` messages.
 *
 * shell → frame: init (the data already set, before the child's scripts run), data,
 *   global-data, navigate (the shell URL moved to a route of this app, with the
 *   child's history.state of that entry).
 * frame → shell: ready, mounted (the child rendered content), error (with the reason),
 *   location (the child moved its router, with its history.state), dispatch (data the
 *   child sent).
 * Unmounting cannot be a message: the frame is removed right after, before it could
 * read one. The shell calls the frame's FRAME_HOOK directly (same origin) instead.
 */
export const FRAME_CHANNEL = 'workbench:sub-app-frame';

type Data = Record<string, unknown>;

export type ShellToFrame =
  | { channel: typeof FRAME_CHANNEL; kind: 'init'; data: Data; globalData: Data }
  | { channel: typeof FRAME_CHANNEL; kind: 'data'; data: Data; force: boolean }
  | { channel: typeof FRAME_CHANNEL; kind: 'global-data'; data: Data; force: boolean }
  | { channel: typeof FRAME_CHANNEL; kind: 'navigate'; path: string; state: unknown };

export type FrameToShell =
  | { channel: typeof FRAME_CHANNEL; kind: 'ready' }
  | { channel: typeof FRAME_CHANNEL; kind: 'mounted' }
  | { channel: typeof FRAME_CHANNEL; kind: 'error'; reason: string }
  | { channel: typeof FRAME_CHANNEL; kind: 'location'; path: string; replace: boolean; state: unknown }
  | { channel: typeof FRAME_CHANNEL; kind: 'dispatch'; data: unknown };

/** A message as the sender writes it: the channel tag is added when it is posted. */
export type Untagged<T> = T extends { channel: unknown } ? Omit<T, 'channel'> : never;

type Kinds<T> = T extends { kind: infer K } ? K : never;
const SHELL_KINDS: readonly Kinds<ShellToFrame>[] = ['init', 'data', 'global-data', 'navigate'];
const FRAME_KINDS: readonly Kinds<FrameToShell>[] = ['ready', 'mounted', 'error', 'location', 'dispatch'];

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message of this channel with a known kind (its fields are checked where it is handled). */
export function isShellMessage(value: unknown): value is ShellToFrame {
  return isObject(value) && value.channel === FRAME_CHANNEL && SHELL_KINDS.includes(value.kind as never);
}

export function isFrameMessage(value: unknown): value is FrameToShell {
  return isObject(value) && value.channel === FRAME_CHANNEL && FRAME_KINDS.includes(value.kind as never);
}

/** What a frame's window offers the shell directly: the child's unmount, run before the frame goes. */
export const FRAME_HOOK = '__workbenchSubAppFrame';
export interface FrameHook {
  unmount(): void;
}

/** The frame page's URL for an app starting on a shell route. */
const FRAME_PAGE = '/sub-app.html';

export function frameUrl(app: string, route: string): string {
  return `${FRAME_PAGE}?${new URLSearchParams({ app, route }).toString()}`;
}

/**
 * micro-app's rule for data: a new value is delivered only when it differs (shallowly,
 * key by key) from the current one, unless it is forced.
 */
export function shallowEqual(a: Data, b: Data): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && a[key] === b[key]);
}

/**
 * A sub-app that reloads its frame (`location.reload()`) loads its current URL, a shell
 * route, into the frame. The shell must not start inside it: it sends the frame back to
 * the sub-app page on the same route. Returns whether it did (then the shell stays idle).
 */
export function returnToSubAppPage(): boolean {
  let app: string | undefined;
  try {
    app = (window.frameElement as HTMLElement | null)?.dataset.subApp;
  } catch {
    return false; // embedded by another origin: not our frame
  }
  if (!app) return false;
  const { pathname, search, hash } = window.location;
  window.location.replace(frameUrl(app, `${pathname}${search}${hash}`));
  return true;
}

/**
 * `path` as the browser resolves it on this origin (dot segments gone), when it lies
 * under `prefix` (an app's route prefix, e.g. /micro-app-manual); otherwise null. So a
 * child cannot steer the shell elsewhere with `/micro-app-manual/../admin` or
 * `/micro-app-manualX`.
 */
export function routeUnder(prefix: string, path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(path, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
