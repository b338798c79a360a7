/**
 * Forwarding one call to the upstream: the request goes out as the app sent it (minus hop-by-hop
 * headers, with the upstream's host), the answer streams back to the app as it arrives, and a
 * copy of its body (decoded when compressed, at most MAX_CHECKED_BYTES) is handed to the checks
 * and the recording once it has ended — the body is never held back from the app, nor buffered
 * twice. What can go wrong on the way is an answer of the gateway's own with the documented
 * envelope and a line in the terminal, never a hang: an upstream that is down (502), refuses
 * TLS (502), redirects an API call (to a sign-in page, 502) or does not answer in time (504).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { HOP_BY_HOP } from '../gateway/server';
import { corsHeaders, sendJson } from '../http';
import { safeHeaders } from '../guard';

/** Bodies larger than this are relayed but not checked (nor recorded): a warning says so. */
const MAX_CHECKED_BYTES = 16 * 1024 * 1024;
/** No connection within this long: the upstream is unreachable. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** No answer within this long (the app's own request limit, SPEC §9): 504. */
const ANSWER_TIMEOUT_MS = 60_000;

export interface UpstreamAnswer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body as the app reads it (decoded), or undefined when it was too large to keep. */
  body?: Buffer;
  ms: number;
}

export interface UpstreamTarget {
  /** The upstream's base URL (its origin, maybe with a path prefix). */
  base: URL;
  /** Accept any TLS certificate (`--insecure`, for a staging server with a private CA). */
  insecure: boolean;
  /** Connections kept open between calls (a handshake per call would be most of the gateway's cost). */
  agent?: http.Agent;
}

/** The keep-alive agent for a target (destroy it when the gateway stops). */
export function upstreamAgent(base: URL, insecure: boolean): http.Agent {
  return base.protocol === 'https:'
    ? new https.Agent({ keepAlive: true, rejectUnauthorized: !insecure })
    : new http.Agent({ keepAlive: true });
}

/** The URL of a path on the upstream (a path prefix of the base is kept). */
export function upstreamUrl(target: UpstreamTarget, pathAndQuery: string): URL {
  const prefix = target.base.pathname.replace(/\/$/, '');
  return new URL(`${prefix}${pathAndQuery}`, target.base.origin);
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)_|EPROTO$)/;

/** Why the upstream could not be asked, in one line for the terminal and one for the app. */
export function upstreamProblem(
  error: NodeJS.ErrnoException,
  base: URL,
): { terminal: string; app: string; status: number } {
  const code = error.code ?? '';
  if (error.message.startsWith('no answer within'))
    return {
      status: 504,
      terminal: `${base.origin} did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`,
      app: `上游服务 ${base.origin} 未在 ${ANSWER_TIMEOUT_MS / 1000} 秒内应答`,
    };
  if (TLS_CODES.test(code) || /certificate|ssl|tls/i.test(error.message))
    return {
      status: 502,
      terminal: `TLS with ${base.origin} failed (${code || error.message}): trust its CA with NODE_EXTRA_CA_CERTS=ca.pem, or pass --insecure for a staging server`,
      app: `与上游服务 ${base.origin} 的 TLS 连接失败（${code || error.message}）`,
    };
  return {
    status: 502,
    terminal: `${base.origin} cannot be reached (${code || error.message})`,
    app: `无法连接上游服务 ${base.origin}（${code || error.message}）`,
  };
}

/** Decoded copies larger than this are not checked (a compressed answer can expand a thousandfold). */
const MAX_DECODED_BYTES = 4 * MAX_CHECKED_BYTES;

/**
 * Decodes a compressed copy for the checks, off the event loop and bounded (the app gets the
 * bytes as they came); undefined when it cannot be decoded within the bound.
 */
async function decoded(body: Buffer, encoding: string | undefined): Promise<Buffer | undefined> {
  const options = { maxOutputLength: MAX_DECODED_BYTES };
  const run = (
    decode: (
      input: Buffer,
      options: zlib.ZlibOptions,
      done: (error: Error | null, out: Buffer) => void,
    ) => void,
  ) =>
    new Promise<Buffer | undefined>((resolve) =>
      decode(body, options, (error, out) => resolve(error ? undefined : out)),
    );
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return run(zlib.gunzip);
    case 'deflate':
      return run(zlib.inflate);
    case 'br':
      return run(zlib.brotliDecompress as never);
    default:
      return undefined;
  }
}

/**
 * Sends a call to the upstream and relays the answer to `res` as it streams (at the client's
 * pace). Resolves with the answer (body kept for the checks, when it could be) once it has
 * ended, or with undefined when the gateway answered instead (the reason was printed with
 * `warn`) or the client left. `api`: an API call, which is never meant to be redirected; the
 * upstream's own pages (its SSO) relay their redirects as they are.
 */
export function forward(
  target: UpstreamTarget,
  req: IncomingMessage,
  res: ServerResponse,
  pathAndQuery: string,
  body: Buffer,
  warn: (line: string) => void,
  api = true,
): Promise<UpstreamAnswer | undefined> {
  const url = upstreamUrl(target, pathAndQuery);
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  for (const name of [...HOP_BY_HOP, 'host', 'content-length', 'transfer-encoding']) delete headers[name];
  // The Vite proxy's X-Forwarded-* describe the browser's side; the upstream sees its own host.
  headers.host = url.host;
  headers['content-length'] = body.length;
  const started = performance.now();
  const method = req.method ?? 'GET';
  const label = `${method} ${pathAndQuery.split('?')[0]}`;

  const refuse = (status: number, terminal: string, app: string) => {
    warn(`[upstream] ${label} → ${status}: ${terminal}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, status, { code: status, msg: app, data: null }, corsHeaders);
  };

  return new Promise((resolve) => {
    let clientGone = false;
    let retried = false;
    let current: http.ClientRequest | undefined;
    const client = url.protocol === 'https:' ? https : http;
    // The app left (a page navigation): stop asking.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      current?.destroy();
    });
    const send = () => {
      const request = client.request(
        url,
        {
          method,
          headers,
          agent: target.agent ?? false,
          timeout: ANSWER_TIMEOUT_MS,
          ...(url.protocol === 'https:' && { rejectUnauthorized: !target.insecure }),
        },
        (answer) => {
          clearTimeout(connectTimer);
          const status = answer.statusCode ?? 502;
          // An API call is never meant to be redirected: it is the upstream's sign-in (or a gateway
          // of its own) asking for a browser session the app does not have.
          if (api && status >= 300 && status < 400 && answer.headers.location) {
            answer.resume();
            const location = answer.headers.location;
            refuse(
              502,
              `redirected to ${location} — the upstream wants a sign-in: start with --token TOKEN (a token of a real session)`,
              `上游服务把接口调用重定向到了 ${location}（多半是登录页）：请用 --token 提供令牌后重试`,
            );
            resolve(undefined);
            return;
          }
          const relayed: http.OutgoingHttpHeaders = { ...answer.headers };
          for (const name of HOP_BY_HOP) delete relayed[name];
          res.writeHead(status, answer.statusMessage, safeHeaders(relayed));
          const chunks: Buffer[] = [];
          let kept = 0;
          let overflow = false;
          answer.on('data', (chunk: Buffer) => {
            // At the client's pace: a slow client holds the upstream back, not the gateway's memory.
            if (!res.write(chunk)) {
              answer.pause();
              res.once('drain', () => answer.resume());
            }
            if (overflow) return;
            kept += chunk.length;
            if (kept > MAX_CHECKED_BYTES) {
              overflow = true;
              chunks.length = 0;
            } else chunks.push(chunk);
          });
          answer.on('end', () => {
            res.end();
            void (async () => {
              let copy: Buffer | undefined;
              if (overflow)
                warn(
                  `[upstream] ${label}: the answer is over ${MAX_CHECKED_BYTES} bytes; relayed, not checked`,
                );
              else {
                copy = await decoded(Buffer.concat(chunks), answer.headers['content-encoding']);
                if (!copy)
                  warn(
                    `[upstream] ${label}: the answer could not be decoded for the check; relayed, not checked`,
                  );
              }
              resolve({
                status,
                statusText: answer.statusMessage ?? '',
                headers: answer.headers,
                body: copy,
                ms: performance.now() - started,
              });
            })();
          });
          answer.on('error', (error) => {
            if (!clientGone) warn(`[upstream] ${label}: the answer broke off (${error.message})`);
            res.destroy();
            resolve(undefined);
          });
        },
      );
      // A connection that never opens (a dropped SYN) ends here, not after the answer timeout. A
      // kept-alive connection is open already: no timer for it.
      const connectTimer = setTimeout(() => {
        request.destroy(
          Object.assign(new Error(`no connection within ${CONNECT_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' }),
        );
      }, CONNECT_TIMEOUT_MS);
      request.on('socket', (socket) => {
        if (!socket.connecting) clearTimeout(connectTimer);
        else
          socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () =>
            clearTimeout(connectTimer),
          );
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(connectTimer);
        if (clientGone) {
          resolve(undefined);
          return;
        }
        // A kept-alive connection the upstream closed meanwhile: asked once more on a new one.
        if (request.reusedSocket && error.code === 'ECONNRESET' && !retried && !res.headersSent) {
          retried = true;
          send();
          return;
        }
        const problem = upstreamProblem(error, target.base);
        refuse(problem.status, problem.terminal, problem.app);
        resolve(undefined);
      });
      current = request;
      request.end(body);
    };
    send();
  });
}

/**
 * Asks the upstream and keeps the whole answer (replay's fallback to the mock inside, whose
 * answers are small): the caller decides what the app gets. Rejects when it cannot be asked.
 */
export function ask(
  target: UpstreamTarget,
  method: string,
  pathAndQuery: string,
  requestHeaders: IncomingHttpHeaders,
  body: Buffer,
): Promise<UpstreamAnswer & { body: Buffer }> {
  const url = upstreamUrl(target, pathAndQuery);
  const headers: http.OutgoingHttpHeaders = { ...requestHeaders };
  for (const name of [...HOP_BY_HOP, 'host', 'content-length', 'transfer-encoding', 'accept-encoding'])
    delete headers[name];
  headers['content-length'] = body.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent: false, timeout: ANSWER_TIMEOUT_MS },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 502,
            statusText: answer.statusMessage ?? '',
            headers: answer.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        answer.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}
