/**
 * Serves a production build the way a deployment would: sirv (the static server
 * Vite's own preview uses) with an SPA fallback, sending the build's pre-compressed assets
 * (vite-plugins/precompress.ts: brotli at quality 11, else gzip -9) as nginx's `brotli_static`
 * and `gzip_static` do (deploy/nginx), the rest compressed on the fly by the `compression`
 * middleware, and /api (socket included), /sso and /__mock proxied to the mock
 * gateway — one origin for the browser; over HTTPS with HTTP/2 where asked (`http2`), as nginx
 * serves production. The sub-apps' frame origins (`{app}.localhost` on
 * the same port: src/constants/frame-origins.ts) get the frame page for every path but the
 * assets, as a deployment's frame server does.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import path from 'node:path';
import compression from 'compression';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import { FRAME_PAGE_PATH, frameAppOfHost } from '../../src/constants/frame-origins';
import { benchCertificate } from './tls';
import {
  mayNameSpeculationRules,
  PRERENDER_FRAMES_HEADER,
  SPECULATION_RULES,
  SPECULATION_RULES_HEADER,
  SPECULATION_RULES_TYPE,
} from '../../vite-plugins/csp';

export interface StaticServer {
  url: string;
  /** What a browser launched for this server needs (over HTTPS: trusting its certificate). */
  browserFlags: string[];
  /** What it speaks, for the figures' headings. */
  protocol: 'HTTP/2 (HTTPS)' | 'HTTP/1.1';
  close(): Promise<void>;
}

/** Plain Node request handlers: compression is typed for Express but needs only these. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

export async function serveBuild(opts: {
  dir: string;
  gatewayUrl: string;
  port?: number;
  /** Name the speculation rules on the shell's pages, as production does (default); false for an A/B. */
  speculationRules?: boolean;
  /**
   * HTTPS with HTTP/2 (HTTP/1.1 for the socket's upgrade), as production's nginx serves the
   * shell (`listen 443 ssl http2`), with the bench's certificate (tools/bench/tls.ts); plain
   * HTTP/1.1 without. Over HTTP/1.1 a browser opens six connections to an origin and sends one
   * request on each at a time, and Lighthouse's page-load model queues a page's ~70 requests so.
   */
  http2?: boolean;
}): Promise<StaticServer> {
  const certificate = opts.http2 ? benchCertificate() : undefined;
  const proxy = createProxyServer({ target: opts.gatewayUrl, changeOrigin: true, ws: true });
  proxy.on('error', (_err, _req, res) => {
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502);
      res.end();
    }
  });
  const proxied = (url: string) => /^\/(api|sso|__mock)(\/|$)/.test(url);
  const files = sirv(opts.dir, {
    single: true,
    // `file.js.br` or `file.js.gz` when the browser accepts it (compression then leaves the
    // answer as it is: it is encoded already).
    brotli: true,
    gzip: true,
    etag: true,
    // Hashed assets never change; index.html is revalidated.
    setHeaders: (res, pathname) => {
      if (pathname.startsWith('/assets/'))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const gzip = compression({ level: 9 }) as unknown as Handler;

  // HTTP/2 names the host in `:authority`.
  const hostname = (req: http.IncomingMessage) =>
    (req.headers[':authority']?.toString() ?? req.headers.host ?? '').replace(/:\d+$/, '');
  /** The path as the file server reads it (a malformed escape stays as it is). */
  const pageOf = (url = '/') => {
    try {
      return path.posix.normalize(decodeURIComponent(url.split('?')[0] ?? '/'));
    } catch {
      return url;
    }
  };
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (frameAppOfHost(hostname(req), process.env.VITE_SUB_APP_FRAME_ORIGIN)) {
      // A frame origin: its assets, and the frame page for any other path.
      const url = new URL(req.url ?? '/', 'http://frame.invalid');
      if (!url.pathname.startsWith('/assets/') && url.pathname !== FRAME_PAGE_PATH)
        req.url = `${FRAME_PAGE_PATH}?${new URLSearchParams({ route: `${url.pathname}${url.search}` }).toString()}`;
      gzip(req, res, () => files(req, res));
    } else if (pageOf(req.url) === FRAME_PAGE_PATH) {
      res.writeHead(404);
      res.end(); // the frame page is served on the frame origins only
    } else if (pageOf(req.url) === SPECULATION_RULES) {
      res.writeHead(200, { 'Content-Type': SPECULATION_RULES_TYPE, 'Cache-Control': 'no-cache' });
      res.end(readFileSync(path.join(opts.dir, SPECULATION_RULES)));
    } else if (proxied(req.url ?? '/')) proxy.web(req, res);
    else {
      // The shell's pages (its routes, index.html) name their speculation rules, as preview and nginx do.
      if (
        opts.speculationRules !== false &&
        mayNameSpeculationRules(req.url ?? '/') &&
        /^(|\.html)$/.test(path.extname(pageOf(req.url)))
      ) {
        res.setHeader('Speculation-Rules', SPECULATION_RULES_HEADER);
        res.setHeader(PRERENDER_FRAMES_HEADER.name, PRERENDER_FRAMES_HEADER.value);
      }
      gzip(req, res, () => files(req, res));
    }
  };
  // Node's HTTP/2 compatibility API gives the handlers the request and response they know.
  const server = certificate
    ? http2.createSecureServer(
        { key: certificate.key, cert: certificate.cert, allowHTTP1: true },
        handle as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
      )
    : http.createServer(handle);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    if (proxied(req.url ?? '')) proxy.ws(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `${certificate ? 'https' : 'http'}://localhost:${port}`;
  // The dev SSO sends its code back to http://localhost alone unless told the origins (it reads
  // them on each request); as it was once the server is closed.
  const allowedBefore = process.env.MOCK_ALLOWED_ORIGINS;
  if (certificate) process.env.MOCK_ALLOWED_ORIGINS = [allowedBefore, url].filter(Boolean).join(',');
  return {
    url,
    browserFlags: certificate ? [certificate.chromiumFlag] : [],
    protocol: certificate ? 'HTTP/2 (HTTPS)' : 'HTTP/1.1',
    close: () =>
      new Promise<void>((resolve) => {
        if (certificate) {
          if (allowedBefore === undefined) delete process.env.MOCK_ALLOWED_ORIGINS;
          else process.env.MOCK_ALLOWED_ORIGINS = allowedBefore;
        }
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        proxy.close();
      }),
  };
}
