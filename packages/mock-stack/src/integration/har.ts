/**
 * Sessions as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the format browsers,
 * Playwright's `routeFromHAR` and WireMock read: `--record FILE.har` writes every API call and
 * the realtime socket (Chrome's `_webSocketMessages` extension, as DevTools saves it), and
 * `--replay FILE.har` reads them back (replay.ts).
 *
 * Nothing that signs a user in is written: the Authorization header, cookies, tokens in URLs and
 * in JSON bodies (any key named like a token, password or secret, and `code` when it is text —
 * the envelope's `code` is a number), and every credential value seen anywhere else in the file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REDACTED = '[REDACTED]';

/** JSON keys whose values are credentials, whatever their value; and words that make a text value one. */
const SECRET_KEY =
  /^(id_token|access_token|refresh_token|token|jwt|password|passwd|pwd|old_pwd|new_pwd|secret|client_secret|api_?key|ticket|session_?id|sid|signature)$/i;
const SECRET_WORD = /token|secret|passw|pwd|jwt/i;
/** Text values of keys named like this are data, not credentials (`token_type: "Bearer"`). */
const NOT_SECRET_KEY = /^(token_type|has_\w+)$/i;
/** Query parameters whose values are credentials. */
const SECRET_QUERY = /^(code|ticket|jwt|sig|signature)$|token|secret|passw|pwd|session/i;
/** Headers whose values are credentials. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|api-?key|session/i;
/** Headers whose values are URLs that may carry credentials in their query. */
const URL_HEADER = /^(referer|location|content-location|origin)$/i;
/** Binary answers larger than this are not kept in the recording (a replay answers them from the mock). */
const MAX_RECORDED_BINARY_BYTES = 1024 * 1024;

const isSecretKey = (key: string, value: unknown): boolean =>
  SECRET_KEY.test(key) || (typeof value === 'string' && SECRET_WORD.test(key) && !NOT_SECRET_KEY.test(key));

interface HarHeader {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; encoding?: 'base64' };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  _resourceType?: 'websocket' | 'fetch';
  _webSocketMessages?: { type: 'send' | 'receive'; time: number; opcode: 1; data: string }[];
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

const headerList = (headers: Record<string, string | string[] | number | undefined>): HarHeader[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [String(value)]).map((v) => ({ name, value: v })),
  );

/** A header value without its credential: the scheme stays (`Basic [REDACTED]`), cookies keep their names. */
function redactHeader(name: string, value: string): string {
  if (URL_HEADER.test(name)) return redactUrl(value);
  if (!SECRET_HEADER.test(name)) return value;
  if (/cookie/i.test(name))
    return value
      .split(';')
      .map((part) => {
        const [key, ...rest] = part.split('=');
        return rest.length &&
          !/^\s*(path|domain|expires|max-age|samesite|secure|httponly)\s*$/i.test(key ?? '')
          ? `${key}=${REDACTED}`
          : part;
      })
      .join(';');
  const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/** A URL (absolute, or a path with a query) without credentials in its query. */
export function redactUrl(url: string): string {
  try {
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(url);
    const parsed = new URL(url, 'http://relative.invalid');
    for (const key of [...parsed.searchParams.keys()])
      if (SECRET_QUERY.test(key)) parsed.searchParams.set(key, REDACTED);
    return relative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
  } catch {
    return url;
  }
}

/** A form body (`a=1&password=…`) without credentials. */
function redactForm(text: string): string {
  const form = new URLSearchParams(text);
  for (const key of [...form.keys()])
    if (SECRET_QUERY.test(key) || isSecretKey(key, '')) form.set(key, REDACTED);
  return form.toString();
}

/**
 * JSON text with the values of credential keys replaced; other text as it is. In what a client
 * sends, a textual `code` is one too (an SSO or SMS code); in answers it is data (a power's code).
 */
export function redactJsonText(text: string, side: 'request' | 'answer'): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => [
        key,
        isSecretKey(key, child) || (side === 'request' && key === 'code' && typeof child === 'string')
          ? REDACTED
          : walk(child),
      ]),
    );
  };
  return JSON.stringify(walk(value));
}

/** The credential values of a request's or answer's headers and JSON, to be removed wherever else they appear. */
function secretsIn(headers: HarHeader[], texts: (string | undefined)[]): string[] {
  const found: string[] = [];
  for (const { name, value } of headers) {
    if (/^(authorization|proxy-authorization)$/i.test(name)) {
      const secret = /^(?:\S+\s+)?(\S+)\s*$/.exec(value)?.[1];
      if (secret) found.push(secret);
    } else if (/^cookie$/i.test(name)) {
      for (const part of value.split(';')) {
        const cookie = part.split('=').slice(1).join('=').trim();
        if (cookie) found.push(cookie);
      }
    } else if (SECRET_HEADER.test(name) && !/^set-cookie$/i.test(name)) found.push(value.trim());
  }
  for (const text of texts) {
    if (!text) continue;
    try {
      const visit = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(visit);
        else if (node && typeof node === 'object')
          for (const [key, child] of Object.entries(node)) {
            if (isSecretKey(key, child) && typeof child === 'string') found.push(child);
            else visit(child);
          }
      };
      visit(JSON.parse(text));
    } catch {
      // not JSON
    }
  }
  return found.filter((s) => s.length >= 6 && s !== REDACTED);
}

export interface RecordedCall {
  started: Date;
  method: string;
  url: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: Buffer;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  /** Decoded body (undefined: too large to keep). */
  responseBody?: Buffer;
  ms: number;
}

export interface RecordedSocket {
  frame(type: 'send' | 'receive', data: string): void;
}

const mimeOf = (headers: Record<string, unknown>): string => {
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return typeof value === 'string' ? value : 'application/octet-stream';
};

/** How often a recording under way is written out. */
const WRITE_EVERY_MS = 5_000;

/**
 * Collects a session and writes it (redacted) to `file`: every few seconds while calls come in
 * and when the run stops, so a session killed by the terminal loses at most the last seconds.
 */
export class HarRecorder {
  private readonly entries: HarEntry[] = [];
  private readonly secrets = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(
    readonly file: string,
    private readonly version: string,
  ) {}

  get size(): number {
    return this.entries.length;
  }

  call(call: RecordedCall): void {
    const requestHeaders = headerList(call.requestHeaders);
    const responseHeaders = headerList(call.responseHeaders);
    const requestText = call.requestBody.length
      ? requestBodyText(call.requestBody, mimeOf(call.requestHeaders))
      : undefined;
    const responseMime = mimeOf(call.responseHeaders);
    const textual = /json|text|javascript|xml|html/i.test(responseMime);
    const responseText = call.responseBody && textual ? call.responseBody.toString('utf8') : undefined;
    const keptBody =
      call.responseBody && (textual || call.responseBody.length <= MAX_RECORDED_BINARY_BYTES)
        ? call.responseBody
        : undefined;
    for (const secret of secretsIn(requestHeaders, [requestText, responseText])) this.secrets.add(secret);
    const url = new URL(call.url);
    this.entries.push({
      startedDateTime: call.started.toISOString(),
      time: Math.round(call.ms),
      _resourceType: 'fetch',
      request: {
        method: call.method,
        url: call.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: requestHeaders,
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(requestText !== undefined && {
          postData: { mimeType: mimeOf(call.requestHeaders), text: requestText },
        }),
        headersSize: -1,
        bodySize: call.requestBody.length,
      },
      response: {
        status: call.status,
        statusText: call.statusText,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: responseHeaders.filter(
          (h) => !/^(content-encoding|content-length|transfer-encoding)$/i.test(h.name),
        ),
        content: {
          size: call.responseBody?.length ?? 0,
          mimeType: responseMime,
          ...(keptBody &&
            (textual
              ? { text: keptBody.toString('utf8') }
              : { text: keptBody.toString('base64'), encoding: 'base64' as const })),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: call.responseBody?.length ?? -1,
      },
      cache: {},
      timings: { send: 0, wait: Math.round(call.ms), receive: 0 },
    });
    this.soon();
  }

  socket(url: string, requestHeaders: Record<string, string | string[] | undefined>): RecordedSocket {
    const started = Date.now();
    const headers = headerList(requestHeaders);
    for (const secret of secretsIn(headers, [])) this.secrets.add(secret);
    const entry: HarEntry = {
      startedDateTime: new Date(started).toISOString(),
      time: 0,
      _resourceType: 'websocket',
      request: {
        method: 'GET',
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers,
        queryString: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 101,
        statusText: 'Switching Protocols',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: 'x-unknown' },
        redirectURL: '',
        headersSize: -1,
        bodySize: 0,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
      _webSocketMessages: [],
    };
    this.entries.push(entry);
    this.soon();
    return {
      frame: (type, data) => {
        // Seconds since the epoch, as Chrome writes them.
        entry._webSocketMessages!.push({ type, time: Date.now() / 1000, opcode: 1, data });
        entry.time = Date.now() - started;
        for (const secret of secretsIn([], [data])) this.secrets.add(secret);
        this.soon();
      },
    };
  }

  /** At most one write every WRITE_EVERY_MS while calls come in (each write is the whole file). */
  private soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.write(), WRITE_EVERY_MS);
    this.timer.unref();
  }

  /** Writes the file now (atomically: a reader never sees half of it). */
  write(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: 'workbench-integration-gateway', version: this.version },
        entries: this.entries,
      },
    };
    const text = this.redact(JSON.stringify(har, null, 2));
    mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    const temporary = `${this.file}.partial`;
    writeFileSync(temporary, text);
    renameSync(temporary, this.file);
  }

  /** Removes credentials: by place (headers, URLs, JSON keys), then every value seen anywhere. */
  private redact(text: string): string {
    const har = JSON.parse(text) as Har;
    for (const entry of har.log.entries) {
      entry.request.url = redactUrl(entry.request.url);
      entry.request.queryString = entry.request.queryString.map((q) =>
        SECRET_QUERY.test(q.name) ? { ...q, value: REDACTED } : q,
      );
      for (const list of [entry.request.headers, entry.response.headers])
        for (const header of list) header.value = redactHeader(header.name, header.value);
      if (entry.request.postData)
        entry.request.postData.text = /x-www-form-urlencoded/i.test(entry.request.postData.mimeType)
          ? redactForm(entry.request.postData.text)
          : redactJsonText(entry.request.postData.text, 'request');
      if (entry.response.content.text !== undefined && entry.response.content.encoding === undefined)
        entry.response.content.text = redactJsonText(entry.response.content.text, 'answer');
      for (const message of entry._webSocketMessages ?? [])
        message.data = redactJsonText(message.data, message.type === 'send' ? 'request' : 'answer');
    }
    let out = JSON.stringify(har, null, 2);
    for (const secret of this.secrets) out = out.split(JSON.stringify(secret).slice(1, -1)).join(REDACTED);
    return `${out}\n`;
  }
}

function requestBodyText(body: Buffer, mime: string): string {
  if (/^multipart\//i.test(mime)) return `(multipart body of ${body.length} bytes, not recorded)`;
  if (/json|text|x-www-form-urlencoded/i.test(mime)) return body.toString('utf8');
  return `(${body.length} bytes of ${mime}, not recorded)`;
}

/** Reads a HAR file; a clear error when it is not one. */
export function readHar(file: string): Har {
  let har: unknown;
  try {
    har = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a HAR file: ${(error as Error).message}`, { cause: error });
  }
  const entries = (har as Har | undefined)?.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file} is not a HAR file: it has no log.entries`);
  return har as Har;
}

export type { HarEntry };
