/**
 * The realtime socket's contract (openapi/realtime.asyncapi.yaml) as the mock's hub and
 * the conformance checker use it: the frame shapes (type numbers, literal contents),
 * their JSON Schemas with refs inlined, and the AsyncAPI operation each belongs to.
 * The values below are used only while the document is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DocumentStore, isObject, openapiDir, type Json, type JsonObject } from './openapi';

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
