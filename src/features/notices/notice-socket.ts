/**
 * The realtime notice socket (packages/contracts/openapi/realtime.asyncapi.yaml) on top of
 * partysocket's ReconnectingWebSocket, which owns the reconnect timers:
 * - registers the user (id, content "register", type 1, exp.uid) on every open —
 *   the frame is sent from the `open` handler, never queued, so each connection
 *   registers exactly once;
 * - reconnects after a drop with exponential backoff and jitter;
 * - stays closed while nobody is signed in (no token) and connects when a token
 *   appears; closes for good on `close()` (logout / unmount).
 * Plain TypeScript: the browser uses the global WebSocket, Node passes `ws`.
 */
import ReconnectingWebSocket from 'partysocket/ws';
import { getToken, subscribeStorage } from '@/session/storage';

const REGISTER_CONTENT = 'register';
const REGISTER_TYPE = 1;
/** The content that means "a new notice exists" (NewMessage). */
const NEW_MESSAGE_CONTENT = 'new_message';

export interface RegisterFrame {
  id: string;
  content: typeof REGISTER_CONTENT;
  type: typeof REGISTER_TYPE;
  exp: { uid: string };
}

export interface NewMessageFrame {
  id: string;
  content: typeof NEW_MESSAGE_CONTENT;
  type: number;
  exp: { uid: string; app_id?: string; scene_no?: string | null };
}

export interface Backoff {
  /** First wait after a drop. */
  minDelayMs: number;
  /** Each further failed attempt waits this much longer. */
  growFactor: number;
  maxDelayMs: number;
  /** 0..1: each wait is drawn from [delay × (1 − jitter), delay], so clients dropped together do not return together. */
  jitter: number;
  /** Give up an attempt that has not opened after this long. */
  connectTimeoutMs: number;
}

export const DEFAULT_BACKOFF: Backoff = {
  minDelayMs: 1_000,
  growFactor: 1.5,
  maxDelayMs: 30_000,
  jitter: 0.5,
  connectTimeoutMs: 4_000,
};

export interface NoticeSocketOptions {
  url: string;
  /** The user to register (the user config's gid). */
  uid: string;
  onNewMessage: (frame: NewMessageFrame) => void;
  /** Whether someone is signed in; default: a stored token exists. */
  isSignedIn?: () => boolean;
  /** Calls back when the sign-in state may have changed; default: the session storage (this tab and others). */
  subscribe?: (listener: () => void) => () => void;
  /** A WebSocket class (Node: `ws`); default: the global one. */
  WebSocket?: unknown;
  backoff?: Partial<Backoff>;
  random?: () => number;
  newId?: () => string;
}

export type SocketState = 'paused' | 'connecting' | 'open' | 'closed';

/** A unique frame id; randomUUID needs a secure context, getRandomValues does not. */
export function newFrameId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function registerFrame(uid: string, id: string): RegisterFrame {
  return { id, content: REGISTER_CONTENT, type: REGISTER_TYPE, exp: { uid } };
}

/** A NewMessage frame, or null for anything else (acks, unknown frames, bad JSON). */
export function parseNewMessage(data: unknown): NewMessageFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as Partial<NewMessageFrame> | null;
    return frame && typeof frame === 'object' && frame.content === NEW_MESSAGE_CONTENT
      ? (frame as NewMessageFrame)
      : null;
  } catch {
    return null;
  }
}

/**
 * partysocket's delay options, as getters: it reads them on every retry, so each
 * wait gets fresh jitter (its own formula is min × grow^(n−1), capped at max).
 */
export function jitteredDelays(backoff: Backoff, random: () => number) {
  const spread = (ms: number) => ms * (1 - backoff.jitter * random());
  return {
    get minReconnectionDelay() {
      return spread(backoff.minDelayMs);
    },
    get maxReconnectionDelay() {
      return spread(backoff.maxDelayMs);
    },
    reconnectionDelayGrowFactor: backoff.growFactor,
    connectionTimeout: backoff.connectTimeoutMs,
  };
}

function storageSubscribe(listener: () => void): () => void {
  const off = subscribeStorage(listener);
  // Another tab signing out changes localStorage without going through this tab's module.
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) window.addEventListener('storage', listener);
  return () => {
    off();
    if (hasWindow) window.removeEventListener('storage', listener);
  };
}

export class NoticeSocket {
  /** Counters for tests and diagnostics. */
  readonly stats = { opens: 0, registers: 0, newMessages: 0 };
  private readonly socket: ReconnectingWebSocket;
  private readonly isSignedIn: () => boolean;
  private readonly unsubscribe: () => void;
  private readonly newId: () => string;
  private paused: boolean;
  private closed = false;

  constructor(private readonly options: NoticeSocketOptions) {
    this.isSignedIn = options.isSignedIn ?? (() => !!getToken());
    this.newId = options.newId ?? newFrameId;
    this.paused = !this.isSignedIn();
    this.socket = new ReconnectingWebSocket(options.url, undefined, {
      ...jitteredDelays({ ...DEFAULT_BACKOFF, ...options.backoff }, options.random ?? Math.random),
      WebSocket: options.WebSocket,
      startClosed: this.paused,
      // Keep nothing sent while closed: the register frame is only ever sent on open.
      maxEnqueuedMessages: 0,
    });
    this.socket.addEventListener('open', this.onOpen);
    this.socket.addEventListener('message', this.onMessage);
    this.unsubscribe = (options.subscribe ?? storageSubscribe)(this.sync);
  }

  get state(): SocketState {
    if (this.closed) return 'closed';
    if (this.paused) return 'paused';
    return this.socket.readyState === ReconnectingWebSocket.OPEN ? 'open' : 'connecting';
  }

  /** Stops for good (logout, unmount). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.socket.removeEventListener('open', this.onOpen);
    this.socket.removeEventListener('message', this.onMessage);
    this.socket.close(1000, 'closed by the client');
  }

  /** Pauses while signed out, resumes (at once, backoff reset) when signed in again. */
  private readonly sync = () => {
    if (this.closed) return;
    const signedIn = this.isSignedIn();
    if (signedIn && this.paused) {
      this.paused = false;
      this.socket.reconnect();
    } else if (!signedIn && !this.paused) {
      this.paused = true;
      this.socket.close(1000, 'signed out');
    }
  };

  private readonly onOpen = () => {
    this.stats.opens += 1;
    this.socket.send(JSON.stringify(registerFrame(this.options.uid, this.newId())));
    this.stats.registers += 1;
  };

  private readonly onMessage = (event: MessageEvent) => {
    const frame = parseNewMessage(event.data);
    if (!frame) return;
    this.stats.newMessages += 1;
    this.options.onNewMessage(frame);
  };
}
