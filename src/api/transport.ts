/**
 * The one transport. Every call the app makes goes through `request`: service
 * prefixes, the authorization and tenant headers, the 60 s timeout, envelope
 * unwrapping and the error catalogue of SPEC §8. The toast and the navigation are
 * injected (`configureTransport`), so this module runs and is tested without a DOM.
 */
import { CODE_NOT_AN_ERROR, CODE_OK, SESSION_EXPIRED_CODES, SESSION_EXPIRED_STATUS } from '@/constants/codes';
import { REQUEST_TIMEOUT_MS } from '@/constants/limits';
import { TEXT } from '@/constants/texts';
import type { ServiceName } from '@zhique/workbench-contracts';

const SERVICE_PREFIX: Record<ServiceName, string> = {
  workbench: '/api/workbench',
  message: '/api/message',
  rbac: '/api/rbac',
};

const TENANT_HEADER = 'X-Tenant-Id';

/** The request shape orval's generated functions hand to their mutator. */
export interface RequestConfig {
  url: string;
  method: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  responseType?: string;
}

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout' | 'session' | 'parse';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code?: number;
  readonly status?: number;
  constructor(kind: ApiErrorKind, message: string, opts: { code?: number; status?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = opts.code;
    this.status = opts.status;
  }
}

export interface TransportDeps {
  /** Show an error toast (the app: antd message.error for 2 s). */
  notifyError: (message: string) => void;
  /** Clear the stored credentials and go to the logout page. Called once per expiry. */
  onSessionExpired: () => void;
  getToken: () => string | null;
  getTenantId: () => string | null;
  fetch: typeof fetch;
  baseUrl: string;
  timeoutMs: number;
  /**
   * Settles when the app may write: a page prerendered before the user opened it reads only
   * (ui/page-shown.ts). Every call but GET and HEAD waits for it.
   */
  beforeWrite: () => Promise<void>;
}

/** Messages raised before the toast is wired (the first calls leave before the UI library loads). */
const pendingNotices: string[] = [];

const deps: TransportDeps = {
  notifyError: (text) => void pendingNotices.push(text),
  onSessionExpired: () => {},
  getToken: () => null,
  getTenantId: () => null,
  fetch: (...args) => globalThis.fetch(...args),
  baseUrl: '',
  timeoutMs: REQUEST_TIMEOUT_MS,
  beforeWrite: () => Promise.resolve(),
};

let sessionExpiring = false;

export function configureTransport(next: Partial<TransportDeps>): void {
  Object.assign(deps, next);
  if (next.onSessionExpired) sessionExpiring = false;
  const notify = next.notifyError;
  if (notify) pendingNotices.splice(0).forEach((text) => notify(text));
}

/** `{ code, msg, data }` → `data`: the type the generated hooks and functions return. */
export type Unwrap<T> = T extends { data: infer D } ? D : T extends { data?: infer D } ? D : T;

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

/**
 * Query strings. Array parameters are comma-separated: every array query parameter
 * in the contracts is `style: form, explode: false` (a contract test keeps it so).
 */
function buildUrl(service: ServiceName, url: string, params?: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    query.append(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const qs = query.toString();
  return `${deps.baseUrl}${SERVICE_PREFIX[service]}${url}${qs ? `?${qs}` : ''}`;
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = deps.getToken();
  const tenant = deps.getTenantId();
  if (token) headers.Authorization = `Basic ${token}`;
  if (tenant) headers[TENANT_HEADER] = tenant;
  return headers;
}

function expireSession(status?: number, code?: number): ApiError {
  if (!sessionExpiring) {
    sessionExpiring = true;
    deps.notifyError(TEXT.sessionExpired);
    deps.onSessionExpired();
  }
  return new ApiError('session', TEXT.sessionExpired, { status, code });
}

/**
 * Someone other than this transport learned that the session ended (a hosted app's back end
 * refused its token): the same expiry path as an expired answer, once (SPEC §8).
 */
export function reportSessionExpired(): void {
  expireSession();
}

function fail(error: ApiError): never {
  // Once the session has expired the app is leaving: its one message is the expiry's.
  if (!sessionExpiring) deps.notifyError(error.message);
  throw error;
}

/** Methods that change nothing on the server. */
const READS = new Set(['GET', 'HEAD']);

/** Aborts on the caller's signal or after the timeout, whichever comes first. */
function withTimeout(signal: AbortSignal | undefined): {
  signal: AbortSignal;
  timedOut: () => boolean;
  done: () => void;
} {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, deps.timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort);
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export async function request<T>(service: ServiceName, config: RequestConfig): Promise<Unwrap<T>> {
  if (!READS.has(config.method.toUpperCase())) await deps.beforeWrite();
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let body: BodyInit | undefined;
  if (config.data instanceof FormData) {
    body = config.data; // the browser sets the multipart boundary
  } else if (config.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(config.data);
  }
  for (const [k, v] of Object.entries(config.headers ?? {})) {
    if (k.toLowerCase() === 'content-type' && body instanceof FormData) continue;
    headers[k] = v;
  }

  const timer = withTimeout(config.signal);
  let response: Response;
  try {
    response = await deps.fetch(buildUrl(service, config.url, config.params), {
      method: config.method.toUpperCase(),
      headers,
      body,
      signal: timer.signal,
    });
  } catch (cause) {
    timer.done();
    if (timer.timedOut()) fail(new ApiError('timeout', TEXT.timeoutError));
    if (config.signal?.aborted) throw cause; // cancelled by the caller (React Query): not an error to show
    fail(new ApiError('network', TEXT.networkError));
  }

  let parsed: unknown;
  let parseFailed = false;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    if (timer.timedOut()) {
      timer.done();
      fail(new ApiError('timeout', TEXT.timeoutError));
    }
    parseFailed = true;
  }
  timer.done();

  if (!response.ok) {
    const code = isEnvelope(parsed) ? parsed.code : undefined;
    if (
      response.status === SESSION_EXPIRED_STATUS ||
      (code !== undefined && SESSION_EXPIRED_CODES.includes(code))
    ) {
      throw expireSession(response.status, code);
    }
    // The server's own message when it sent one; otherwise what the status means, in Chinese.
    const msg = (isEnvelope(parsed) && parsed.msg) || TEXT.httpError(response.status);
    fail(new ApiError('http', msg, { status: response.status, code }));
  }

  if (parseFailed || !isEnvelope(parsed))
    fail(new ApiError('parse', TEXT.badResponse, { status: response.status }));
  if (SESSION_EXPIRED_CODES.includes(parsed.code)) throw expireSession(response.status, parsed.code);
  if (parsed.code !== CODE_OK && parsed.code !== CODE_NOT_AN_ERROR) {
    fail(
      new ApiError('business', parsed.msg || TEXT.genericError, {
        code: parsed.code,
        status: response.status,
      }),
    );
  }
  return parsed.data as Unwrap<T>;
}

export type UploadResult = { ok: true; abs: string } | { ok: false };

/**
 * Multipart upload (`POST /sys/v1/upload`, field `file`) with progress. SPEC §8:
 * code 0 adds the file; code 500 and any other code are ignored silently — the
 * caller just gets `{ ok: false }`. XMLHttpRequest because fetch reports no upload progress.
 */
export function upload(
  file: Blob,
  opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('workbench', '/sys/v1/upload'));
    xhr.timeout = deps.timeoutMs;
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      // Status 403 alone means the session expired, whatever the body (SPEC §8).
      if (xhr.status === SESSION_EXPIRED_STATUS) {
        expireSession(xhr.status);
        resolve({ ok: false });
        return;
      }
      try {
        const body = JSON.parse(xhr.responseText) as Envelope;
        const abs = (body.data as { abs?: unknown } | undefined)?.abs;
        if (xhr.status < 300 && body.code === CODE_OK && typeof abs === 'string') {
          opts.onProgress?.(100);
          resolve({ ok: true, abs });
          return;
        }
        if (SESSION_EXPIRED_CODES.includes(body.code)) expireSession(xhr.status, body.code);
      } catch {
        /* unreadable response: ignored like any other non-zero code */
      }
      resolve({ ok: false });
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => resolve({ ok: false });
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
