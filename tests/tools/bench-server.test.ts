/**
 * The benches serve the build over HTTPS with HTTP/2, as production's nginx does
 * (tools/bench/static-server.ts, `http2`): Lighthouse's page-load model simulates the protocol the
 * trace's requests used, so a bench over HTTP/1.1 measured a queue a deployment does not have.
 * Checked from Node's own HTTP/2 client, trusting the bench's certificate as the browsers do.
 */
import { createHash, createPublicKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuild, type StaticServer } from '../../tools/bench/static-server';
import { benchCertificate } from '../../tools/bench/tls';

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let dir: string;
let gateway: http.Server;
let site: StaticServer;
const allowedBefore = process.env.MOCK_ALLOWED_ORIGINS;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dir, 'sub-app.html'), '<!doctype html><title>frame</title>');
  writeFileSync(path.join(dir, 'assets/app.js'), script);
  writeFileSync(path.join(dir, 'assets/app.js.br'), brotliCompressSync(script));
  gateway = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, host: req.headers.host }));
  });
  // The realtime socket's upgrade, answered as a WebSocket server would.
  gateway.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    socket.end(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`,
    );
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  site = await serveBuild({ dir, gatewayUrl: `http://127.0.0.1:${port}`, http2: true });
});

afterAll(async () => {
  await site?.close();
  if (gateway) await new Promise((resolve) => gateway.close(resolve));
  rmSync(dir, { recursive: true, force: true });
  if (allowedBefore === undefined) delete process.env.MOCK_ALLOWED_ORIGINS;
  else process.env.MOCK_ALLOWED_ORIGINS = allowedBefore;
});

/** One request over HTTP/2: status, headers and body. */
async function get(path: string, headers: Record<string, string> = {}) {
  const session = http2.connect(site.url, { ca: benchCertificate().cert });
  try {
    return await new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        session.on('error', reject);
        const stream = session.request({ ':path': path, ...headers });
        const chunks: Buffer[] = [];
        let answer: http2.IncomingHttpHeaders = {};
        stream.on('response', (h) => (answer = h));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () =>
          resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }),
        );
        stream.on('error', reject);
      },
    );
  } finally {
    session.close();
  }
}

describe('the bench server over HTTP/2', () => {
  it('serves the pages on an https origin the certificate names', async () => {
    expect(site.url).toMatch(/^https:\/\/localhost:\d+$/);
    const page = await get('/manage/members');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>shell</title>');
  });

  it("sends the build's brotli file as it is", async () => {
    const asset = await get('/assets/app.js', { 'accept-encoding': 'br, gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.body.equals(brotliCompressSync(script))).toBe(true);
  });

  it('proxies the API to the gateway', async () => {
    const api = await get('/api/ping?x=1');
    expect(JSON.parse(api.body.toString())).toMatchObject({ path: '/api/ping?x=1' });
  });

  it("answers a frame origin with the frame page, told apart by HTTP/2's :authority", async () => {
    const port = new URL(site.url).port;
    const frame = await get('/list', { ':authority': `manual.localhost:${port}` });
    expect(frame.status).toBe(200);
    expect(frame.body.toString()).toContain('<title>frame</title>');
  });

  it("passes the socket's upgrade on to the gateway over HTTP/1.1", async () => {
    const upgraded = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = https.request(`${site.url}/api/realtime?x=1`, {
        ca: benchCertificate().cert,
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      });
      req.on('upgrade', (res: http.IncomingMessage, socket: Socket) => {
        socket.destroy();
        resolve(res);
      });
      req.on('response', () => reject(new Error('answered without upgrading')));
      req.on('error', reject);
      req.end();
    });
    expect(upgraded.statusCode).toBe(101);
    expect(upgraded.headers['x-path']).toBe('/api/realtime?x=1');
  });

  it('still answers HTTP/1.1, which the socket upgrade uses', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) =>
      https
        .get(`${site.url}/`, { ca: benchCertificate().cert }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject),
    );
    expect(status).toBe(200);
  });

  it('gives browsers the flag that trusts its key, and the dev SSO its origin', () => {
    const spki = createPublicKey(benchCertificate().cert).export({ type: 'spki', format: 'der' });
    const hash = createHash('sha256').update(spki).digest('base64');
    expect(site.browserFlags).toEqual([`--ignore-certificate-errors-spki-list=${hash}`]);
    expect(process.env.MOCK_ALLOWED_ORIGINS?.split(',')).toContain(site.url);
  });
});
