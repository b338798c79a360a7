import { config } from '@/config/env';

/**
 * Allow-lists for URLs that come from outside the app (server data, query
 * strings): only http(s), and for redirects only this origin or a configured one.
 */
const SAFE_SCHEMES = new Set(['http:', 'https:']);

/** A link from server data (e.g. a notice url) may be opened only if it is http(s). */
export function safeExternalLink(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const url = new URL(raw.trim());
    return SAFE_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A redirect target taken from a URL: a path on this origin, or an absolute URL on
 * this or an allowed origin. Returns a path (same origin) or a URL, or null. The
 * target is resolved the way the browser will resolve it, so "//evil", "/\\evil" and
 * "/<tab>/evil" (the URL parser drops tabs and newlines) are seen as the other host they are.
 */
export function safeRedirect(
  raw: unknown,
  allowedOrigins: readonly string[] = config.allowedLinkOrigins,
): string | null {
  if (typeof raw !== 'string' || !raw) return null;
  const here = window.location.origin;
  let url: URL;
  try {
    url = new URL(raw, here);
  } catch {
    return null;
  }
  if (!SAFE_SCHEMES.has(url.protocol)) return null;
  if (url.origin === here) return url.pathname + url.search + url.hash;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}
