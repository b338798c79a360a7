/**
 * The wire between the shell and a sub-app frame (`sub-app.html`, served on the app's own
 * origin: src/constants/frame-origins.ts). This is the shell's internal wire: what a sub-app
 * itself sends and receives is the contract in openapi/sub-apps.schema.yaml, carried inside
 * `data` / `dispatch` / `request` messages.
 *
 * The handshake, on the window, on every load of the frame page:
 *   frame → shell   hello                (posted to the shell's origin only)
 *   shell → frame   welcome + a MessagePort (posted to the app's frame origin only, and only
 *                   when the hello came from that frame's window and that origin)
 * Everything after goes over the port, which only the two ends hold; each side ignores any
 * other message on its window. A frame that loads again (a reload inside it) says hello again
 * and gets a new port; the old one is closed.
 *
 * shell → frame (port): data, global-data, navigate (the shell URL moved to a route of this
 *   app, with the child's history.state of that entry), answer (to a request), unmount.
 * frame → shell (port): mounted, error, location (the child moved its router), dispatch (data
 *   the child sent), request (the child asks and waits: session token, confirm), modal (the
 *   child's modal opened or closed, with its mask colour), guide-targets (where the elements
 *   the shell's tour points at are), storage (the app's storage changed, where the browser
 *   refuses the frame its own: sub-app-frame/storage-fallback.ts), unmounted (the acknowledgement of
 *   unmount).
 */
export const FRAME_CHANNEL = 'workbench:sub-app-frame';

type Data = Record<string, unknown>;

export interface Hello {
  channel: typeof FRAME_CHANNEL;
  kind: 'hello';
}

export interface Welcome {
  channel: typeof FRAME_CHANNEL;
  kind: 'welcome';
  /** The app the shell hosts in this frame (the frame page serves whichever app the shell says). */
  app: string;
  /** The child's entry, absolute (configured URLs are relative to the shell). */
  entry: string;
  data: Data;
  globalData: Data;
  /** What the shell kept of the app's storage, for a browser that refuses the frame its own (sub-app-frame/storage-fallback.ts). */
  storage: { local: Record<string, string>; session: Record<string, string> };
}

/** A storage of the app's frame, kept by the shell where the browser refuses the frame its own (sub-app-sub-app-frame/storage-fallback.ts). */
export type StorageArea = 'local' | 'session';
export type StoredItems = Record<string, string>;

/** What the shell keeps per app and area, at most, in characters of its JSON. */
export const STORAGE_FALLBACK_LIMIT = 512 * 1024;

/** The size of a set of items as the shell keeps it: the characters of its JSON. */
export const sizeOf = (items: StoredItems): number => JSON.stringify(items).length;

/** A box in the frame's viewport, in CSS pixels. */
export interface FrameRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type ShellToFrame =
  | { kind: 'data'; data: Data; force: boolean }
  | { kind: 'global-data'; data: Data; force: boolean }
  | { kind: 'navigate'; path: string; state: unknown }
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; reason: string }
  | { kind: 'unmount' };

export type FrameToShell =
  | { kind: 'mounted' }
  | { kind: 'error'; reason: string }
  | { kind: 'location'; path: string; replace: boolean; state: unknown }
  | { kind: 'dispatch'; data: unknown }
  | { kind: 'request'; id: number; body: unknown }
  | { kind: 'modal'; open: boolean; mask: string | null }
  | { kind: 'guide-targets'; targets: Record<string, FrameRect> }
  | { kind: 'storage'; area: 'local' | 'session'; items: Record<string, string> }
  | { kind: 'unmounted' };

type Kinds<T> = T extends { kind: infer K } ? K : never;
const SHELL_KINDS: readonly Kinds<ShellToFrame>[] = ['data', 'global-data', 'navigate', 'answer', 'unmount'];
const FRAME_KINDS: readonly Kinds<FrameToShell>[] = [
  'mounted',
  'error',
  'location',
  'dispatch',
  'request',
  'modal',
  'guide-targets',
  'storage',
  'unmounted',
];

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isHello = (value: unknown): value is Hello =>
  isObject(value) && value.channel === FRAME_CHANNEL && value.kind === 'hello';

export const isWelcome = (value: unknown): value is Welcome =>
  isObject(value) &&
  value.channel === FRAME_CHANNEL &&
  value.kind === 'welcome' &&
  typeof value.app === 'string' &&
  typeof value.entry === 'string' &&
  isObject(value.data) &&
  isObject(value.globalData);

/** A port message of a known kind (its fields are checked where it is handled). */
export function isShellMessage(value: unknown): value is ShellToFrame {
  return isObject(value) && SHELL_KINDS.includes(value.kind as never);
}

export function isFrameMessage(value: unknown): value is FrameToShell {
  return isObject(value) && FRAME_KINDS.includes(value.kind as never);
}

/**
 * The frame page's URL for an app starting on a shell route, on the app's frame origin. It
 * names the child's entry too, so the frame fetches the child's page while the shell answers
 * its handshake (the welcome names the entry again and decides).
 */
export function frameUrl(frameOrigin: string, route: string, entry: string): string {
  return `${frameOrigin}/sub-app.html?${new URLSearchParams({ route, entry }).toString()}`;
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
 * `path` as the browser resolves it (dot segments gone), when it lies under `prefix` (an
 * app's route prefix, e.g. /micro-app-manual); otherwise null. So a child cannot steer the
 * shell elsewhere with `/micro-app-manual/../admin` or `/micro-app-manualX`. Only the path,
 * query and hash count: the origin is the caller's (`base`).
 */
export function routeUnder(prefix: string, path: unknown, base = window.location.origin): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
