/**
 * The one channel between the shell and its embedded apps. Features send data and
 * listen here; nothing else talks to the frames.
 *
 * It keeps micro-app's data rules, which children are written against: what the shell
 * sends is merged into the app's current data and delivered only when it changed
 * (shallowly), unless forced; a frame that starts later gets the data already set.
 * What the shell sends and what an app may send back is the contract in
 * openapi/sub-apps.schema.yaml; both directions are checked against it here: a message
 * that breaks it is logged and dropped, never delivered.
 */
import type { SubAppName } from '@/config/env';
import type { AppToShell, ShellGlobalData, ShellToApp } from '@generated/sub-apps/contract';
import {
  validateAppToShell,
  validateShellGlobalData,
  validateShellToApp,
} from '@generated/sub-apps/validate';
import {
  FRAME_CHANNEL,
  FRAME_HOOK,
  isFrameMessage,
  shallowEqual,
  type FrameHook,
  type FrameToShell,
  type ShellToFrame,
  type Untagged,
} from './frame-protocol';

export type { AppToShell, ShellGlobalData, ShellToApp };

type Data = Record<string, unknown>;
type Outgoing = Untagged<ShellToFrame>;

interface AppState {
  data: Data;
  frames: Set<Window>;
  listeners: Set<(event: AppToShell) => void>;
}

const apps = new Map<SubAppName, AppState>();
let globalData: Data = {};
const anyAppListeners = new Set<(app: SubAppName, event: AppToShell) => void>();

const stateOf = (app: SubAppName): AppState => {
  let state = apps.get(app);
  if (!state) apps.set(app, (state = { data: {}, frames: new Set(), listeners: new Set() }));
  return state;
};

const post = (frame: Window, message: Outgoing) =>
  frame.postMessage({ channel: FRAME_CHANNEL, ...message }, window.location.origin);

/** Ajv's error list in one line for the console: each distinct problem once. */
const explain = (errors: { instancePath?: string; message?: string }[] | null | undefined) =>
  [...new Set((errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()))].join('; ');

/**
 * Sends data to an app. `force` delivers even when nothing changed (events such as
 * "refresh scene N" use it).
 */
export function sendToApp(app: SubAppName, data: ShellToApp, opts: { force?: boolean } = {}): void {
  if (!validateShellToApp(data)) {
    console.error(
      `[sub-apps] not sent to ${app}: breaks the contract (${explain(validateShellToApp.errors)})`,
      data,
    );
    return;
  }
  const state = stateOf(app);
  const next = { ...state.data, ...data };
  if (!opts.force && shallowEqual(state.data, next)) return;
  state.data = next;
  for (const frame of state.frames) post(frame, { kind: 'data', data: next, force: !!opts.force });
}

/** The session context every app may read (`microApp.getGlobalData()`), merged like data. */
export function setSharedContext(data: ShellGlobalData): void {
  if (!validateShellGlobalData(data)) {
    console.error(
      `[sub-apps] context not sent: breaks the contract (${explain(validateShellGlobalData.errors)})`,
    );
    return;
  }
  const next = { ...globalData, ...data };
  if (shallowEqual(globalData, next)) return;
  globalData = next;
  for (const state of apps.values()) {
    for (const frame of state.frames) post(frame, { kind: 'global-data', data: next, force: false });
  }
}

/** Listens to what an app sends the shell (only messages of the contract arrive); returns the unsubscribe. */
export function onAppEvent(app: SubAppName, listener: (event: AppToShell) => void): () => void {
  const { listeners } = stateOf(app);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to what any app sends (e.g. the notices feature, for `notices-changed`). */
export function onAnyAppEvent(listener: (app: SubAppName, event: AppToShell) => void): () => void {
  anyAppListeners.add(listener);
  return () => anyAppListeners.delete(listener);
}

export interface FrameCallbacks {
  mounted: () => void;
  failed: (reason: string) => void;
  /** The app moved its own router to `path` (a push unless `replace`), with its history.state. */
  moved: (path: string, replace: boolean, state: unknown) => void;
}

export interface FrameConnection {
  /** The shell URL moved to a route of this app (with the app's history.state of that entry, if any). */
  navigate: (path: string, state?: unknown) => void;
  /** Runs the app's unmount, then stops listening. Call it before the frame is removed. */
  disconnect: () => void;
}

/**
 * Connects one app frame. Call it before the frame's document can load (the listener is
 * on the shell's window and only takes messages from that frame's window).
 */
export function connectFrame(app: SubAppName, frame: HTMLIFrameElement, on: FrameCallbacks): FrameConnection {
  const state = stateOf(app);
  let target: Window | null = null;
  /** A route the shell moved to before the frame was ready: sent right after its data. */
  let pending: { path: string; state: unknown } | null = null;
  const handle = (event: MessageEvent) => {
    if (!frame.contentWindow || event.source !== frame.contentWindow) return;
    if (event.origin !== window.location.origin || !isFrameMessage(event.data)) return;
    const message: FrameToShell = event.data;
    if (message.kind === 'ready') {
      // Also after the frame reloaded itself (a plain link of the app): the same window, a new page.
      target = frame.contentWindow;
      state.frames.add(target);
      post(target, { kind: 'init', data: state.data, globalData });
      if (pending) post(target, { kind: 'navigate', ...pending });
      pending = null;
    } else if (message.kind === 'mounted') on.mounted();
    else if (message.kind === 'error') on.failed(String(message.reason));
    else if (message.kind === 'location') {
      if (typeof message.path === 'string')
        on.moved(message.path, message.replace === true, message.state ?? null);
    } else if (message.kind === 'dispatch') {
      if (!validateAppToShell(message.data)) {
        console.warn(
          `[sub-apps] ignored a message from ${app}: breaks the contract (${explain(validateAppToShell.errors)})`,
          message.data,
        );
        return;
      }
      const event = message.data;
      for (const listener of [...state.listeners]) listener(event);
      for (const listener of [...anyAppListeners]) listener(app, event);
    }
  };
  window.addEventListener('message', handle);
  return {
    navigate: (path, routeState = null) => {
      if (target) post(target, { kind: 'navigate', path, state: routeState });
      else pending = { path, state: routeState };
    },
    disconnect: () => {
      window.removeEventListener('message', handle);
      if (!target) return;
      state.frames.delete(target);
      try {
        (target as unknown as Record<string, FrameHook | undefined>)[FRAME_HOOK]?.unmount();
      } catch (error) {
        console.error(`[sub-app ${app}] unmount threw`, error);
      }
    },
  };
}
