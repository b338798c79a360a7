/**
 * The realtime socket of the message service (`/api/message/v1/ws`), speaking
 * openapi/realtime.asyncapi.yaml: the client sends the register message on open,
 * the server remembers uid → sockets, acknowledges (when the contract has an ack)
 * and sends the new-message event when `POST /__mock/realtime/push` asks for it.
 *
 * The frame shapes (type numbers, literal contents) and the register payload schema
 * are read from the AsyncAPI document; the values below are used only while it is missing.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import Ajv2020 from 'ajv/dist/2020';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { DocumentStore, isObject, openapiDir, type Json, type JsonObject } from '../lib/openapi';

export const REALTIME_PATH = '/api/message/v1/ws';
export const asyncapiFile = path.join(openapiDir, 'realtime.asyncapi.yaml');

export interface FrameShape {
  type: number;
  content?: string;
  /** JSON Schema of the whole frame (refs inlined), when the contract gives one. */
  schema?: JsonObject;
}

export interface RealtimeContract {
  register: FrameShape;
  newMessage: FrameShape & { content: string };
  /** The register acknowledgement, when the contract defines one. */
  ack?: FrameShape & { content: string };
}

const fallback: RealtimeContract = {
  register: { type: 1, content: 'register' },
  newMessage: { type: 2, content: 'new_message' },
};

function inlineRefs(store: DocumentStore, node: Json, file: string, depth = 0): Json {
  if (depth > 30) return node;
  if (Array.isArray(node)) return node.map((item) => inlineRefs(store, item, file, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const target = store.deref(node, file);
    return target ? inlineRefs(store, target.value, target.file, depth + 1) : {};
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inlineRefs(store, value, file, depth + 1)]),
  );
}

function constOf(schema: JsonObject | undefined, property: string): Json | undefined {
  const prop = schema && isObject(schema.properties) ? schema.properties[property] : undefined;
  if (!isObject(prop)) return undefined;
  if (prop.const !== undefined) return prop.const;
  if (Array.isArray(prop.enum) && prop.enum.length === 1) return prop.enum[0];
  return undefined;
}

/** Example value of a message's `content`, for contracts that do not fix it with `const`. */
function exampleContent(message: JsonObject): string | undefined {
  const examples = Array.isArray(message.examples) ? message.examples : [];
  for (const example of examples) {
    if (isObject(example) && isObject(example.payload) && typeof example.payload.content === 'string')
      return example.payload.content;
  }
  return undefined;
}

/** Reads the frame shapes from the AsyncAPI document (fallback values while it does not exist). */
export function loadRealtimeContract(file = asyncapiFile): RealtimeContract {
  if (!existsSync(file)) return fallback;
  const store = new DocumentStore();
  const doc = store.load(file);
  if (!isObject(doc) || !isObject(doc.operations)) return fallback;

  const shape = (messageRef: Json): FrameShape | undefined => {
    const message = store.deref(messageRef, file);
    if (!message || !isObject(message.value)) return undefined;
    const payload = store.deref(message.value.payload, message.file);
    const schema = payload ? inlineRefs(store, payload.value, payload.file) : undefined;
    const schemaObject = isObject(schema) ? schema : undefined;
    const type = constOf(schemaObject, 'type');
    if (typeof type !== 'number') return undefined;
    const content = constOf(schemaObject, 'content') ?? exampleContent(message.value);
    return { type, content: typeof content === 'string' ? content : undefined, schema: schemaObject };
  };

  const result: Partial<RealtimeContract> = {};
  for (const operation of Object.values(doc.operations)) {
    if (!isObject(operation)) continue;
    const messages = Array.isArray(operation.messages) ? operation.messages : [];
    const replies =
      isObject(operation.reply) && Array.isArray(operation.reply.messages) ? operation.reply.messages : [];
    // AsyncAPI describes the client: what it sends (register) and what it receives (new message);
    // the reply to what it sends is the acknowledgement.
    if (operation.action === 'send') {
      const register = messages.map(shape).find(Boolean);
      if (register) result.register = register;
      const ack = replies.map(shape).find((s) => s?.content);
      if (ack?.content) result.ack = { ...ack, content: ack.content };
    } else if (operation.action === 'receive') {
      const event = messages.map(shape).find((s) => s?.content);
      if (event?.content) result.newMessage = { ...event, content: event.content };
    }
  }
  return {
    register: result.register ?? fallback.register,
    newMessage: result.newMessage ?? fallback.newMessage,
    ack: result.ack,
  };
}

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
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly byUid = new Map<string, Set<WebSocket>>();
  private readonly uidOf = new Map<WebSocket, string>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private readonly contract: RealtimeContract;
  private readonly validateRegister?: (frame: unknown) => boolean;
  private sequence = 0;

  constructor(
    contract = loadRealtimeContract(),
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.contract = contract;
    if (contract.register.schema) {
      const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
      const validate = ajv.compile(contract.register.schema);
      this.validateRegister = (frame) => validate(frame) as boolean;
    }
    this.wss.on('connection', (socket) => this.onConnection(socket));
  }

  get realtimeContract(): RealtimeContract {
    return this.contract;
  }

  /** Takes over an HTTP upgrade for the socket path; `session` is the QA session's store key. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, session = 'default|default'): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.sessionOf.set(ws, session);
      this.wss.emit('connection', ws, request);
    });
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
      this.onFrame(socket, frame);
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
      this.log(`[realtime] register frame does not match the contract, ignored: ${JSON.stringify(frame)}`);
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

  /** Sends the new-message event `count` times to `uid`'s sockets (or every registered socket). Returns frames sent. */
  push(request: Omit<PushRequest, 'notice'> = {}): number {
    return this.send(this.targets(request.uid), request);
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
