/**
 * A deliberately broken server for the conformance checker's tests: a proxy in front of
 * the (conformant) mock stack that plants one defect of each kind the checker must find,
 * and a socket of its own whose acknowledgement breaks the AsyncAPI contract. Everything
 * it does not break is the mock stack's answer, so anything else reported is the
 * checker's mistake.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** Each defect: the operation it breaks and the finding kind that must name it. */
export const PLANTED = {
  listAllRoles: ['ignored_auth', 'ensure_resource_availability'],
  submitActivityFeedback: ['not_a_server_error'],
  listRoles: ['response_schema_conformance'],
  getQuestionFeedback: ['envelope_conformance'],
  getTenantDetail: ['tenant_isolation'],
  register: ['socket_frame_conformance'],
  // Issue 28: dies on a property named outside Latin-1 (as Prism 5.16 did) and is back 1.5 s later.
  updateRole: ['stopped_answering'],
  // Issue 28: answers methods the contract does not document (as if they were GET).
  getLoginUserPowers: ['unsupported_method'],
} as const;

/** How long the planted crash keeps /api/rbac down. */
const DOWN_MS = 1500;

const LEAKED_DETAIL = {
  tenant_link: 't-conformance-other',
  tenant_name: '别人的企业',
  owner_name: '别人',
  owner_gid: 'u-9999',
  contact_phone: '',
  industry: '',
  description: '',
  member_count: 1,
  is_disable: false,
  disable_reason: '',
  remaining_days: -1,
  created_at: 1717308311000,
  members: [
    {
      gid: 'u-9999',
      user_name: '别人',
      phone: '13900009999',
      role_ids: [],
      role_names: [],
      is_owner: true,
      joined_at: 1717308311000,
    },
  ],
};

export interface BrokenServer {
  url: string;
  close(): Promise<void>;
}

export async function startBrokenServer(upstream: string): Promise<BrokenServer> {
  const createdRoles = new Set<string>();
  const sockets = new Set<WebSocket>();

  /** The mock stack's answer (node:http: fetch cannot send TRACE); `Allow` and `Retry-After` kept. */
  const forward = async (
    req: IncomingMessage,
    headers: Record<string, string>,
    body: Buffer,
    method = req.method ?? 'GET',
  ): Promise<{ status: number; body: string; type: string; extra: Record<string, string> }> => {
    return new Promise((resolve, reject) => {
      const request = http.request(`${upstream}${req.url}`, {
        method,
        headers: { ...headers, 'content-length': String(body.length) },
      });
      request.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          const extra: Record<string, string> = {};
          for (const name of ['allow', 'retry-after'])
            if (typeof res.headers[name] === 'string') extra[name] = res.headers[name];
          resolve({
            status: res.statusCode ?? 502,
            body: Buffer.concat(parts).toString('utf8'),
            type: res.headers['content-type'] ?? 'application/json',
            extra,
          });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  };

  const reply = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json; charset=utf-8',
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'Content-Type': type, ...extra });
    res.end(body);
  };
  let rbacDownUntil = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://broken.invalid');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers[name] = value;
      const path = url.pathname;

      if (path === '/__mock/realtime/push' && req.method === 'POST') {
        for (const socket of sockets)
          socket.send(
            JSON.stringify({
              id: `m-${Date.now()}`,
              content: 'new_message',
              type: 2,
              exp: { uid: 'u-1001' },
            }),
          );
        reply(res, 200, JSON.stringify({ delivered: sockets.size }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      // Defect: the rbac service is down for a while after the crash below.
      if (path.startsWith('/api/rbac/') && Date.now() < rbacDownUntil)
        return reply(res, 502, 'Bad Gateway', 'text/plain');
      // Defect: a property named outside Latin-1 in a role update crashes the service.
      if (
        path === '/api/rbac/role/v1/' &&
        req.method === 'PUT' &&
        /"[^"]*[^\t\x20-\xff][^"]*"\s*:/.test(body.toString('utf8'))
      ) {
        rbacDownUntil = Date.now() + DOWN_MS;
        res.socket?.destroy();
        return;
      }
      // Defect: answers methods the contract does not document for the path (as GET).
      if (
        path === '/api/rbac/power/v1/login/user/powers' &&
        req.method !== 'GET' &&
        req.method !== 'OPTIONS'
      ) {
        const answer = await forward(req, headers, Buffer.alloc(0), 'GET');
        return reply(res, answer.status, answer.body, answer.type);
      }
      // Defect: ignores authentication (a missing or malformed credential is replaced by a good one).
      if (path === '/api/rbac/role/v1/all' && !/^Basic \S+$/.test(headers.authorization ?? ''))
        headers.authorization = 'Basic stolen';
      const answer = await forward(req, headers, body);

      // Defect: forgets the roles it created.
      if (path === '/api/rbac/role/v1/' && req.method === 'POST' && answer.status === 200) {
        const id = (JSON.parse(answer.body) as { data?: { id?: string } }).data?.id;
        if (id) createdRoles.add(id);
      }
      if (path === '/api/rbac/role/v1/all' && answer.status === 200) {
        const body = JSON.parse(answer.body) as { data: { id: string }[] };
        body.data = body.data.filter((role) => !createdRoles.has(role.id));
        return reply(res, 200, JSON.stringify(body));
      }
      // Defect: a bad body crashes the handler (500 instead of the documented 400).
      if (path === '/api/workbench/feedback/v1/activity' && answer.status === 400)
        return reply(res, 500, JSON.stringify({ code: 500, msg: 'NullPointerException', data: null }));
      // Defect: a wrong field type, only for big pages.
      if (
        path === '/api/rbac/role/v1/list' &&
        answer.status === 200 &&
        Number(url.searchParams.get('page_size')) >= 50
      ) {
        const body = JSON.parse(answer.body) as { data: { total: unknown } };
        body.data.total = String(body.data.total);
        return reply(res, 200, JSON.stringify(body));
      }
      // Defect: the error answer breaks the envelope.
      if (path.startsWith('/api/workbench/feedback/v1/question/') && answer.status === 404)
        return reply(res, 404, JSON.stringify({ error: 'not found' }));
      // Defect: another tenant's data for anyone who asks.
      if (path === '/api/workbench/tenant/v1/detail' && answer.status === 403)
        return reply(res, 200, JSON.stringify({ code: 0, msg: 'success', data: LEAKED_DETAIL }));
      reply(res, answer.status, answer.body, answer.type, answer.extra);
    })().catch((error: unknown) =>
      reply(res, 502, JSON.stringify({ code: 502, msg: String(error), data: null })),
    );
  });

  // Defect: the socket acknowledges without the contract's `exp`.
  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { id?: string; type?: number };
      if (frame.type === 1) socket.send(JSON.stringify({ id: frame.id, content: 'registered', type: 3 }));
    });
  });
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
  );

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
