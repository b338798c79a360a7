/**
 * The Content Security Policies of the production build, and the Vite plugin that
 * serves them from `npm run preview` (deploy/nginx/workbench/csp.conf says the same for nginx;
 * tests/unit/deploy/nginx-csp.test.ts keeps them equal; docs/operations.md explains them).
 * Two documents, two policies, both derived here from the same `VITE_*` variables:
 *
 * The shell (index.html and its routes) — strict:
 * - Scripts: `'self'` only. No inline script, no eval; the sub-apps do not run here.
 * - Style elements: antd/pro-components insert `<style>` at run time (CSS-in-JS). They
 *   carry a per-response nonce: the server puts a fresh value in the header and in the
 *   page (in place of NONCE_PLACEHOLDER, which Vite's `html.cspNonce` writes on the
 *   build's tags and on `<meta property="csp-nonce">`); the app hands it to antd's
 *   ConfigProvider and stamps it on the other script-created `<style>` elements
 *   (src/ui/csp-nonce.ts). A `<style>` injected through markup has no nonce: blocked.
 * - Style attributes: 'unsafe-inline' for `style-src-attr` only (see below).
 * - Connections: 'self' (same-origin ws: included) plus the API and realtime origins.
 * - Frames: the sub-apps' frame origins only (one per app: src/constants/frame-origins.ts).
 *
 * A sub-app's frame (sub-app.html, served on the app's frame origin, never the shell's) —
 * what a child needs, for the sub-app origins only:
 * - Scripts: 'self' (the frame's own loader), the sub-app origins (the child's files,
 *   loaded by URL), the frame's nonce (the inline scripts of the child's index.html,
 *   which the loader re-creates with it), and 'unsafe-eval' (see SUB_APP_EVAL).
 * - Styles: 'self', the sub-app origins (the child's stylesheets) and the nonce (its
 *   inline and CSS-in-JS `<style>` elements, stamped the same way as the shell's).
 * - Images, fonts, media, connections, workers: 'self', the sub-app origins (plus the
 *   API and realtime origins for connections); `base-uri 'none'` (the loader writes no
 *   `<base>`); `frame-ancestors` the shell's origin only (only the shell may embed it).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin } from 'vite';
import {
  FRAME_PAGE_PATH,
  frameAppOfHost,
  frameOriginFor,
  SUB_APP_NAMES,
} from '../src/constants/frame-origins.ts';

/** Written by Vite into the build; replaced per response by the server. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const SUB_APP_VARIABLES = [
  'VITE_MICRO_APP_MANUAL_URL',
  'VITE_MICRO_APP_PRODUCT_URL',
  'VITE_MICRO_APP_CHANNEL_URL',
  'VITE_MICRO_APP_ENGINE_URL',
];

/** The origin of an absolute http(s)/ws(s) URL; undefined for a relative one (the shell's origin). */
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
  /** Where the sub-apps' own files come from: the origins of their URLs (a relative URL is the shell's). */
  subApps: string[];
  /** Origins of absolute API and realtime URLs. */
  services: string[];
  /** The sub-apps' frame origins (the shell's `frame-src`). */
  frames: string[];
  /** The shell's origins (the frames' `frame-ancestors`). */
  shell: string[];
}

/**
 * Other origins the app uses, from the same VITE_* variables the app reads (docs/operations.md
 * "Configuration"), for a shell served on `shellOrigins` (the first is the one the frame
 * origins' default scheme and port come from).
 */
export function policySources(
  env: Record<string, string | undefined>,
  shellOrigins: string[],
): PolicySources {
  const shell = new URL(shellOrigins[0] ?? 'http://localhost');
  const relative = SUB_APP_VARIABLES.some((name) => !originOf(env[name]));
  return {
    subApps: unique([
      ...(relative ? shellOrigins : []),
      ...SUB_APP_VARIABLES.map((name) => originOf(env[name])),
    ]),
    services: unique([originOf(env.VITE_API_BASE), originOf(env.VITE_REALTIME_URL)]),
    frames: SUB_APP_NAMES.map((app) => frameOriginFor(app, env.VITE_SUB_APP_FRAME_ORIGIN, shell)),
    shell: unique(shellOrigins),
  };
}

const list = (...values: string[]) => values.filter(Boolean).join(' ');
const serialise = (directives: [string, string][]) =>
  directives.map(([name, value]) => `${name} ${value}`).join('; ');

/**
 * A policy read back as directive → sources, so that spacing and an empty source list do not
 * matter (the tests compare the policies the servers send with the ones written here).
 */
export function policyDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The shell's header value for one response. */
export function contentSecurityPolicy(sources: PolicySources, nonce: string): string {
  return serialise([
    ['default-src', "'self'"],
    ['script-src', "'self' 'report-sample'"],
    ['style-src', list("'self'", "'report-sample'", `'nonce-${nonce}'`)],
    // Style attributes (libraries set them: textarea autosize, popup positions).
    // They cannot add selectors; what they could fetch, img-src already allows.
    ['style-src-attr', "'unsafe-inline'"],
    // Avatars and feedback images are absolute URLs on the servers' hosts.
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self' data:"],
    ['connect-src', list("'self'", ...sources.services)],
    ['frame-src', list(...sources.frames)],
    ['child-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ]);
}

/**
 * 'unsafe-eval' in a sub-app's frame: real children's libraries build code at run time
 * (Vue's template compiler, regenerator-runtime's strict-mode fallback, webpack's `eval`
 * devtool, lodash templates). It lets a script that already runs from an allowed origin
 * make more code; it does not let markup or an attacker's URL run anything, and it never
 * applies to the shell's own document.
 */
const SUB_APP_EVAL = "'unsafe-eval'";

/** The header value of a sub-app's frame (sub-app.html) for one response. */
export function subAppFramePolicy(sources: PolicySources, nonce: string): string {
  const apps = sources.subApps;
  return serialise([
    ['default-src', "'self'"],
    ['script-src', list("'self'", "'report-sample'", `'nonce-${nonce}'`, SUB_APP_EVAL, ...apps)],
    ['style-src', list("'self'", "'report-sample'", `'nonce-${nonce}'`, ...apps)],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', list("'self'", 'data:', 'blob:', ...apps)],
    ['font-src', list("'self'", 'data:', ...apps)],
    ['media-src', list("'self'", 'data:', 'blob:', ...apps)],
    ['connect-src', list("'self'", ...sources.services, ...apps)],
    ['frame-src', list("'self'", ...apps)],
    ['child-src', list("'self'", ...apps)],
    ['worker-src', list("'self'", 'blob:', ...apps)],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', list("'self'", ...apps)],
    ['frame-ancestors', list(...sources.shell)],
  ]);
}

/**
 * The shell's pages name their speculation rules (public/speculation-rules.json: prerender the
 * other module tabs' pages once a page has settled) in a header, not an inline script, so the
 * shell's `script-src` stays `'self'`. The file must be sent with its own media type.
 * deploy/nginx/workbench/shell.conf does the same.
 */
export const SPECULATION_RULES = '/speculation-rules.json';
export const SPECULATION_RULES_HEADER = `"${SPECULATION_RULES}"`;
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/**
 * Sent with the speculation rules: asks the browser to load a prerendered page's cross-origin
 * frames during the prerender too (the sub-apps' frames; by default they wait for the click),
 * so a switch shows an app whose frame page, process and handshake are there already. The frame
 * runs no child code before the page is shown (src/sub-app-frame/main.ts). Chrome honours it
 * behind chrome://flags/#prerender2-cross-origin-iframes (an origin trial in 147–152); other
 * browsers ignore it. deploy/nginx/workbench/shell.conf sends it too.
 */
export const PRERENDER_FRAMES_HEADER = {
  name: 'Supports-Loading-Mode',
  value: 'prerender-cross-origin-frames',
} as const;

/**
 * Whether a shell page may name its speculation rules: not one that arrived with a credential
 * in its address (the sign-on's `?code=`, a handed-over `?token=`). The browser fetches the rules
 * with the page's address as Referer, before the app has cleared it.
 */
export function mayNameSpeculationRules(url: string): boolean {
  const query = new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '');
  return !query.has('code') && !query.has('token');
}

function sendSpeculationRules(outDir: string, res: import('node:http').ServerResponse) {
  res.setHeader('Content-Type', SPECULATION_RULES_TYPE);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(readFileSync(path.join(outDir, SPECULATION_RULES)));
}

/** Sent with the policy on every page (deploy/nginx/workbench/document.conf sends them for nginx too). */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const PROXIED = /^\/(api|sso|__mock)(\/|$)/;

/** A request's host name and port, from its Host header. */
function hostOf(req: Connect.IncomingMessage): { hostname: string; port: string } {
  try {
    const url = new URL(`http://${req.headers.host ?? 'localhost'}`);
    return { hostname: url.hostname, port: url.port };
  } catch {
    return { hostname: '', port: '' };
  }
}

/** The shell origins a local server on `port` answers to (the frames' `frame-ancestors`). */
const loopbackShellOrigins = (port: string) =>
  ['localhost', '127.0.0.1'].map((host) => `http://${host}${port ? `:${port}` : ''}`);

/** A path as the file server will read it (`/%73ub-app.html` and `/./sub-app.html` are the frame page too). */
function normalisedPath(pathname: string): string {
  try {
    return path.posix.normalize(decodeURIComponent(pathname));
  } catch {
    return pathname;
  }
}

const notFound = (res: import('node:http').ServerResponse, why: string) => {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(why);
};

/**
 * `vite preview` with the policies and the frame origins. The shell's pages (index.html for
 * the SPA routes) are sent with its policy; a request on a frame host (`manual.localhost:4173`
 * by default) gets the frame page for any path, with the frame's policy, or the build's assets,
 * and nothing else; the shell's host never serves the frame page. Each page gets a fresh nonce
 * in the header and in the page. Proxied paths (/api, /sso, /__mock) keep whatever their server
 * sends.
 */
export function cspPreview(): Plugin {
  let outDir = 'dist';
  let env: Record<string, string | undefined> = {};
  return {
    name: 'workbench-csp-preview',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      env = config.env;
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        const { hostname, port } = hostOf(req);
        const page = normalisedPath(pathname);
        const frameApp = frameAppOfHost(hostname, env.VITE_SUB_APP_FRAME_ORIGIN);
        if (!frameApp && PROXIED.test(pathname)) return next();
        if (frameApp && (PROXIED.test(pathname) || pathname === '/favicon.svg'))
          return notFound(res, 'A sub-app frame origin serves the frame page and its assets only.');
        if (!frameApp && page === FRAME_PAGE_PATH)
          return notFound(res, "The frame page is served on the sub-apps' frame origins only.");
        if (!frameApp && page === SPECULATION_RULES) return sendSpeculationRules(outDir, res);
        const nonce = newNonce();
        const sources = policySources(env, loopbackShellOrigins(port));
        const policy = frameApp ? subAppFramePolicy : contentSecurityPolicy;
        res.setHeader('Content-Security-Policy', policy(sources, nonce));
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
        // Documents: the SPA's routes (no file extension) and the .html pages of the build; on a
        // frame host, every path but the assets is the frame page.
        const ext = path.extname(pathname);
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        if (frameApp ? pathname.startsWith('/assets/') : ext && ext !== '.html') return next();
        const file = frameApp
          ? FRAME_PAGE_PATH.slice(1)
          : ext === '.html'
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
        if (!frameApp && mayNameSpeculationRules(req.url ?? '/')) {
          res.setHeader('Speculation-Rules', SPECULATION_RULES_HEADER);
          res.setHeader(PRERENDER_FRAMES_HEADER.name, PRERENDER_FRAMES_HEADER.value);
        }
        res.end(req.method === 'HEAD' ? undefined : html.replaceAll(NONCE_PLACEHOLDER, nonce));
      });
    },
  };
}

/**
 * The dev server's frame origins: on a frame host, a page request (any path) gets the frame
 * page, transformed by Vite as usual; its modules and Vite's own paths pass; the shell's host
 * never serves the frame page. No policy in dev (Vite injects inline scripts).
 */
export function frameHostsDev(): Plugin {
  let template: string | undefined;
  return {
    name: 'workbench-frame-hosts-dev',
    configResolved(config) {
      template = config.env.VITE_SUB_APP_FRAME_ORIGIN;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev.invalid');
        const frameApp = frameAppOfHost(hostOf(req).hostname, template);
        if (!frameApp) {
          if (normalisedPath(url.pathname) === FRAME_PAGE_PATH)
            return notFound(res, "The frame page is served on the sub-apps' frame origins only.");
          return next();
        }
        if (PROXIED.test(url.pathname))
          return notFound(res, 'A sub-app frame origin serves the frame page and its modules only.');
        const page =
          req.headers['sec-fetch-dest'] === 'iframe' || req.headers['sec-fetch-dest'] === 'document';
        if (page && url.pathname !== FRAME_PAGE_PATH) {
          // A reload inside the frame, on one of the app's routes: the frame page, on that route.
          req.url = `${FRAME_PAGE_PATH}?${new URLSearchParams({ route: `${url.pathname}${url.search}${url.hash}` }).toString()}`;
        }
        next();
      });
    },
  };
}
