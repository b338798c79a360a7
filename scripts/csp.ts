/**
 * The Content Security Policy of the production build, and the Vite plugin that
 * serves it from `npm run preview` (README "Security" shows the same for nginx).
 *
 * - Scripts: `'self'` plus the sub-apps' origins. No inline script, no eval: the build
 *   has none, and micro-app's one eval (`Function('return window')`) is avoided in
 *   src/micro-apps/start.ts.
 * - Style elements: antd/pro-components insert `<style>` at run time (CSS-in-JS). They
 *   carry a per-response nonce: the server puts a fresh value in the header and in
 *   index.html (in place of NONCE_PLACEHOLDER, which Vite's `html.cspNonce` writes on the
 *   build's tags and on `<meta property="csp-nonce">`); the app hands it to antd's
 *   ConfigProvider and stamps it on the other script-created `<style>` elements
 *   (src/ui/csp-nonce.ts). A `<style>` injected through markup has no nonce: blocked.
 * - Style attributes: 'unsafe-inline' for `style-src-attr` only (see below).
 * - Connections: 'self' (same-origin ws: included) plus the API, realtime and sub-app origins.
 * - Frames: 'self' — micro-app's sandbox is an iframe on /empty.html.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Written by Vite into the build; replaced per response by the server. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const SUB_APP_VARIABLES = [
  'VITE_MICRO_APP_MANUAL_URL',
  'VITE_MICRO_APP_PRODUCT_URL',
  'VITE_MICRO_APP_CHANNEL_URL',
  'VITE_MICRO_APP_ENGINE_URL',
];

/** The origin of an absolute http(s)/ws(s) URL; undefined for a relative one (same origin). */
function originOf(raw: string | undefined): string | undefined {
  if (!raw?.trim() || raw.trim().startsWith('/')) return undefined;
  try {
    const url = new URL(raw.trim());
    return /^(https?|wss?):$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    throw new Error(`CSP: "${raw}" is neither a path nor an absolute URL`);
  }
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

export interface PolicySources {
  subApps: string[];
  connect: string[];
}

/** Other origins the app uses, from the same VITE_* variables the app reads (README "Configuration"). */
export function policySources(env: Record<string, string | undefined>): PolicySources {
  const subApps = unique(SUB_APP_VARIABLES.map((name) => originOf(env[name])));
  const connect = unique([originOf(env.VITE_API_BASE), originOf(env.VITE_REALTIME_URL), ...subApps]);
  return { subApps, connect };
}

/** The header value for one response. */
export function contentSecurityPolicy(sources: PolicySources, nonce: string): string {
  const list = (...values: string[]) => values.filter(Boolean).join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", "'report-sample'", ...sources.subApps)],
    ['style-src', list("'self'", "'report-sample'", `'nonce-${nonce}'`, ...sources.subApps)],
    // Style attributes (libraries set them: micro-app's hidden iframe, textarea autosize).
    // They cannot add selectors; what they could fetch, img-src already allows.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', list("'self'", 'data:', ...sources.subApps)],
    ['connect-src', list("'self'", ...sources.connect)],
    ['frame-src', "'self'"],
    ['child-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Sent with the policy on every page (README "Security" shows them for nginx too). */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const PROXIED = /^\/(api|sso|__mock)(\/|$)/;

/**
 * `vite preview` with the policy: every page of the app (index.html for the SPA routes,
 * empty.html for micro-app's sandbox) is sent with a fresh nonce in the header and in
 * the page. Proxied paths (/api, /sso, /__mock) keep whatever their server sends.
 */
export function cspPreview(): Plugin {
  let outDir = 'dist';
  let sources: PolicySources = { subApps: [], connect: [] };
  return {
    name: 'workbench-csp-preview',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      sources = policySources(config.env);
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        if (PROXIED.test(pathname)) return next();
        const nonce = newNonce();
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(sources, nonce));
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        // Documents: the SPA's routes (no file extension) and the .html pages of the build.
        const ext = path.extname(pathname);
        if ((req.method !== 'GET' && req.method !== 'HEAD') || (ext && ext !== '.html')) return next();
        const file =
          ext === '.html'
            ? path.normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '')
            : 'index.html';
        if (!path.resolve(outDir, file).startsWith(outDir + path.sep)) return next();
        let html: string;
        try {
          html = readFileSync(path.resolve(outDir, file), 'utf8'); // read each time: a rebuild may replace it
        } catch {
          return next();
        }
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : html.replaceAll(NONCE_PLACEHOLDER, nonce));
      });
    },
  };
}
