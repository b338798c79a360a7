/**
 * The one channel between the shell and its embedded apps. Features send data here and
 * listen here (to one app) or through ./app-event-listeners.ts (to any app, without loading
 * this module); nothing else talks to the frames.
 *
 * It keeps micro-app's data rules, which children are written against: what the shell
 * sends is merged into the app's current data and delivered only when it changed
 * (shallowly), unless forced; a frame that starts later gets the data already set.
 * What the shell sends and what an app may send back is the contract in
 * packages/contracts/openapi/sub-apps.schema.yaml; both directions are checked against it here: a message
 * that breaks it is logged and dropped, never delivered.
 */
import type { SubAppName } from '@/config/env';
import type { AppRequest, AppToShell, ShellGlobalData, ShellToApp } from '@generated/sub-apps/contract';
import {
  validateAppRequest,
  validateAppToShell,
  validateShellGlobalData,
  validateShellToApp,
} from '@generated/sub-apps/validate';
import {
  FRAME_CHANNEL,
  dispatch,
  isHello,
  parseFrameMessage,
  shallowEqual,
  type FrameRect,
  type FrameToShell,
  type Handlers,
  type ShellToFrame,
  type Welcome,
} from '@/sub-app-protocol/messages';
import { UNMOUNT_MS } from '@/sub-app-protocol/limits';
import { anyAppListeners } from './app-event-listeners';
import { savedStorageOf, saveAppStorage } from './app-storage';

export type { AppToShell, ShellGlobalData, ShellToApp };

type Data = Record<string, unknown>;

interface AppState {
  data: Data;
  /** The port of each connected frame of this app. */
  frames: Set<MessagePort>;
  listeners: Set<(event: AppToShell) => void>;
}

const apps = new Map<SubAppName, AppState>();
let globalData: Data = {};

const stateOf = (app: SubAppName): AppState => {
  let state = apps.get(app);
  if (!state) apps.set(app, (state = { data: {}, frames: new Set(), listeners: new Set() }));
  return state;
};

const post = (port: MessagePort, message: ShellToFrame) => port.postMessage(message);

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
  for (const frame of state.frames) post(frame, { kind: 'data', data: next });
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
    for (const frame of state.frames) post(frame, { kind: 'global-data', data: next });
  }
}

/** Listens to what an app sends the shell (only messages of the contract arrive); returns the unsubscribe. */
export function onAppEvent(app: SubAppName, listener: (event: AppToShell) => void): () => void {
  const { listeners } = stateOf(app);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface FrameCallbacks {
  /** The frame page loaded and said hello (again after a reload inside it); its start-up begins. */
  greeted: () => void;
  mounted: () => void;
  failed: (reason: string) => void;
  /** The app moved its own router to `path` (a push unless `replace`), with its history.state. */
  moved: (path: string, replace: boolean, state: unknown) => void;
  /** Answers a request of the app (already checked against the contract); rejects with the reason. */
  answer: (request: AppRequest) => Promise<unknown>;
  /** The app's own modal opened (with its mask colour) or its last one closed. */
  modal: (open: boolean, mask: string | null) => void;
}

export interface FrameConnection {
  /** The shell URL moved to a route of this app (with the app's history.state of that entry, if any). */
  navigate: (path: string, state?: unknown) => void;
  /**
   * Asks the app to unmount and waits for its acknowledgement, at most `UNMOUNT_MS`,
   * then stops listening. Call it while the frame is still in the document.
   */
  disconnect: () => Promise<void>;
}

/** Where the elements of each app that the shell's tour points at are, in the frame's viewport. */
const guideTargets = new Map<SubAppName, Record<string, FrameRect>>();

/** The last reported box of a tour target (`data-guide` value) inside `app`'s frame. */
export function guideTargetIn(app: SubAppName, name: string): FrameRect | undefined {
  return guideTargets.get(app)?.[name];
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A mask colour as a browser computes it (`rgb(…)`/`rgba(…)`); anything else (a url(), a gradient) is not taken. */
const COLOUR = /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/;

/**
 * Connects one app frame, whose page is served on `frameOrigin`. Call it before the frame's
 * document can load. Only a hello from that frame's window and that origin starts the
 * handshake; the welcome (with the port) is posted to that origin only; after that the port
 * is the only way in, and every message on it is checked (the frame runs the app's code,
 * which can send anything).
 */
export function connectFrame(
  app: SubAppName,
  frame: HTMLIFrameElement,
  frameOrigin: string,
  entry: string,
  on: FrameCallbacks,
): FrameConnection {
  const state = stateOf(app);
  let port: MessagePort | null = null;
  /** A route the shell moved to before the frame was ready: sent right after the welcome. */
  let pending: { path: string; state: unknown } | null = null;
  let unmounted: (() => void) | null = null;
  /** Once the app is asked to unmount, only its acknowledgement and its storage count (no cover, no move, no answer). */
  let leaving = false;

  const handlers: Handlers<FrameToShell> = {
    mounted: () => on.mounted(),
    error: (message) => on.failed(message.reason),
    location: (message) => on.moved(message.path, message.replace, message.state ?? null),
    // A colour the shell cannot read (a url(), a gradient, a colour space it does not parse) gets its own mask.
    modal: (message) =>
      on.modal(message.open, message.mask !== null && COLOUR.test(message.mask) ? message.mask : null),
    'guide-targets': (message) => guideTargets.set(app, message.targets),
    storage: (message) => saveAppStorage(app, message.area, message.items),
    unmounted: () => unmounted?.(),
    request: ({ id, body }) => {
      // The answer goes to the page that asked, not to one that loaded since (ids restart on each load).
      const asker = port;
      const reply = (answer: ShellToFrame) => {
        if (asker === port) asker?.postMessage(answer);
      };
      if (!validateAppRequest(body)) {
        const reason = `breaks the contract (${explain(validateAppRequest.errors)})`;
        console.warn(`[sub-apps] refused a request from ${app}: ${reason}`, body);
        reply({ kind: 'answer', id, ok: false, reason });
        return;
      }
      on.answer(body).then(
        (value) => reply({ kind: 'answer', id, ok: true, value }),
        (error: unknown) => reply({ kind: 'answer', id, ok: false, reason: describe(error) }),
      );
    },
    dispatch: ({ data }) => {
      if (!validateAppToShell(data)) {
        console.warn(
          `[sub-apps] ignored a message from ${app}: breaks the contract (${explain(validateAppToShell.errors)})`,
          data,
        );
        return;
      }
      for (const listener of [...state.listeners]) listener(data);
      for (const listener of [...anyAppListeners]) listener(app, data);
    },
  };
  const handle = (message: FrameToShell) => {
    // Once the app is unmounting, what it stores meanwhile is kept; nothing else it sends counts.
    if (leaving && message.kind !== 'unmounted' && message.kind !== 'storage') return;
    dispatch(handlers, message);
  };

  const closePort = () => {
    if (!port) return;
    state.frames.delete(port);
    port.close();
    port = null;
  };

  const onWindowMessage = (event: MessageEvent) => {
    const target = frame.contentWindow;
    if (!target || event.source !== target || event.origin !== frameOrigin || !isHello(event.data)) return;
    // Every load of the frame page says hello: a new page, a new port.
    closePort();
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (event: MessageEvent) => {
      const message = parseFrameMessage(event.data);
      if (message) handle(message);
      else console.warn(`[sub-apps] ignored a malformed message from ${app}'s frame`, event.data);
    };
    state.frames.add(port);
    const welcome: Welcome = {
      channel: FRAME_CHANNEL,
      kind: 'welcome',
      app,
      entry,
      data: state.data,
      globalData,
      storage: savedStorageOf(app),
    };
    target.postMessage(welcome, frameOrigin, [channel.port2]);
    on.greeted();
    if (pending) post(port, { kind: 'navigate', ...pending });
    pending = null;
  };
  window.addEventListener('message', onWindowMessage);

  return {
    navigate: (path, routeState = null) => {
      if (port) post(port, { kind: 'navigate', path, state: routeState });
      else pending = { path, state: routeState };
    },
    disconnect: async () => {
      leaving = true;
      window.removeEventListener('message', onWindowMessage);
      guideTargets.delete(app);
      if (!port) return;
      const acknowledged = new Promise<void>((resolve) => (unmounted = resolve));
      post(port, { kind: 'unmount' });
      let timer = 0;
      await Promise.race([
        acknowledged,
        new Promise<void>((resolve) => {
          timer = window.setTimeout(() => {
            console.warn(`[sub-app ${app}] did not confirm its unmount within ${UNMOUNT_MS / 1000} s`);
            resolve();
          }, UNMOUNT_MS);
        }),
      ]);
      window.clearTimeout(timer);
      closePort();
    },
  };
}
