/**
 * Nothing a client sends takes the mock stack down (issue 28), and what dies anyway comes back:
 * - the request that killed the rbac Prism (an unknown key outside Latin-1) gets its documented
 *   400, and the service still answers;
 * - an undocumented method gets 405 with `Allow`; an oversized body 413; a body that is not
 *   UTF-8 or JSON nested thousands deep the documented 400, all with the envelope;
 * - a Prism killed by its pid is started again: meanwhile 503 with `Retry-After` and the
 *   envelope, a log line naming the service and why, and the QA session's data is still there;
 * - the realtime socket server, failing, is replaced and clients register again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import {
  MAX_BODY_BYTES,
  MAX_JSON_BYTES,
  MAX_JSON_DEPTH,
  jsonDepth,
} from '../../packages/mock-stack/src/guard';
import { RealtimeHub, REALTIME_PATH } from '../../packages/mock-stack/src/realtime';
import { AUTH } from './helpers';

let stack: MockStack;
const lines: string[] = [];

beforeAll(async () => {
  // Not quiet: the restart's log line is part of what is checked.
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  stack = await startMockStack();
});

afterAll(async () => {
  await stack?.stop();
  vi.restoreAllMocks();
});

const JSON_AUTH = { ...AUTH, 'Content-Type': 'application/json' };
const ROLE = { id: 'r-editor', name: '编辑' };

/** Every service answers a known-good read. */
async function everyServiceAnswers(): Promise<void> {
  for (const path of [
    '/api/workbench/userconfig/v2/info',
    '/api/rbac/role/v1/all',
    '/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list',
  ]) {
    const post = path.includes('/msg/list');
    const response = await fetch(`${stack.url}${path}`, {
      method: post ? 'POST' : 'GET',
      headers: JSON_AUTH,
      body: post
        ? JSON.stringify({
            app_name: '',
            readState: 2,
            index: 1,
            page_size: 100,
            uid: 'u-1001',
            tid: 't-personal-1001',
          })
        : undefined,
    });
    expect(response.status, path).toBe(200);
    await response.arrayBuffer();
  }
}

/** A raw request (node:http), for what fetch will not send: Latin-1 header bytes, chunked bodies. */
function raw(
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  chunks: Buffer[] = [],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${stack.url.replace('localhost', '127.0.0.1')}${path}`, {
      method,
      headers,
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (chunk: Buffer) => parts.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts).toString(),
        }),
      );
    });
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const envelope = (body: string) => JSON.parse(body) as { code: number; msg: string; data: unknown };

describe('nothing a client sends takes a service down', () => {
  it('an unknown key outside Latin-1 (the request that killed rbac) gets the documented 400', async () => {
    for (const key of ['Ꮲ', '😀', 'k'.repeat(20_000)]) {
      const response = await fetch(`${stack.url}/api/rbac/role/v1/`, {
        method: 'PUT',
        headers: JSON_AUTH,
        body: JSON.stringify({ ...ROLE, [key]: 1 }),
      });
      expect(response.status, key.slice(0, 8)).toBe(400);
      expect(await response.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
      // Prism's violation header now travels as ASCII JSON (the mock's preload, prism/sl-violations.cjs).
      const violations = response.headers.get('sl-violations') ?? '';
      expect(violations).toMatch(/^[\x20-\x7e]+$/);
      if (key.length < 10) {
        const parsed = JSON.parse(violations) as { message: string }[];
        expect(parsed.map((v) => v.message).join('\n')).toContain(key);
      }
    }
    expect(lines.join('\n')).not.toMatch(/Invalid character in header content/);
    await everyServiceAnswers();
  });

  it('an undocumented method on a documented path: 405 with Allow and the envelope', async () => {
    for (const method of ['TRACE', 'PATCH', 'DELETE', 'HEAD']) {
      const response = await raw(method, '/api/rbac/role/v1/all', AUTH);
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe('GET');
      if (method !== 'HEAD') expect(envelope(response.body)).toMatchObject({ code: 405, data: null });
    }
    const both = await raw('DELETE', '/api/rbac/role/v1/', AUTH);
    expect(both.status).toBe(405);
    expect(both.headers.allow).toBe('POST, PUT');
    // An undocumented path stays a 404, a preflight stays a preflight.
    expect((await raw('DELETE', '/api/rbac/no/such/path', AUTH)).status).toBe(404);
    const preflight = await raw('OPTIONS', '/api/rbac/role/v1/all', {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'GET',
    });
    expect(preflight.status).toBe(204);
  });

  it('bodies over the limit get 413 with the envelope, whether announced or streamed', async () => {
    const big = Buffer.from(JSON.stringify({ ...ROLE, padding: 'x'.repeat(MAX_JSON_BYTES) }));
    const announced = await fetch(`${stack.url}/api/rbac/role/v1/`, {
      method: 'PUT',
      headers: JSON_AUTH,
      body: big,
    });
    expect(announced.status).toBe(413);
    expect(await announced.json()).toMatchObject({ code: 413, data: null });
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const streamed = await raw(
      'PUT',
      '/api/rbac/role/v1/',
      { ...JSON_AUTH, 'Transfer-Encoding': 'chunked' },
      Array.from({ length: (3 * MAX_JSON_BYTES) / chunk.length }, () => chunk),
    );
    expect(streamed.status).toBe(413);
    expect(envelope(streamed.body).code).toBe(413);
    // A multipart upload may be larger (an avatar is up to 5 MB), but not without limit.
    const upload = await fetch(`${stack.url}/api/workbench/sys/v1/upload`, {
      method: 'POST',
      headers: { ...AUTH, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 'x'),
    });
    expect(upload.status).toBe(413);
    await everyServiceAnswers();
  });

  it('a body that is not UTF-8, or JSON nested thousands deep, gets the documented 400', async () => {
    const notUtf8 = Buffer.concat([
      Buffer.from('{"id":"r-editor","name":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]);
    const deep = `{"id":"r-editor","name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(jsonDepth(deep)).toBe(10_001);
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
    for (const [what, body] of [
      ['not UTF-8', notUtf8],
      ['nested', Buffer.from(deep)],
      [
        `nested ${MAX_JSON_DEPTH + 1} deep`,
        Buffer.from(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`),
      ],
    ] as const) {
      const response = await fetch(`${stack.url}/api/rbac/role/v1/`, {
        method: 'PUT',
        headers: JSON_AUTH,
        body,
      });
      expect(response.status, what).toBe(400);
      const json = (await response.json()) as { code: number; msg: string };
      expect(json.msg, what).toMatch(/UTF-8|嵌套/);
    }
    await everyServiceAnswers();
  });

  it('any Unicode in query names and values, Latin-1 bytes in header values, odd cookies and paths: never a 5xx', async () => {
    const answers = await Promise.all([
      raw(
        'GET',
        `/api/rbac/role/v1/list?${encodeURIComponent('Ꮲ😀')}=${encodeURIComponent('值😀')}&page=1`,
        AUTH,
      ),
      raw('GET', '/api/rbac/role/v1/all', {
        ...AUTH,
        'X-Tenant-Id': 'tenant-\u00e9\u00ff',
        Prefer: 'example=\u00e9',
      }),
      raw('GET', '/api/rbac/role/v1/all', {
        ...AUTH,
        Cookie: 'mock_session=%E1%8F%A2; mock_scenario=%E0%A4',
      }),
      raw('GET', '/__mock/scenario/%E0%A4?next=/', {}),
      raw('GET', '/api/workbench/%E0%A4%A', AUTH),
    ]);
    for (const answer of answers) expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500);
    await everyServiceAnswers();
  });

  it('hundreds of requests at once: every one answered, none with a 5xx', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const response = await fetch(`${stack.url}/api/rbac/role/v1/${i % 3 ? 'all' : ''}`, {
          method: i % 3 ? 'GET' : 'PUT',
          headers: JSON_AUTH,
          body: i % 3 ? undefined : JSON.stringify({ ...ROLE, [`Ꮲ${i}`]: i }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    await everyServiceAnswers();
  });
});

describe('a stack that heals', () => {
  it('a Prism killed by its pid is started again; meanwhile 503 + Retry-After; the QA session keeps its data', async () => {
    const session = { ...JSON_AUTH, 'X-Mock-Session': 'heal-test' };
    const created = await fetch(`${stack.url}/api/rbac/role/v1/`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ name: '自愈测试角色', description: '重启前创建' }),
    });
    expect(created.status).toBe(200);
    const before = stack.pid('rbac');
    expect(before).toBeTypeOf('number');
    process.kill(before!, 'SIGKILL');

    const during = await fetch(`${stack.url}/api/rbac/role/v1/all`, { headers: AUTH });
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await during.json()).toMatchObject({
      code: 503,
      data: null,
      msg: expect.stringContaining('rbac'),
    });
    // The other services are not affected.
    expect((await fetch(`${stack.url}/api/workbench/userconfig/v2/info`, { headers: AUTH })).status).toBe(
      200,
    );

    await expect
      .poll(async () => (await fetch(`${stack.url}/api/rbac/role/v1/all`, { headers: session })).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
    expect(stack.pid('rbac')).not.toBe(before);
    const log = lines.join('\n');
    expect(log).toMatch(
      new RegExp(`Prism \\(rbac, pid ${before}\\) was killed \\(SIGKILL\\).*starting it again`),
    );
    expect(log).toMatch(/Prism \(rbac\) is back \(pid \d+, restart 1/);
    const health = (await (await fetch(`${stack.url}/__mock/health`)).json()) as {
      services: Record<string, { status: string; restarts: number }>;
    };
    expect(health.services.rbac).toMatchObject({ status: 'up', restarts: 1 });
    const roles = (await (await fetch(`${stack.url}/api/rbac/role/v1/all`, { headers: session })).json()) as {
      data: { name: string }[];
    };
    expect(roles.data.map((r) => r.name)).toContain('自愈测试角色');
  });
});

describe('the realtime socket heals', () => {
  it('a failing socket server is replaced; clients connect and register again', async () => {
    const warnings: string[] = [];
    const hub = new RealtimeHub(
      undefined,
      () => undefined,
      (line) => warnings.push(line),
    );
    const server = http.createServer();
    server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}${REALTIME_PATH}`;
    const register = async () => {
      const socket = new WebSocket(url);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const ack = new Promise((resolve) => socket.once('message', resolve));
      socket.send(JSON.stringify({ id: 'r-1', content: 'register', type: 1, exp: { uid: 'u-1001' } }));
      await ack;
      return socket;
    };
    try {
      const first = await register();
      const closed = new Promise((resolve) => first.once('close', resolve));
      hub.server.emit('error', new Error('simulated failure'));
      await closed;
      expect(hub.restarts).toBe(1);
      expect(warnings.join('\n')).toMatch(/socket server failed \(simulated failure\).*restart 1/);
      const second = await register();
      expect(hub.clients()).toEqual([{ uid: 'u-1001', connections: 1 }]);
      second.terminate();
      // A frame far over the contract's size closes that socket only.
      const third = await register();
      const tooBig = new Promise<number>((resolve) => third.once('close', (code) => resolve(code)));
      third.send('x'.repeat(1024 * 1024));
      expect(await tooBig).toBe(1009);
    } finally {
      await hub.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
