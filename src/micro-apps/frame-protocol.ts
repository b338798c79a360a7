/**
 * The messages between the shell and a sub-app frame (`sub-app.html`), over
 * `postMessage` on the shell's own origin. This is the shell's internal wire: what a
 * sub-app itself sends and receives is the contract in openapi/sub-apps.schema.yaml,
 * carried inside `data` / `dispatch` messages.
 *
 * shell → frame: init (the data already set, before the child's scripts run), data,
 *   global-data, navigate (the shell URL moved to a route of this app), unmount.
 * frame → shell: ready, mounted (the child rendered content), error (with the reason),
 *   location (the child moved its router), dispatch (data the child sent).
 */
export const FRAME_CHANNEL = 'workbench:sub-app-frame';

type Data = Record<string, unknown>;

export type ShellToFrame =
  | { channel: typeof FRAME_CHANNEL; kind: 'init'; data: Data; globalData: Data }
  | { channel: typeof FRAME_CHANNEL; kind: 'data'; data: Data; force: boolean }
  | { channel: typeof FRAME_CHANNEL; kind: 'global-data'; data: Data; force: boolean }
  | { channel: typeof FRAME_CHANNEL; kind: 'navigate'; path: string }
  | { channel: typeof FRAME_CHANNEL; kind: 'unmount' };

export type FrameToShell =
  | { channel: typeof FRAME_CHANNEL; kind: 'ready' }
  | { channel: typeof FRAME_CHANNEL; kind: 'mounted' }
  | { channel: typeof FRAME_CHANNEL; kind: 'error'; reason: string }
  | { channel: typeof FRAME_CHANNEL; kind: 'location'; path: string; replace: boolean }
  | { channel: typeof FRAME_CHANNEL; kind: 'dispatch'; data: unknown };

type Kinds<T> = T extends { kind: infer K } ? K : never;
const SHELL_KINDS: readonly Kinds<ShellToFrame>[] = ['init', 'data', 'global-data', 'navigate', 'unmount'];
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

/** The frame page's URL for an app starting on a shell route. */
export const FRAME_PAGE = '/sub-app.html';

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
