/**
 * Serves a production build the way a deployment would: gzip-compressed static
 * files with an SPA fallback, and /api (socket included), /sso and /__mock proxied
 * to the mock gateway — one origin for the browser.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createProxyServer } from 'http-proxy-3';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveBuild(opts: {
  dir: string;
  gatewayUrl: string;
  port?: number;
}): Promise<StaticServer> {
  const proxy = createProxyServer({ target: opts.gatewayUrl, changeOrigin: true, ws: true });
  proxy.on('error', (_err, _req, res) => {
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502);
      res.end();
    }
  });
  const gzipCache = new Map<string, Buffer>();
  const proxied = (url: string) => /^\/(api|sso|__mock)(\/|$)/.test(url);

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (proxied(url)) {
      proxy.web(req, res);
      return;
    }
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    let file = path.join(opts.dir, path.normalize(pathname).replace(/^([/\\])+/, ''));
    if (!file.startsWith(opts.dir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(opts.dir, 'index.html');
    const ext = path.extname(file);
    const headers: Record<string, string> = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream' };
    if (pathname.startsWith('/assets/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipCache.get(file);
      if (!body) gzipCache.set(file, (body = gzipSync(readFileSync(file), { level: 9 })));
      res.writeHead(200, {
        ...headers,
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
        Vary: 'Accept-Encoding',
      });
      res.end(body);
      return;
    }
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  server.on('upgrade', (req, socket, head) => {
    if (proxied(req.url ?? '')) proxy.ws(req, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        proxy.close();
      }),
  };
}
