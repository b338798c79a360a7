/**
 * The realtime socket of the message service (`/api/message/v1/ws`), speaking
 * packages/contracts/openapi/realtime.asyncapi.yaml: the client sends the register message on open,
 * the server remembers uid → sockets, acknowledges (when the contract has an ack)
 * and sends the new-message event when `POST /__mock/realtime/push` asks for it.
 *
 * The frame shapes (type numbers, literal contents) and the register payload schema
 * are read from the AsyncAPI document (the contracts' reader, packages/contracts/src/realtime-contract.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Ajv2020 from 'ajv/dist/2020.js';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  isObject,
  type Json,
  type JsonObject,
  loadRealtimeContract,
  type RealtimeContract,
} from '@zhique/workbench-contracts/reader';

export {
  loadRealtimeContract,
  REALTIME_PATH,
  type RealtimeContract,
} from '@zhique/workbench-contracts/reader';

export interface PushRequest {
  uid?: string;
  app_id?: string;
  scene_no?: string | null;
  count?: number;
  /** The notice the state layer stores before the event goes out (title, content, link). */
  notice: {
    app_id?: string;
    scene_no?: string | null;
    title?: string;
    content?: string;
    url?: string | null;
  };
}

/** A registered socket an event can go to, with the QA session it was opened in. */
export interface PushTarget {
  uid: string;
  session: string;
  socket: WebSocket;
}

export class RealtimeHub {
  private wss: WebSocketServer;
  /** How many times the socket server was replaced after it failed. */
  restarts = 0;
  private readonly byUid = new Map<string, Set<WebSocket>>();
  private readonly uidOf = new Map<WebSocket, string>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private readonly contract: RealtimeContract;
  private readonly validateRegister?: (frame: unknown) => boolean;
  private sequence = 0;

  constructor(
    contract = loadRealtimeContract(),
    private readonly log: (line: string) => void = () => undefined,
    private readonly warn: (line: string) => void = log,
  ) {
    this.contract = contract;
    if (contract.register.schema) {
      const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      const validate = ajv.compile(contract.register.schema);
      this.validateRegister = (frame) => validate(frame) as boolean;
    }
    this.wss = this.createServer();
  }

  /**
   * The socket server runs inside the gateway; when it fails (an 'error' event, an upgrade
   * that throws) it is replaced by a new one at once: its sockets are closed (the app's
   * socket reconnects and registers again) and the failure is logged with its cause.
   */
  private createServer(): WebSocketServer {
    // Frames of this contract are a few hundred bytes; ws would take 100 MiB by default.
    const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
    wss.on('connection', (socket) => this.onConnection(socket));
    wss.on('error', (error) => this.recover(wss, error));
    wss.on('wsClientError', (_error, socket) => socket.destroy());
    return wss;
  }

  private recover(failed: WebSocketServer, error: Error): void {
    if (failed !== this.wss) return;
    this.restarts += 1;
    this.warn(
      `[realtime] the socket server failed (${error.message}); ${failed.clients.size} connection(s) closed, ` +
        `a new server takes over (restart ${this.restarts})`,
    );
    this.wss = this.createServer();
    for (const socket of failed.clients) socket.terminate();
    this.byUid.clear();
    this.uidOf.clear();
    failed.close();
  }

  /** The socket server in use now (tests make it fail to see it replaced). */
  get server(): WebSocketServer {
    return this.wss;
  }

  get realtimeContract(): RealtimeContract {
    return this.contract;
  }

  /** Takes over an HTTP upgrade for the socket path; `session` is the QA session's store key. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, session = 'default|default'): void {
    const wss = this.wss;
    try {
      wss.handleUpgrade(request, socket, head, (ws) => {
        this.sessionOf.set(ws, session);
        wss.emit('connection', ws, request);
      });
    } catch (error) {
      socket.destroy();
      this.recover(wss, error as Error);
    }
  }

  private onConnection(socket: WebSocket): void {
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      let frame: unknown;
      try {
        frame = JSON.parse(data.toString());
      } catch {
        return; // not JSON: ignored
      }
      try {
        this.onFrame(socket, frame);
      } catch (error) {
        // A frame never takes the gateway down: it is dropped, and said so.
        this.warn(`[realtime] a frame could not be handled (${(error as Error).message}); ignored`);
      }
    });
    socket.on('close', () => this.forget(socket));
    socket.on('error', () => this.forget(socket));
  }

  private onFrame(socket: WebSocket, frame: unknown): void {
    if (!isObject(frame as Json) || (frame as JsonObject).type !== this.contract.register.type) return;
    const register = frame as JsonObject;
    const uid = isObject(register.exp) ? register.exp.uid : undefined;
    if (typeof uid !== 'string' || !uid) return;
    if (this.validateRegister && !this.validateRegister(frame)) {
      this.warn(`[realtime] register frame does not match the contract, ignored: ${JSON.stringify(frame)}`);
      return;
    }
    this.forget(socket);
    this.uidOf.set(socket, uid);
    let sockets = this.byUid.get(uid);
    if (!sockets) this.byUid.set(uid, (sockets = new Set()));
    sockets.add(socket);
    this.log(`[realtime] registered ${uid} (${sockets.size} connection${sockets.size > 1 ? 's' : ''})`);
    const { ack } = this.contract;
    if (ack) {
      const id = typeof register.id === 'string' && register.id ? register.id : this.nextId();
      socket.send(JSON.stringify({ id, content: ack.content, type: ack.type, exp: { uid } }));
    }
  }

  private forget(socket: WebSocket): void {
    const uid = this.uidOf.get(socket);
    if (uid === undefined) return;
    this.uidOf.delete(socket);
    const sockets = this.byUid.get(uid);
    sockets?.delete(socket);
    if (sockets && sockets.size === 0) this.byUid.delete(uid);
  }

  private nextId(): string {
    this.sequence += 1;
    return `m-${Date.now()}-${String(this.sequence).padStart(6, '0')}`;
  }

  /** The registered sockets of `uid` (or every registered socket), only those of `session` when given. */
  targets(uid?: string, session?: string): PushTarget[] {
    const targets: PushTarget[] = [];
    for (const [registered, sockets] of this.byUid) {
      if (uid !== undefined && registered !== uid) continue;
      for (const socket of sockets) {
        const of = this.sessionOf.get(socket) ?? 'default|default';
        if (session === undefined || of === session) targets.push({ uid: registered, session: of, socket });
      }
    }
    return targets;
  }

  /** Sends the new-message event `count` times to each target. Returns frames sent. */
  send(targets: PushTarget[], request: Omit<PushRequest, 'notice'> = {}): number {
    const count = request.count ?? 1;
    let delivered = 0;
    for (let i = 0; i < count; i++) {
      for (const { uid, socket } of targets) {
        if (socket.readyState !== WebSocket.OPEN) continue;
        const exp: JsonObject = { uid };
        if (request.app_id !== undefined) exp.app_id = request.app_id;
        if (request.scene_no !== undefined) exp.scene_no = request.scene_no;
        const { newMessage } = this.contract;
        socket.send(
          JSON.stringify({ id: this.nextId(), content: newMessage.content, type: newMessage.type, exp }),
        );
        delivered += 1;
      }
    }
    this.log(`[realtime] pushed ${delivered} new-message frame(s)${request.uid ? ` to ${request.uid}` : ''}`);
    return delivered;
  }

  clients(): { uid: string; connections: number }[] {
    return [...this.byUid].map(([uid, sockets]) => ({ uid, connections: sockets.size }));
  }

  async close(): Promise<void> {
    for (const socket of this.wss.clients) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

/** Checks a push request body; returns an error message or the request. */
export function parsePushRequest(body: unknown): PushRequest | string {
  if (body === undefined || body === null) return { notice: {} };
  if (!isObject(body as Json)) return 'body must be a JSON object';
  const b = body as JsonObject;
  const request: PushRequest = { notice: {} };
  if (b.uid !== undefined) {
    if (typeof b.uid !== 'string' || !b.uid) return 'uid must be a non-empty string';
    request.uid = b.uid;
  }
  if (b.app_id !== undefined) {
    if (typeof b.app_id !== 'string') return 'app_id must be a string';
    request.app_id = request.notice.app_id = b.app_id;
  }
  if (b.scene_no !== undefined) {
    if (typeof b.scene_no !== 'string' && b.scene_no !== null) return 'scene_no must be a string or null';
    request.scene_no = request.notice.scene_no = b.scene_no;
  }
  if (b.count !== undefined) {
    if (typeof b.count !== 'number' || !Number.isInteger(b.count) || b.count < 1 || b.count > 1000) {
      return 'count must be an integer from 1 to 1000';
    }
    request.count = b.count;
  }
  for (const name of ['title', 'content'] as const) {
    const value = b[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !value) return `${name} must be a non-empty string`;
    request.notice[name] = value;
  }
  if (b.url !== undefined) {
    if (typeof b.url !== 'string' && b.url !== null) return 'url must be a string or null';
    request.notice.url = b.url;
  }
  return request;
}
