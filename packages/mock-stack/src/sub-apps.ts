/**
 * The four sample sub-apps at /__mock/apps/<app>/, with CORS on everything (a sub-app's
 * frame fetches the page, and loads its module scripts, across origins when the apps
 * live elsewhere). Manual, channel and engine are ES modules served from source
 * (sub-apps/ of this package); product is a classic webpack bundle built from source into
 * node_modules/.cache (classic-sample.ts). Beside them: shared/ (their common code) and
 * kit/ (packages/sub-app-kit, the helper sub-app teams import).
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CLASSIC_SAMPLE_DIR, KIT_DIR } from './classic-sample';
import { packageRoot } from './package-root';
import { corsHeaders, redirect, sendJson } from './http';
import type { SubAppTokenVerifier } from './sub-app-tokens';

export const SUB_APPS_PREFIX = '/__mock/apps/';
export const subAppNames = ['manual', 'product', 'channel', 'engine'] as const;
const sources = path.join(packageRoot, 'sub-apps');

/** Where each folder under /__mock/apps/ is read from. */
const FOLDERS: Record<string, string> = {
  manual: path.join(sources, 'manual'),
  channel: path.join(sources, 'channel'),
  engine: path.join(sources, 'engine'),
  product: CLASSIC_SAMPLE_DIR,
  shared: path.join(sources, 'shared'),
  kit: KIT_DIR,
};

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

async function fileAt(file: string): Promise<Buffer | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Each sample app's own back end: one endpoint that says who called, from the app's scoped token. */
const WHOAMI = /^\/__mock\/apps\/([a-z]+)\/api\/whoami$/;

/**
 * `GET /__mock/apps/<app>/api/whoami` with `Authorization: Bearer <token>`: what an app's back
 * end does with the token the shell gave the app — verify it against the workbench's key set
 * (signature, issuer, audience = this app, expiry) and act for its `sub` in its `tid`.
 */
async function whoAmI(req: IncomingMessage, res: ServerResponse, app: string, tokens: SubAppTokenVerifier) {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) {
    sendJson(res, 401, { code: 401, msg: 'Bearer token required', data: null }, corsHeaders);
    return;
  }
  try {
    const claims = await tokens.verify(match[1], app);
    sendJson(
      res,
      200,
      {
        code: 0,
        msg: 'success',
        data: { app, user: claims.sub, tenant: claims.tid, expiresAt: (claims.exp ?? 0) * 1000 },
      },
      corsHeaders,
    );
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    sendJson(res, 401, { code: 401, msg: `token refused (${reason})`, data: null }, corsHeaders);
  }
}

export async function serveSubApp(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  tokens: SubAppTokenVerifier,
): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, corsHeaders);
    res.end();
    return;
  }
  const whoami = WHOAMI.exec(url.pathname);
  if (whoami?.[1] && (subAppNames as readonly string[]).includes(whoami[1]) && req.method === 'GET') {
    await whoAmI(req, res, whoami[1], tokens);
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(
      res,
      405,
      { code: 405, msg: 'Method not allowed' },
      { ...corsHeaders, Allow: 'GET, HEAD, OPTIONS' },
    );
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname.slice(SUB_APPS_PREFIX.length));
  } catch {
    sendJson(res, 400, { code: 400, msg: 'Bad path' }, corsHeaders);
    return;
  }
  const [app = '', ...rest] = relative.split('/');
  if ((subAppNames as readonly string[]).includes(app) && rest.length === 0) {
    // /__mock/apps/manual → /__mock/apps/manual/ (relative URLs resolve against the folder)
    redirect(res, `${SUB_APPS_PREFIX}${app}/${url.search}`, corsHeaders, 301);
    return;
  }
  const folder = Object.hasOwn(FOLDERS, app) ? FOLDERS[app] : undefined;
  const file = folder ? path.resolve(folder, rest.join('/')) : undefined;
  if (!folder || !file || (file !== folder && !file.startsWith(folder + path.sep))) {
    sendJson(res, 404, { code: 404, msg: 'Not found', path: url.pathname }, corsHeaders);
    return;
  }
  const extension = path.extname(file);
  let body = types[extension] ? await fileAt(file) : undefined;
  let type = types[extension];
  if (!body && (subAppNames as readonly string[]).includes(app) && (relative.endsWith('/') || !extension)) {
    // The app's own folder, or one of its client-side routes when opened on its own: its index.html.
    body = await fileAt(path.join(folder, 'index.html'));
    type = types['.html'];
  }
  if (!body || !type) {
    sendJson(res, 404, { code: 404, msg: 'Not found', path: url.pathname }, corsHeaders);
    return;
  }
  res.writeHead(200, {
    ...corsHeaders,
    'Content-Type': type,
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
