/**
 * What an operation handler of the state layer gets and gives back.
 *
 * A handler runs only after Prism accepted the request (so the request already
 * satisfies the contract), inside a transaction of the caller's session, and its
 * answer is checked against the operation's response schema before it is sent: a
 * handler never needs to re-check types, and a mistake in one cannot reach a client.
 */
import type { Json, JsonObject, SessionData } from '../store';

export type { Json, JsonObject, SessionData };

export interface StateRequest {
  operationId: string;
  /** Path parameters by name. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, or the fields of a multipart body (files as `UploadedFile`). */
  body: unknown;
  /** `X-Tenant-Id`. */
  tenant: string | undefined;
  /** Origin the browser used (for absolute URLs of uploaded files). */
  origin: string;
  /** An example of another operation, by operationId, status and name (the scenario's when `name` is absent). */
  example(operationId: string, name?: string, status?: string): Json | undefined;
}

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).bytes instanceof Uint8Array;
}

export interface Answer {
  status: number;
  body: Json;
}

/**
 * Returns the answer, or `undefined` to let Prism's answer (the scenario's example)
 * through unchanged — for reads the store has nothing to say about.
 */
export type Handler = (data: SessionData, request: StateRequest) => Answer | undefined;

export const ok = (data: Json = null): Answer => ({ status: 200, body: { code: 0, msg: 'success', data } });

/** An error envelope (`data: null`); `status` must be one the operation documents. */
export const fail = (status: number, code: number, msg: string): Answer => ({
  status,
  body: { code, msg, data: null },
});

/** The contract's own example of an error answer, when the operation documents one of that name. */
export function documentedError(request: StateRequest, status: number, name = 'default'): Answer {
  const body = request.example(request.operationId, name, String(status));
  return body === undefined ? fail(status, status, '请求失败') : { status, body };
}

export function bodyObject(request: StateRequest): JsonObject {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as JsonObject) : {};
}

/** The `data` of an example envelope. */
export function dataOf<T>(envelope: Json | undefined): T | undefined {
  return typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope)
    ? ((envelope as JsonObject).data as T)
    : undefined;
}

/** Ids of records created in the mock: a prefix and a per-session counter (`r-5001`, `fb-6001`, ...). */
export function newId(data: SessionData, prefix: string, start: number): string {
  return `${prefix}-${data.next(prefix, start)}`;
}

/** SQL over a JSON field of `body`. */
export const field = (name: string) => `json_extract(body, '$.${name}')`;
