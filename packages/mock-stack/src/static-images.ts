/**
 * The images the contracts' examples name (avatars, feedback images, app icons) live on
 * https://static.zhique.example.com, a host that does not exist. So that a QA session
 * works offline with no failed request to another host, the gateway rewrites that
 * origin in its JSON answers to its own `/__mock/static/` route (on the origin the
 * browser used), and serves a small picture there for every such path.
 */
import type { ServerResponse } from 'node:http';

const EXAMPLE_STATIC_ORIGIN = 'https://static.zhique.example.com';
export const STATIC_ROUTE = '/__mock/static/';

/** An origin fit to splice into JSON text: scheme, host name or IPv4, optional port. */
const PLAIN_ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;
/**
 * The examples' image URLs, but for the contract's default avatar: the app draws that one
 * from its own copy and knows it by this very URL (src/ui/UserAvatar.tsx).
 */
const EXAMPLE_URL = /https:\/\/static\.zhique\.example\.com\/(?!avatar\/default\.png")/g;

/**
 * The answer's JSON text with the examples' image host replaced by the gateway's route on
 * `origin` (the one the browser used), or unchanged when `origin` is not a plain origin.
 */
export function localiseStaticUrls(text: string, origin: string): string {
  if (!text.includes(EXAMPLE_STATIC_ORIGIN) || !PLAIN_ORIGIN.test(origin)) return text;
  return text.replace(EXAMPLE_URL, `${origin}${STATIC_ROUTE}`);
}

/** A stable hue for a path, so two example images look different and each looks the same every time. */
function hue(path: string): number {
  let h = 0;
  for (const ch of path) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** A person for avatars, a framed picture for anything else. */
function picture(path: string): string {
  const colour = `hsl(${hue(path)} 55% 62%)`;
  const background = `hsl(${hue(path)} 60% 92%)`;
  const figure = /(^|\/)avatar/i.test(path)
    ? `<circle cx="32" cy="25" r="11" fill="${colour}"/><path d="M12 58c1.5-11 9.6-18 20-18s18.5 7 20 18z" fill="${colour}"/>`
    : `<rect x="14" y="16" width="36" height="32" rx="3" fill="none" stroke="${colour}" stroke-width="3"/><path d="M17 45l10-11 7 7 5-5 9 9" fill="none" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/><circle cx="41" cy="25" r="3.5" fill="${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>${figure}</svg>`;
}

/** GET /__mock/static/<path>: the stand-in picture of an example image. */
export function serveStaticImage(res: ServerResponse, path: string): void {
  const svg = picture(path);
  res.writeHead(200, {
    // An SVG whatever the name's extension: an <img> goes by the content type.
    'Content-Type': 'image/svg+xml',
    'Content-Length': Buffer.byteLength(svg),
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  res.end(svg);
}
