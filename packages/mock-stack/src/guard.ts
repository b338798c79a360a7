/**
 * What the gateway checks before a request reaches Prism, so that nothing a client sends
 * takes a service down (issue 28): the size of the body, UTF-8, the depth of JSON, and header
 * values on the way back out. Each refusal is a documented 4xx (or 413) with the envelope.
 */
import { isUtf8 } from 'node:buffer';
import type http from 'node:http';

/** Largest JSON body (the contract's longest request is a few kilobytes). */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Largest body of any other kind (a multipart upload: an avatar is at most 5 MB). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Deepest nesting of a JSON body (the contract's deepest request is 3 levels). */
export const MAX_JSON_DEPTH = 64;

/** How many seconds a client is told to wait (`Retry-After`) while a service restarts. */
export const RETRY_AFTER_SECONDS = 2;

/** Bodies carried as bytes, not text: they need not be UTF-8. */
const BINARY_BODY = /^(multipart\/|application\/octet-stream|image\/|audio\/|video\/)/i;

export const isJsonType = (contentType: string | undefined): boolean =>
  /^application\/(.+\+)?json\b/i.test(contentType ?? '');

/**
 * Nesting depth of JSON text, counted without recursion (so a body nested a million deep is
 * measured, not a stack overflow): brackets outside strings.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Why a body is refused before it reaches Prism (400), or undefined when it may go on. */
export function bodyProblem(contentType: string | undefined, body: Buffer): string | undefined {
  if (!body.length || BINARY_BODY.test(contentType ?? '')) return undefined;
  if (!isUtf8(body)) return '请求体不是合法的 UTF-8 文本';
  if (!isJsonType(contentType)) return undefined;
  const text = body.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) return `请求体的 JSON 嵌套超过 ${MAX_JSON_DEPTH} 层`;
  try {
    JSON.parse(text);
  } catch {
    return '请求体不是合法的 JSON';
  }
  return undefined;
}

// Node refuses a header value with anything but tab, visible ASCII and Latin-1 (and throws).
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/g;

/** A header value Node will send: characters it refuses are written as JSON-style `\uXXXX` escapes. */
function safeHeaderValue(value: string): string {
  return value.replace(INVALID_HEADER_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Every value made safe (see `safeHeaderValue`), so relaying an answer can never throw. */
export function safeHeaders(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value)
      ? value.map(safeHeaderValue)
      : typeof value === 'string'
        ? safeHeaderValue(value)
        : value;
  }
  return out;
}
