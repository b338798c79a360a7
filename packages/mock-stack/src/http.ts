/** Small HTTP helpers of the gateway. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS',
  // `*` does not cover Authorization (Fetch standard): the sample apps send their scoped token.
  'Access-Control-Allow-Headers': '*, Authorization',
  'Access-Control-Max-Age': '600',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** A page with no script at all; styles come from the gateway's own stylesheet. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...headers,
  });
  res.end(html);
}

export function redirect(
  res: ServerResponse,
  location: string,
  headers: Record<string, string | string[]> = {},
  status = 302,
): void {
  res.writeHead(status, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': 0, ...headers });
  res.end();
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A request body over the limit (answered 413). */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** How much of an oversized body is read and thrown away (so the 413 reaches the client) before the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * Reads a request body. Rejects with `BodyTooLarge` on a body over `limit` bytes (at once when
 * Content-Length says so): the rest is read and thrown away rather than the socket destroyed,
 * so the client, still sending, gets the answer.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    const tooLarge = () => {
      over = true;
      chunks.length = 0;
      reject(new BodyTooLarge(limit));
    };
    if (Number(req.headers['content-length']) > limit) tooLarge();
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (over) {
        if (size > DRAIN_LIMIT) req.destroy();
        return;
      }
      if (size > limit) tooLarge();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!over) reject(error);
    });
  });
}

/** Reads a JSON body (empty body → undefined). Throws on invalid JSON or a body over `limit` bytes. */
export async function readJson(req: IncomingMessage, limit = 64 * 1024): Promise<unknown> {
  const text = (await readBody(req, limit)).toString('utf8').trim();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * A same-origin relative path for `next=`: it must start with one '/', not '//' or '/\',
 * and contain no control characters or backslashes; anything else becomes '/'.
 */
export function safeRelativePath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}
