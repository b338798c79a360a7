/**
 * The wire between the shell and a sub-app frame (`sub-app.html`, served on the app's own
 * origin: src/constants/frame-origins.ts). This is the shell's internal wire: what a sub-app
 * itself sends and receives is the contract in packages/contracts/openapi/sub-apps.schema.yaml, carried inside
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
 *
 * Adding a kind: its type in `ShellToFrame` or `FrameToShell`, its field checks in
 * `SHELL_CHECKS` or `FRAME_CHECKS`, its handler where it arrives (`Handlers`: the frame's
 * sub-app-frame/main.ts, the shell's sub-app-host/channel.ts). Each of the three is a mapped
 * type over the kinds, so leaving one out fails the typecheck. Every message is checked field
 * by field where it arrives (`parseShellMessage`, `parseFrameMessage`): one that is of no
 * known kind or has any field wrong is dropped (messages.test.ts tries each field of each kind).
 */
import { FRAME_PAGE_PATH } from '@/constants/frame-origins';

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
  storage: Record<StorageArea, StoredItems>;
}

/** A storage of the app's frame, kept by the shell where the browser refuses the frame its own (sub-app-frame/storage-fallback.ts). */
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
  /** The app's data, merged: sent only when it changed or was forced (the shell decides, channel.ts). */
  | { kind: 'data'; data: Data }
  /** The session context every app reads, merged: sent only when it changed. */
  | { kind: 'global-data'; data: Data }
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
  | { kind: 'storage'; area: StorageArea; items: StoredItems }
  | { kind: 'unmounted' };

type Kinds<T> = T extends { kind: infer K } ? K : never;
type OfKind<T, K> = Extract<T, { kind: K }>;

/** A plain object, as structured clone makes it: not an array, a Map, a Date or a typed array. */
const isObject = (value: unknown): value is Data => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};
const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
/** A request's id: the frame counts them from 1. */
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isStoredItems = (value: unknown): value is StoredItems =>
  isObject(value) && Object.values(value).every(isString);
const isArea = (value: unknown): value is StorageArea => value === 'local' || value === 'session';
const isRect = (value: unknown): value is FrameRect =>
  isObject(value) &&
  [value.left, value.top, value.width, value.height].every(isFiniteNumber) &&
  (value.width as number) >= 0 &&
  (value.height as number) >= 0;

/** The most tour targets a frame reports at once (the shell's tour has a handful). */
export const GUIDE_TARGETS_LIMIT = 20;

/**
 * Every field of every kind, checked where the message arrives. A mapped type over the kinds:
 * a kind added to `ShellToFrame` or `FrameToShell` without its check here fails the typecheck.
 * Each check is a type guard over the whole message; the compiler does not read a guard's
 * body, so messages.test.ts holds each one to its type (every field missing or wrong).
 * Fields typed `unknown` (data the child sent, a history.state, an answer's value) are the
 * contract's to check (the channel's validators, packages/contracts/openapi/sub-apps.schema.yaml), not this wire's.
 */
type Checks<T extends { kind: string }> = {
  [K in Kinds<T>]: (message: Data & { kind: K }) => message is Data & OfKind<T, K>;
};

const FRAME_CHECKS: Checks<FrameToShell> = {
  mounted: (_m): _m is Data & { kind: 'mounted' } => true,
  error: (m): m is Data & OfKind<FrameToShell, 'error'> => isString(m.reason),
  location: (m): m is Data & OfKind<FrameToShell, 'location'> =>
    isString(m.path) && isBoolean(m.replace) && 'state' in m,
  dispatch: (m): m is Data & OfKind<FrameToShell, 'dispatch'> => 'data' in m,
  request: (m): m is Data & OfKind<FrameToShell, 'request'> => isId(m.id) && 'body' in m,
  modal: (m): m is Data & OfKind<FrameToShell, 'modal'> =>
    isBoolean(m.open) && (m.mask === null || isString(m.mask)),
  'guide-targets': (m): m is Data & OfKind<FrameToShell, 'guide-targets'> =>
    isObject(m.targets) &&
    Object.keys(m.targets).length <= GUIDE_TARGETS_LIMIT &&
    Object.values(m.targets).every(isRect),
  storage: (m): m is Data & OfKind<FrameToShell, 'storage'> => isArea(m.area) && isStoredItems(m.items),
  unmounted: (_m): _m is Data & { kind: 'unmounted' } => true,
};

const SHELL_CHECKS: Checks<ShellToFrame> = {
  data: (m): m is Data & OfKind<ShellToFrame, 'data'> => isObject(m.data),
  'global-data': (m): m is Data & OfKind<ShellToFrame, 'global-data'> => isObject(m.data),
  navigate: (m): m is Data & OfKind<ShellToFrame, 'navigate'> => isString(m.path) && 'state' in m,
  answer: (m): m is Data & OfKind<ShellToFrame, 'answer'> =>
    isId(m.id) && ((m.ok === true && 'value' in m) || (m.ok === false && isString(m.reason))),
  unmount: (_m): _m is Data & { kind: 'unmount' } => true,
};

function parse<T extends { kind: string }>(checks: Checks<T>, value: unknown): T | null {
  if (!isObject(value) || !isString(value.kind) || !Object.hasOwn(checks, value.kind)) return null;
  const check = checks[value.kind as Kinds<T>] as (message: Data & { kind: Kinds<T> }) => boolean;
  return check(value as Data & { kind: Kinds<T> }) ? (value as T) : null;
}

/** A message from a frame, every field checked; null when it is of no known kind or any field is wrong. */
export const parseFrameMessage = (value: unknown): FrameToShell | null => parse(FRAME_CHECKS, value);

/** A message from the shell, every field checked; null when it is of no known kind or any field is wrong. */
export const parseShellMessage = (value: unknown): ShellToFrame | null => parse(SHELL_CHECKS, value);

/**
 * What to do with each kind of message: a mapped type, so a kind without its handler fails
 * the typecheck where the handlers are written.
 */
export type Handlers<T extends { kind: string }> = { [K in Kinds<T>]: (message: OfKind<T, K>) => void };

/** Hands `message` to the handler of its kind. */
export function dispatch<T extends { kind: string }>(handlers: Handlers<T>, message: T): void {
  (handlers[message.kind as Kinds<T>] as (message: T) => void)(message);
}

export const isHello = (value: unknown): value is Hello =>
  isObject(value) && value.channel === FRAME_CHANNEL && value.kind === 'hello';

export const isWelcome = (value: unknown): value is Welcome =>
  isObject(value) &&
  value.channel === FRAME_CHANNEL &&
  value.kind === 'welcome' &&
  isString(value.app) &&
  isString(value.entry) &&
  isObject(value.data) &&
  isObject(value.globalData) &&
  isObject(value.storage) &&
  isStoredItems(value.storage.local) &&
  isStoredItems(value.storage.session);

/**
 * The frame page's URL for an app starting on a shell route, on the app's frame origin. It
 * names the child's entry too, so the frame fetches the child's page while the shell answers
 * its handshake (the welcome names the entry again and decides).
 */
export function frameUrl(frameOrigin: string, route: string, entry: string): string {
  return `${frameOrigin}${FRAME_PAGE_PATH}?${new URLSearchParams({ route, entry }).toString()}`;
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
