/**
 * Sending one request of the conformance run: openapi-fetch clients typed by the
 * contracts (the path types of @zhique/workbench-contracts), one per service, each call timed and bounded by the
 * app's request timeout; what was sent and what came back are kept for the report.
 */
import http from 'node:http';
import createClient, { type Client } from 'openapi-fetch';
import type { paths as MessagePaths } from '@zhique/workbench-contracts/types/message';
import type { paths as RbacPaths } from '@zhique/workbench-contracts/types/rbac';
import type { paths as WorkbenchPaths } from '@zhique/workbench-contracts/types/workbench';
import type { ServiceName } from '@zhique/workbench-contracts/reader';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent (JSON text, a malformed text on purpose, or a multipart summary). */
  body?: string;
  /** A shell command that prints the body, when it is too large or not text (the curl line uses it). */
  bodyShell?: string;
}

export interface Received {
  status?: number;
  contentType?: string;
  text: string;
  json?: unknown;
  ms: number;
  /** No answer: the network error or the time limit. */
  error?: string;
}

export type RequestBody =
  | { kind: 'json'; value: unknown }
  | {
      kind: 'raw';
      /** The body, or what the report shows of it when `bytes` are sent instead. */
      text: string;
      contentType: string;
      bytes?: Uint8Array;
      /** A shell command printing the body (for the report's curl line). */
      shell?: string;
    }
  | { kind: 'multipart'; fields: Record<string, string | { name: string; type: string; bytes: Uint8Array }> };

export interface CallSpec {
  service: ServiceName;
  method: string;
  /** The path template of the operation, e.g. /role/v1/del/{id}. */
  template: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  /** Query parameters sent comma-separated (`style: form, explode: false`). */
  unexploded: Set<string>;
  headers: Record<string, string>;
  body?: RequestBody;
}

/** An answer's body as JSON, or undefined when it is empty or not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The services' clients, typed by the contracts; the checker calls them by template. */
export interface ServiceClients {
  workbench: Client<WorkbenchPaths>;
  message: Client<MessagePaths>;
  rbac: Client<RbacPaths>;
}

export function serviceClients(upstream: string): ServiceClients {
  const base = upstream.replace(/\/$/, '');
  return {
    workbench: createClient<WorkbenchPaths>({ baseUrl: `${base}/api/workbench` }),
    message: createClient<MessagePaths>({ baseUrl: `${base}/api/message` }),
    rbac: createClient<RbacPaths>({ baseUrl: `${base}/api/rbac` }),
  };
}

/** A client's `request` seen without its per-path types: the checker sends every operation the same way. */
type UntypedRequest = (
  method: string,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ response: Response; data?: unknown; error?: unknown }>;

export async function send(
  clients: ServiceClients,
  spec: CallSpec,
  timeoutMs: number,
): Promise<{ sent: SentRequest; received: Received }> {
  let sent: SentRequest = { method: spec.method, url: '', headers: spec.headers };
  const started = performance.now();
  const body = spec.body;
  const init: Record<string, unknown> = {
    params: { path: spec.path, query: spec.query },
    headers: spec.headers,
    parseAs: 'text',
    signal: AbortSignal.timeout(timeoutMs),
    querySerializer: (query: Record<string, unknown>) => serializeQuery(query, spec.unexploded),
  };
  if (body?.kind === 'json') init.body = body.value;
  else if (body?.kind === 'raw') {
    init.body = body.bytes ?? body.text;
    init.bodySerializer = (raw: unknown) => raw;
    init.headers = { ...spec.headers, 'Content-Type': body.contentType };
  } else if (body?.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(body.fields)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
    }
    init.body = form;
    init.bodySerializer = (f: FormData) => f;
  }
  // Record exactly what went out (after openapi-fetch built it).
  const request = (clients[spec.service] as unknown as { request: UntypedRequest }).request;
  let answer: Response | undefined;
  const onRequest = {
    onResponse: ({ response }: { response: Response }) => {
      answer = response.clone();
      return undefined;
    },
    onRequest: ({ request: r }: { request: Request }) => {
      sent = {
        method: r.method,
        url: r.url,
        headers: Object.fromEntries(r.headers.entries()),
        body:
          body?.kind === 'json'
            ? JSON.stringify(body.value)
            : body?.kind === 'raw'
              ? body.text
              : body
                ? '(multipart form)'
                : undefined,
        ...(body?.kind === 'raw' && body.shell && { bodyShell: body.shell }),
      };
      return undefined;
    },
  };
  clients[spec.service].use(onRequest);
  try {
    const { response } = await request(spec.method.toLowerCase(), spec.template, init);
    const text = answer ? await answer.text() : '';
    const json = jsonOf(text);
    return {
      sent,
      received: {
        status: response.status,
        contentType: response.headers.get('content-type') ?? undefined,
        text,
        json,
        ms: performance.now() - started,
      },
    };
  } catch (error) {
    const name = (error as Error).name;
    return {
      sent,
      received: {
        text: '',
        ms: performance.now() - started,
        error: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message,
      },
    };
  } finally {
    clients[spec.service].eject(onRequest);
  }
}

function serializeQuery(query: Record<string, unknown>, unexploded: Set<string>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (unexploded.has(name)) params.append(name, value.join(','));
      else for (const item of value) params.append(name, String(item));
    } else params.append(name, String(value));
  }
  return params.toString();
}

/** The variable a report writes instead of a credential (`$VERIFY_TOKEN`): the shell expands it. */
export const TOKEN_VARIABLE = '$VERIFY_TOKEN';

/**
 * A command line that sends the same request (curl; websocat for the socket). Every word is
 * single-quoted, but for the credential's variable, which is left to the shell to expand
 * (`'authorization: Basic '"$VERIFY_TOKEN"`), so the line runs as it is pasted.
 */
export function curl(sent: SentRequest): string {
  const literal = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const quote = (s: string) =>
    s
      .split(TOKEN_VARIABLE)
      .map((part, i) => `${i ? `"${TOKEN_VARIABLE}"` : ''}${part ? literal(part) : ''}`)
      .join('') || "''";
  if (sent.method === 'WEBSOCKET') return `echo ${quote(sent.body ?? '')} | websocat ${quote(sent.url)}`;
  const multipart = sent.body === '(multipart form)';
  const headers = Object.entries(sent.headers)
    .filter(
      ([name]) =>
        name.toLowerCase() !== 'content-length' && !(multipart && name.toLowerCase() === 'content-type'),
    )
    .map(([name, value]) => ` -H ${quote(`${name}: ${value}`)}`)
    .join('');
  if (sent.bodyShell)
    return `${sent.bodyShell} | curl -i -X ${sent.method} ${quote(sent.url)}${headers} --data-binary @-`;
  const body = multipart
    ? ` -F ${quote('file=@conformance.png;type=image/png')}`
    : sent.body
      ? ` --data-binary ${quote(sent.body)}`
      : '';
  return `curl -i -X ${sent.method} ${quote(sent.url)}${headers}${body}`;
}

/**
 * A bodiless request by node:http, for methods fetch refuses to send (TRACE) — the
 * undocumented-method check sends them too. Same shape of result as `send`.
 */
export function sendBare(
  url: string,
  method: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ sent: SentRequest; received: Received & { allow?: string } }> {
  const sent: SentRequest = { method, url, headers };
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (received: Received & { allow?: string }) => resolve({ sent, received });
    const request = http.request(url, { method, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) =>
        done({ text: '', ms: performance.now() - started, error: error.message }),
      );
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const json = jsonOf(text);
        const allow = response.headers.allow;
        done({
          status: response.statusCode,
          contentType: response.headers['content-type'],
          text,
          json,
          ms: performance.now() - started,
          ...(allow !== undefined && { allow }),
        });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => done({ text: '', ms: performance.now() - started, error: error.message }));
    request.end();
  });
}
