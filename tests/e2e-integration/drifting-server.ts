/**
 * A back end that leaves its contracts on purpose, for the integration gateway's browser tests:
 * a proxy in front of the (conformant) mock stack that plants one defect of each kind a real
 * server drifts into, on calls the first page makes — and nothing else, so any other finding is
 * the gateway's (or the app's) mistake. With no defects it is a "staging server" whose signed-in
 * user is the scenario's (the mock's `X-Mock-Scenario`), and it counts every call it gets.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** Each planted defect: the operation it breaks, the finding kind that must name it, and where. */
export const DEFECTS = {
  /** The first page's call: a count sent as text (`tenant_total: "3"`). */
  getUserConfig: { kind: 'response_schema_conformance', field: '/data/tenant_total' },
  /** A field the shell needs, gone (`user_name`). */
  getUserInfo: { kind: 'response_schema_conformance', field: '/data/user_name' },
  /** An error answer without the `{ code, msg, data }` envelope. */
  listNotices: { kind: 'envelope_conformance', field: undefined },
  /** A socket frame off the AsyncAPI document (uid as a number), after the acknowledgement. */
  receiveNewMessage: { kind: 'socket_frame_conformance', field: '/exp/uid' },
} as const;

export interface DriftingServer {
  url: string;
  /** Calls (HTTP and socket) it has received so far. */
  readonly calls: number;
  close(): Promise<void>;
}

const readAll = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

function plant(pathname: string, status: number, body: Buffer): { status: number; body: Buffer } {
  const json = (): { data?: Record<string, unknown> } => JSON.parse(body.toString('utf8')) as never;
  if (pathname === '/api/workbench/userconfig/v2/info' && status === 200) {
    const answer = json();
    if (answer.data) answer.data.tenant_total = String(answer.data.tenant_total);
    return { status, body: Buffer.from(JSON.stringify(answer)) };
  }
  if (pathname === '/api/workbench/user/v1/login/detail' && status === 200) {
    const answer = json();
    delete answer.data?.user_name;
    return { status, body: Buffer.from(JSON.stringify(answer)) };
  }
  if (/^\/api\/message\/v1\/tenant\/[^/]+\/user\/[^/]+\/msg\/list$/.test(pathname))
    return { status: 400, body: Buffer.from(JSON.stringify({ error: 'bad request' })) };
  return { status, body };
}

export async function startDriftingServer(
  mock: string,
  options: { defects: boolean; scenario?: string },
): Promise<DriftingServer> {
  const target = new URL(mock);
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls += 1;
    void (async () => {
      const body = await readAll(req);
      const headers = { ...req.headers, host: target.host } as http.OutgoingHttpHeaders;
      delete headers['accept-encoding'];
      if (options.scenario) headers['x-mock-scenario'] = options.scenario;
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const call = http.request(new URL(req.url ?? '/', target), { method: req.method, headers }, resolve);
        call.on('error', reject);
        call.end(body);
      });
      const raw = await readAll(answer);
      const url = new URL(req.url ?? '/', target);
      const planted = options.defects
        ? plant(url.pathname, answer.statusCode ?? 502, raw)
        : { status: answer.statusCode ?? 502, body: raw };
      const out = { ...answer.headers, 'content-length': String(planted.body.length) };
      delete out['transfer-encoding'];
      res.writeHead(planted.status, out);
      res.end(planted.body);
    })().catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    calls += 1;
    const upstream = new WebSocket(new URL(req.url ?? '/', target.toString().replace(/^http/, 'ws')), {
      headers: options.scenario ? { 'x-mock-scenario': options.scenario } : {},
    });
    upstream.once('error', () => socket.destroy());
    upstream.once('open', () =>
      sockets.handleUpgrade(req, socket, head, (client) => {
        let acknowledged = false;
        upstream.on('message', (data) => {
          client.send(String(data));
          if (options.defects && !acknowledged) {
            acknowledged = true;
            client.send(
              JSON.stringify({ id: 'drift-1', content: 'new_message', type: 2, exp: { uid: 1001 } }),
            );
          }
        });
        client.on('message', (data) => upstream.send(String(data)));
        client.on('close', () => upstream.close());
        upstream.on('close', () => client.close());
      }),
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return calls;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
