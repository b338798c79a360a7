/**
 * The integration gateway (packages/mock-stack/src/integration) over HTTP and the socket, as the app meets it:
 * in front of the mock stack (an honest upstream), of upstreams that fail in each way a real one
 * does, and with the local sign-in of `--token`. What the browser sees is in
 * tests/e2e-integration; here, each path of the gateway on its own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIntegrationGateway, type IntegrationGateway } from '@zhique/workbench-mock/integration';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { FEED_PATH, STATUS_PATH } from '../../packages/mock-stack/src/integration/feed';

/** A token of "a real session" (the mock accepts any; its own example token is another). */
const TOKEN = 'cmVhbC11c2VyOnJlYWwtc2Vzc2lvbi0xMjM0';
const AUTH = { authorization: `Basic ${TOKEN}`, 'x-tenant-id': 't-personal-1001' };
const folder = mkdtempSync(path.join(tmpdir(), 'integration-gateway-'));

let mock: MockStack;
let gateway: IntegrationGateway;
const lines: string[] = [];

beforeAll(async () => {
  mock = await startMockStack({ quiet: true });
  gateway = await startIntegrationGateway({
    mode: { kind: 'upstream', upstream: mock.url },
    token: TOKEN,
    record: path.join(folder, 'session.har'),
    report: path.join(folder, 'report.json'),
    quiet: true,
    onLine: (line) => lines.push(line),
  });
});
afterAll(async () => {
  await gateway.stop();
  await mock.stop();
  rmSync(folder, { recursive: true, force: true });
});

const listNotices = (body: unknown, referer = 'http://localhost:5173/user-info/base-info') =>
  fetch(`${gateway.url}/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', referer },
    body: JSON.stringify(body),
  });
const GOOD_QUERY = {
  app_name: '',
  readState: 0,
  index: 1,
  page_size: 100,
  uid: 'u-1001',
  tid: 't-personal-1001',
};

describe('in front of an honest upstream', () => {
  it('relays answers as they are and finds nothing in them', async () => {
    const answer = await fetch(`${gateway.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { gid: string } }).data.gid).toBe('u-1001');
    expect((await listNotices(GOOD_QUERY)).status).toBe(200);
    expect(gateway.checks.report().findings).toEqual([]);
  });

  it('signs the app in with the given token through its own callback, once per code', async () => {
    // As the dev server's proxy sends it: the browser's origin in X-Forwarded-Host.
    const throughDevServer = { 'x-forwarded-host': 'localhost:5173' };
    const authorize = await fetch(
      `${gateway.url}/sso/authorize?redirect_uri=${encodeURIComponent('http://localhost:5173/oauth/callback')}&state=s.1`,
      { redirect: 'manual', headers: throughDevServer },
    );
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://localhost:5173/oauth/callback');
    expect(back.searchParams.get('state')).toBe('s.1');
    const exchange = () =>
      fetch(`${gateway.url}/api/workbench/oauth/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          code: back.searchParams.get('code'),
          grant_type: 'authorization_code',
          redirect_uri: 'http://localhost:5173/oauth/callback',
          client_id: 'workbench',
        }),
      });
    expect(await (await exchange()).json()).toEqual({ code: 0, msg: 'success', data: { id_token: TOKEN } });
    // The code is spent: the second exchange is the upstream's business (the mock answers its example).
    expect(((await (await exchange()).json()) as { data: { id_token: string } }).data.id_token).not.toBe(
      TOKEN,
    );
    // A code goes back only to the app it serves: not another site, not another local port.
    for (const elsewhere of ['https://evil.example/cb', 'http://localhost:6000/oauth/callback']) {
      const refused = await fetch(
        `${gateway.url}/sso/authorize?redirect_uri=${encodeURIComponent(elsewhere)}`,
        {
          redirect: 'manual',
          headers: throughDevServer,
        },
      );
      expect(refused.status, elsewhere).toBe(400);
    }
  });

  it('reports a request of the app that leaves the contract, on the app’s side, with the route and a curl line', async () => {
    const feed = await fetch(`${gateway.url}${FEED_PATH}`);
    const reader = feed.body!.getReader();
    await listNotices({ ...GOOD_QUERY, readState: 1 }, 'http://localhost:5173/manage/members?page=2');
    const finding = gateway.checks.report().findings.find((f) => f.operationId === 'listNotices');
    expect(finding).toMatchObject({
      kind: 'request_conformance',
      side: 'client',
      field: 'body/readState',
      route: '/manage/members?page=2',
    });
    expect(finding!.curl).toContain(`-H 'authorization: Basic '"$VERIFY_TOKEN"`);
    expect(finding!.curl).not.toContain(TOKEN);
    // The line runs as pasted, the shell filling in the token (printf shows the words curl would get).
    const words = await promisify(execFile)(
      'bash',
      ['-c', finding!.curl.replace(/^curl /, "printf '%s\\n' ")],
      {
        env: { ...process.env, VERIFY_TOKEN: TOKEN },
        encoding: 'utf8',
      },
    );
    expect(words.stdout.split('\n')).toContain(`authorization: Basic ${TOKEN}`);
    expect(lines.join('\n')).toContain(
      '[contract] ✘ listNotices: the app left the contract (request_conformance) on /manage/members?page=2',
    );
    // The in-app feed hears it.
    let events = '';
    while (!events.includes('event: finding'))
      events += new TextDecoder().decode((await reader.read()).value);
    expect(events).toContain('"operationId":"listNotices"');
    await reader.cancel();
    // A page whose feed connects later (after its first calls) is sent the latest occurrences.
    const late = (await fetch(`${gateway.url}${FEED_PATH}`)).body!.getReader();
    let backlog = '';
    while (!backlog.includes('"operationId":"listNotices"'))
      backlog += new TextDecoder().decode((await late.read()).value);
    await late.cancel();
    const status = (await (await fetch(`${gateway.url}${STATUS_PATH}`)).json()) as {
      mode: string;
      signIn: string;
    };
    expect(status).toMatchObject({ mode: 'upstream', signIn: 'token' });
  });

  it('checks socket frames both ways and relays them', async () => {
    const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/api/message/v1/ws`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const ack = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send(JSON.stringify({ id: 'r1', content: 'register', type: 1, exp: { uid: 'u-1001' } }));
    expect(JSON.parse(await ack)).toMatchObject({ content: 'registered', type: 3 });
    socket.send(JSON.stringify({ id: 'r2', content: 'register', type: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.close();
    const frames = gateway.checks.report().findings.filter((f) => f.request.method === 'WEBSOCKET');
    expect(frames).toEqual([expect.objectContaining({ kind: 'request_conformance', side: 'client' })]);
    expect(frames[0]!.curl).toMatch(/^echo .* \| websocat /);
  });
});

/** A gateway in front of `upstream`, its terminal lines kept. */
async function gatewayTo(upstream: string): Promise<{ gateway: IntegrationGateway; lines: string[] }> {
  const own: string[] = [];
  const started = await startIntegrationGateway({
    mode: { kind: 'upstream', upstream },
    quiet: true,
    onLine: (line) => own.push(line),
  });
  return { gateway: started, lines: own };
}

async function listening(server: http.Server | net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('an upstream that fails: a clear line and the envelope, never a hang', () => {
  it('is down: 502 with the envelope', async () => {
    const closed = net.createServer();
    const address = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    const { gateway: down, lines: said } = await gatewayTo(`http://${address}`);
    const answer = await fetch(`${down.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({
      code: 502,
      msg: expect.stringContaining('无法连接上游服务'),
      data: null,
    });
    expect(said.join('\n')).toContain(`http://${address} cannot be reached (ECONNREFUSED)`);
    await down.stop();
  });

  it('refuses TLS: 502, and the line says how to trust it', async () => {
    const plain = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    const address = await listening(plain);
    const { gateway: tls, lines: said } = await gatewayTo(`https://${address}`);
    const answer = await fetch(`${tls.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ code: 502, msg: expect.stringContaining('TLS') });
    expect(said.join('\n')).toMatch(/TLS with https:\/\/.* failed .*--insecure/);
    await tls.stop();
    plain.close();
  });

  it('redirects API calls to a sign-in page: 502, and the line says to start with --token', async () => {
    const signIn = http.createServer((_req, res) => {
      res.writeHead(302, { location: '/login?next=/api' });
      res.end();
    });
    const address = await listening(signIn);
    const { gateway: redirecting, lines: said } = await gatewayTo(`http://${address}`);
    const answer = await fetch(`${redirecting.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ code: 502, msg: expect.stringContaining('--token') });
    expect(said.join('\n')).toContain('redirected to /login?next=/api');
    // The socket too: the handshake fails, and the app's socket tries again by itself.
    const socket = new WebSocket(`${redirecting.url.replace(/^http/, 'ws')}/api/message/v1/ws`);
    const failed = await new Promise<string>((resolve) =>
      socket.once('error', (error) => resolve(error.message)),
    );
    expect(failed).toContain('502');
    await redirecting.stop();
    signIn.close();
  });

  it('answers off the contract: reported on the server’s side', async () => {
    const drifting = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: 0, msg: 'success', data: { def_home_page: 'page1', tenant_total: '3' } }),
      );
    });
    const address = await listening(drifting);
    const { gateway: checked } = await gatewayTo(`http://${address}`);
    const answer = await fetch(`${checked.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(answer.status).toBe(200);
    await answer.text();
    const findings = checked.checks.report().findings;
    expect(findings).toContainEqual(
      expect.objectContaining({
        operationId: 'getUserConfig',
        kind: 'response_schema_conformance',
        side: 'server',
      }),
    );
    expect(findings.find((f) => f.operationId === 'getUserConfig')!.field).toContain('/data/tenant_total');
    await checked.stop();
    drifting.close();
  });
});

describe('when it stops', () => {
  it('writes the recording (no token in it) and the report with JUnit beside it', async () => {
    const written = await gateway.stop();
    expect(written).toEqual([
      path.join(folder, 'session.har'),
      path.join(folder, 'report.json'),
      path.join(folder, 'report.junit.xml'),
    ]);
    const har = readFileSync(path.join(folder, 'session.har'), 'utf8');
    expect(har).not.toContain(TOKEN);
    expect(JSON.parse(har).log.entries.length).toBeGreaterThan(3);
    const report = JSON.parse(readFileSync(path.join(folder, 'report.json'), 'utf8')) as {
      findings: { operationId: string; route: string; time: string; occurrences: number }[];
    };
    expect(report.findings.map((f) => f.operationId)).toEqual(['listNotices', 'register']);
    expect(report.findings[0]).toMatchObject({ route: '/manage/members?page=2', occurrences: 1 });
    expect(readFileSync(path.join(folder, 'report.junit.xml'), 'utf8')).toContain('failures="2"');
  });
});

describe('a compressed answer', () => {
  it('reaches the app as it came and is checked decoded', async () => {
    const { gzipSync } = await import('node:zlib');
    const body = gzipSync(JSON.stringify({ code: 0, msg: 'success', data: { tenant_total: 'many' } }));
    const gzipping = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(body);
    });
    const address = await listening(gzipping);
    const { gateway: checked } = await gatewayTo(`http://${address}`);
    const answer = await fetch(`${checked.url}/api/workbench/userconfig/v2/info`, { headers: AUTH });
    expect(((await answer.json()) as { data: { tenant_total: string } }).data.tenant_total).toBe('many');
    // Checked once relayed: the gateway decodes its copy after the answer's last byte left.
    await vi.waitFor(() =>
      expect(checked.checks.report().findings[0]?.field).toContain('/data/tenant_total'),
    );
    await checked.stop();
    gzipping.close();
  });
});

describe('the app leaves before the upstream answers', () => {
  it('a socket given up while the upstream is still opening closes the upstream’s too', async () => {
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((resolve) => (closed = resolve));
    // Accepts the connection, never answers the handshake.
    const silent = net.createServer((socket) => socket.on('close', () => closed()).resume());
    const address = await listening(silent);
    const { gateway: relaying } = await gatewayTo(`http://${address}`);
    const socket = new WebSocket(`${relaying.url.replace(/^http/, 'ws')}/api/message/v1/ws`);
    socket.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.terminate();
    await upstreamClosed;
    await relaying.stop();
    silent.close();
  });
});
