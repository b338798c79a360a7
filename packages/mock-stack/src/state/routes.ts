/**
 * The QA controls of the state layer, under /__mock/:
 *   POST /__mock/reset            forget the caller's session (`?all=1`: every session)
 *   GET  /__mock/state            the caller's session as JSON (attach it to a bug report)
 *   PUT  /__mock/state            load such a JSON into the caller's session (reproduce it)
 *   GET  /__mock/files/<id>       a file uploaded through POST /sys/v1/upload
 * and the request helpers the gateway uses to hand a request to the state layer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, readBody, sendJson } from '../http';
import { SCENARIO_COOKIE, findScenario } from '../scenarios';
import { isSnapshot, type StateLayer } from './index';
import { requestSession, newSessionId, sessionCookie, sessionKey, splitKey } from './sessions';

/** Images are served as themselves; anything else only as a download (it is served from the app's origin). */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Largest state a PUT may load (uploaded images travel in it, base64). */
const MAX_STATE_BYTES = 64 * 1024 * 1024;

/**
 * Whether a request that changes sessions may come from where it comes from: not from a
 * page of another site (any page open in a QA browser could otherwise wipe or overwrite
 * sessions: these routes send no CORS headers, and a cross-site request is refused).
 */
function sameSiteOrScript(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-site'] !== 'cross-site';
}

export async function handleStateRoute(
  state: StateLayer,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  key: string,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const { pathname } = url;
  const stateRoute = pathname === '/__mock/reset' || pathname === '/__mock/state';
  if (stateRoute && method !== 'GET' && !sameSiteOrScript(req)) {
    sendJson(res, 403, { code: 403, msg: 'QA session changes are refused from another site' });
    return true;
  }
  if (pathname === '/__mock/reset' && method === 'POST') {
    const all = url.searchParams.get('all');
    const everything = all === '1' || all === 'true';
    const removed = state.store.reset(everything ? undefined : key);
    sendJson(res, 200, { reset: everything ? 'all' : key, sessions: removed });
    return true;
  }
  if (pathname === '/__mock/state' && method === 'GET') {
    const { session } = splitKey(key);
    sendJson(
      res,
      200,
      { session, ...state.snapshot(key) },
      {
        'Content-Disposition': `inline; filename="mock-state-${session}.json"`,
      },
    );
    return true;
  }
  if (pathname === '/__mock/state' && method === 'PUT') {
    let snapshot: unknown;
    try {
      snapshot = JSON.parse((await readBody(req, MAX_STATE_BYTES)).toString('utf8'));
    } catch (error) {
      const status = error instanceof BodyTooLarge ? 413 : 400;
      sendJson(res, status, { code: status, msg: `Invalid JSON body: ${(error as Error).message}` });
      return true;
    }
    if (!isSnapshot(snapshot) || !findScenario(snapshot.scenario)) {
      sendJson(res, 400, {
        code: 400,
        msg: 'Expected what GET /__mock/state returns: { scenario, records: { kind: [{ id, value }] }, files, counters }',
      });
      return true;
    }
    // The session continues in the snapshot's scenario, so the reads without a handler match it too.
    const session = requestSession(req) ?? newSessionId();
    const target = sessionKey(session, snapshot.scenario);
    state.load(target, snapshot);
    sendJson(
      res,
      200,
      { loaded: target },
      {
        'Set-Cookie': [
          sessionCookie(session),
          `${SCENARIO_COOKIE}=${encodeURIComponent(snapshot.scenario)}; Path=/; SameSite=Lax`,
        ],
      },
    );
    return true;
  }
  const file = /^\/__mock\/files\/([0-9a-f-]{36})(\.[a-z0-9]{1,5})?$/.exec(pathname);
  if (file && (method === 'GET' || method === 'HEAD')) {
    const stored = state.store.file(file[1]!);
    if (!stored) {
      sendJson(res, 404, { code: 404, msg: 'No such file', data: null });
      return true;
    }
    const inline = INLINE_TYPES.has(stored.type);
    res.writeHead(200, {
      'Content-Type': inline ? stored.type : 'application/octet-stream',
      'Content-Length': stored.bytes.length,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ...(inline ? {} : { 'Content-Disposition': 'attachment' }),
    });
    res.end(method === 'HEAD' ? undefined : stored.bytes);
    return true;
  }
  return false;
}

/** The body as the handlers get it: parsed JSON, or the fields of a multipart form (files read into memory). */
export async function parseRequestBody(contentType: string | undefined, body: Buffer): Promise<unknown> {
  if (!body.length) return undefined;
  if (contentType && /^multipart\/form-data/i.test(contentType)) {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) {
      fields[name] =
        typeof value === 'string'
          ? value
          : { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
    return fields;
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The origin the browser used (the Vite dev server or preview proxies to us): for absolute file URLs. */
export function requestOrigin(req: IncomingMessage): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  const forwardedHost = req.headers['x-forwarded-host'];
  const forwardedProto = req.headers['x-forwarded-proto'];
  if (typeof forwardedHost === 'string' && forwardedHost)
    return `${typeof forwardedProto === 'string' && forwardedProto ? forwardedProto.split(',')[0] : 'http'}://${forwardedHost.split(',')[0]}`;
  return `http://${req.headers.host ?? 'localhost'}`;
}
