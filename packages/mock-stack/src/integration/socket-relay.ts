/**
 * The realtime socket through the integration gateway: the app's socket is accepted only once
 * the upstream's has opened (an upstream that refuses gets the app a failed handshake, and the
 * app's socket tries again by itself), then every frame is passed on both ways, checked against
 * the AsyncAPI document and recorded. In replay, the recorded server frames are sent again at
 * their recorded pace instead, and the app's frames are checked and dropped.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import type { SentRequest } from '@zhique/workbench-contract-verify';
import type { RecordedSocket } from './har';
import type { LiveChecks, Side } from './live-checks';
import type { ReplayFrame } from './replay';
import { CONNECT_TIMEOUT_MS, upstreamProblem, upstreamUrl, type UpstreamTarget } from './upstream';

export interface SocketContext {
  checks: LiveChecks;
  /** The route the app was last seen on (a socket handshake carries none). */
  route: () => string;
  /** Starts recording a socket (as the browser addressed it). */
  record?: (req: IncomingMessage) => RecordedSocket;
  warn: (line: string) => void;
  log: (line: string) => void;
}

const text = (data: RawData): string =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');

/** Checks one frame (JSON or not) on the side that sent it. */
function checkFrame(context: SocketContext, side: Side, data: string, sent: SentRequest): void {
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    context.checks.unreadableFrame(side, data, sent, context.route());
    return;
  }
  context.checks.checkFrame(side, frame, sent, context.route());
}

/** Close codes an endpoint may send (1005, 1006 and 1015 are only ever reported, never sent). */
const sendable = (code: number) =>
  (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

export class SocketRelay {
  private readonly server = new WebSocketServer({ noServer: true });
  /** Upstream sockets still opening (the app's side not accepted yet). */
  private readonly opening = new Set<WebSocket>();

  constructor(private readonly context: SocketContext) {}

  /** Relays to the upstream's socket at the same path. */
  toUpstream(
    target: UpstreamTarget,
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    pathAndQuery: string,
  ): void {
    const url = upstreamUrl(target, pathAndQuery);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'cookie', 'user-agent', 'accept-language', 'sec-websocket-protocol'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    const upstream = new WebSocket(url, {
      headers,
      origin: target.base.origin,
      handshakeTimeout: CONNECT_TIMEOUT_MS,
      rejectUnauthorized: !target.insecure,
    });
    const sent: SentRequest = { method: 'WEBSOCKET', url: url.toString(), headers: {} };
    const pending: string[] = [];
    let refused = false;
    this.opening.add(upstream);
    // The app gave up before the upstream opened (a navigation, its own retry): so do we. Its
    // socket is read meanwhile to see it end (a client sends nothing before the handshake's answer).
    const abandon = () => {
      upstream.terminate();
      socket.destroy();
    };
    socket.once('close', abandon);
    socket.once('end', abandon);
    socket.resume();
    upstream.once('unexpected-response', (_request, answer) => {
      refused = true;
      this.context.warn(
        `[upstream] socket ${pathAndQuery.split('?')[0]} → ${answer.statusCode ?? '?'}: the upstream refused the socket${
          answer.headers.location
            ? ` (redirected to ${answer.headers.location}: start with --token TOKEN)`
            : ''
        }`,
      );
      answer.resume();
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    });
    let accepted = false;
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (refused || socket.destroyed) return;
      if (!accepted) {
        this.context.warn(
          `[upstream] socket ${pathAndQuery.split('?')[0]}: ${upstreamProblem(error, target.base).terminal}`,
        );
        socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      }
    });
    // Frames the upstream sends before the app's side is accepted wait for it.
    upstream.on('message', (data) => pending.push(text(data)));
    upstream.once('close', () => this.opening.delete(upstream));
    upstream.once('open', () => {
      this.opening.delete(upstream);
      socket.off('close', abandon);
      socket.off('end', abandon);
      if (socket.destroyed) {
        upstream.terminate();
        return;
      }
      accepted = true;
      this.server.handleUpgrade(req, socket, head, (client) => {
        const recording = this.context.record?.(req);
        this.context.log(`[gateway] socket ${pathAndQuery.split('?')[0]} opened to ${url.origin}`);
        const fromServer = (data: string) => {
          checkFrame(this.context, 'server', data, sent);
          recording?.frame('receive', data);
          if (client.readyState === WebSocket.OPEN) client.send(data);
        };
        upstream.removeAllListeners('message');
        upstream.on('message', (data) => fromServer(text(data)));
        for (const data of pending.splice(0)) fromServer(data);
        client.on('message', (data) => {
          const frame = text(data);
          checkFrame(this.context, 'client', frame, { ...sent, body: frame });
          recording?.frame('send', frame);
          if (upstream.readyState === WebSocket.OPEN) upstream.send(frame);
        });
        // A close passes on with its code and reason; "no code" (1005) is a normal close.
        client.on('close', (code, reason) => upstream.close(sendable(code) ? code : 1000, reason));
        upstream.on('close', (code, reason) =>
          client.close(sendable(code) ? code : code === 1005 ? 1000 : 1011, reason),
        );
        client.on('error', () => upstream.terminate());
        upstream.on('error', () => client.terminate());
      });
    });
  }

  /** Replays recorded server frames at their recorded offsets; the app's frames are checked, not answered. */
  replay(frames: ReplayFrame[], req: IncomingMessage, socket: Duplex, head: Buffer, label: string): void {
    this.server.handleUpgrade(req, socket, head, (client) => {
      const sent: SentRequest = { method: 'WEBSOCKET', url: label, headers: {} };
      const timers = frames.map((frame) =>
        setTimeout(() => {
          checkFrame(this.context, 'server', frame.data, sent);
          if (client.readyState === WebSocket.OPEN) client.send(frame.data);
        }, frame.at),
      );
      client.on('message', (data) => {
        const frame = text(data);
        checkFrame(this.context, 'client', frame, { ...sent, body: frame });
      });
      client.on('close', () => timers.forEach(clearTimeout));
    });
  }

  close(): void {
    for (const upstream of this.opening) upstream.terminate();
    for (const client of this.server.clients) client.terminate();
    this.server.close();
  }
}
