/**
 * The one local gateway's server: what the mock stack (mock-stack) and the integration
 * gateway in front of a real back end (src/integration) have in common. It listens on
 * both loopbacks, turns each request target into a URL, hands requests and socket upgrades
 * to the mode's handlers, answers what none takes with a 404 envelope, and never lets a
 * handler's failure take the process down. What is behind `/api` is the mode's business.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendJson } from '../http';

export interface GatewayHandlers {
  /** Answers a request; resolves false when the path is not this mode's (404). */
  request(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> | boolean;
  /** Takes a socket upgrade; false when the path is not this mode's (404). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
}

export interface GatewayServer {
  url: string;
  port: number;
  /** Closes the listeners and every open connection. */
  close(): Promise<void>;
}

/** Headers of one hop that a proxy must not relay (RFC 9110 §7.6.1). */
export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'upgrade',
  'te',
  'trailer',
];

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

const targetUrl = (req: IncomingMessage): URL | undefined => {
  try {
    return new URL(req.url ?? '/', 'http://gateway.invalid');
  } catch {
    return undefined;
  }
};

/**
 * Starts the gateway on `port` (0: a free one), on `host` or, by default, both loopbacks
 * ("localhost" may resolve to either; the IPv6 one is best effort). MOCK_HOST overrides.
 */
export async function startGatewayServer(
  handlers: GatewayHandlers,
  options: { port?: number; host?: string; warn: (line: string) => void },
): Promise<GatewayServer> {
  const { warn } = options;
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const url = targetUrl(req);
    if (!url) {
      req.resume();
      sendJson(res, 400, { code: 400, msg: `Not a request target: ${req.url ?? ''}`, data: null });
      return;
    }
    Promise.resolve(handlers.request(req, res, url))
      .then((taken) => {
        if (!taken)
          sendJson(res, 404, { code: 404, msg: `Nothing at ${req.method} ${url.pathname}`, data: null });
      })
      .catch((error: unknown) => {
        warn(
          `[gateway] ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        if (!res.headersSent) sendJson(res, 500, { code: 500, msg: 'Gateway error', data: null });
        else res.destroy();
      });
  };
  // Sockets taken over by an upgrade are no longer the HTTP server's: closed here on close().
  const upgraded = new Set<Duplex>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const url = targetUrl(req);
    if (url && handlers.upgrade(req, socket, head, url)) return;
    socket.end(
      `HTTP/1.1 ${url ? '404 Not Found' : '400 Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  };

  const hosts = options.host
    ? [options.host]
    : process.env.MOCK_HOST
      ? [process.env.MOCK_HOST]
      : ['127.0.0.1', '::1'];
  const servers: http.Server[] = [];
  const closeAll = () => {
    for (const socket of upgraded) socket.destroy();
    return Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    ).then(() => undefined);
  };
  let port = options.port ?? 0;
  try {
    for (const [index, host] of hosts.entries()) {
      const server = http.createServer(onRequest);
      server.on('upgrade', onUpgrade);
      try {
        port = await listen(server, port, host);
        servers.push(server);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (index > 0 && (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT' || code === 'EADDRINUSE')) {
          warn(`[gateway] not listening on [${host}]:${port} (${code})`);
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  return { url: `http://localhost:${port}`, port, close: closeAll };
}
