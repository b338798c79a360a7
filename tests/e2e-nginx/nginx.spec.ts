/**
 * The nginx smoke test: the production build behind Debian's nginx with the configuration
 * of deploy/nginx (rendered by deploy/serve-nginx.ts), in front of the mock stack. It proves
 * what docs/operations.md says the configuration does: the per-response nonce matches
 * between header and page, the policies are vite-plugins/csp.ts's, hashed assets are cached and
 * compressed, the SPA's deep links survive a reload, the API, the sign-on and the realtime
 * socket work through the proxy with the site's host passed on, both kinds of sample
 * sub-app mount, and no document raises a policy violation.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import {
  contentSecurityPolicy,
  policyDirectives,
  policySources,
  PRERENDER_FRAMES_HEADER,
  SPECULATION_RULES,
  SPECULATION_RULES_HEADER,
  SPECULATION_RULES_TYPE,
  subAppFramePolicy,
} from '../../vite-plugins/csp';
import { PRECOMPRESS_MIN_BYTES } from '../../vite-plugins/precompress';
import { BROTLI_MODULE, NGINX_OUT_DIR } from '../../deploy/nginx-local';
import { ROUTES, routeTo } from '../../src/constants/routes';
import { signInToShell } from '../e2e/fixtures';
import { watchPolicy } from '../e2e/policy-watch';
import { baseURL, PRODUCT_URL } from './playwright.config';

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
/** What vite-plugins/csp.ts says for the environment this build was made with. */
const sources = policySources({ VITE_MICRO_APP_PRODUCT_URL: PRODUCT_URL }, [new URL(baseURL).origin]);

/**
 * GET with a Host header of our choosing (a frame origin on *.localhost), straight to nginx; the
 * body as it came over the wire (not decompressed).
 */
function getWithHost(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const received = (page: Page, app: string) =>
  page.frameLocator(`iframe[data-sub-app="${app}"]`).getByTestId('received');

test('documents: the header’s nonce is the page’s, fresh per response, in vite-plugins/csp.ts’s policies', async ({
  request,
}) => {
  const first = await request.get('/');
  const deep = await request.get(ROUTES.userCenter.baseInfo);
  for (const response of [first, deep]) {
    expect(response.status()).toBe(200);
    const policy = response.headers()['content-security-policy'] ?? '';
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__CSP_NONCE__');
    expect(policyDirectives(policy)).toEqual(policyDirectives(contentSecurityPolicy(sources, nonce)));
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['speculation-rules']).toBe(SPECULATION_RULES_HEADER);
    expect(response.headers()[PRERENDER_FRAMES_HEADER.name.toLowerCase()]).toBe(
      PRERENDER_FRAMES_HEADER.value,
    );
  }
  // Not on a page that arrived with a credential: the rules' fetch would carry it as Referer.
  for (const query of ['?token=abc', '?code=xyz&state=s', '?next=1&token=abc']) {
    const headers = (await request.get(`/micro-app-product/${query}`)).headers();
    expect(headers['speculation-rules']).toBeUndefined();
    expect(headers[PRERENDER_FRAMES_HEADER.name.toLowerCase()]).toBeUndefined();
  }
  // The rules themselves, with the media type without which the browser ignores them.
  const rules = await request.get(SPECULATION_RULES);
  expect(rules.headers()['content-type']).toBe(SPECULATION_RULES_TYPE);
  expect(await rules.json()).toEqual(JSON.parse(readFileSync('public/speculation-rules.json', 'utf8')));
  expect(nonceOf(first.headers()['content-security-policy'] ?? '')).not.toBe(
    nonceOf(deep.headers()['content-security-policy'] ?? ''),
  );

  // The frame page is never on the shell's origin; on a frame origin it has its own policy.
  expect((await request.get('/sub-app.html?route=/micro-app-manual/')).status()).toBe(404);
  const frame = await getWithHost(`manual.localhost:${new URL(baseURL).port}`, '/sub-app.html');
  expect(frame.headers['speculation-rules']).toBeUndefined();
  const framePolicy = frame.headers['content-security-policy'] ?? '';
  expect(policyDirectives(framePolicy)).toEqual(
    policyDirectives(subAppFramePolicy(sources, nonceOf(framePolicy))),
  );
});

test('assets are cached for a year and compressed; a missing one is a 404, not the app', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  expect(asset).not.toBe('');
  const response = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('gzip');
  expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
});

test('assets go as the build compressed them: brotli where the browser takes it, else gzip -9', async ({
  request,
}) => {
  test.skip(!existsSync(BROTLI_MODULE), `nginx's brotli module is not installed (${BROTLI_MODULE})`);
  const html = await (await request.get('/')).text();
  // The first load's scripts and the stylesheets, wherever index.html names them.
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
  expect(assets.length).toBeGreaterThan(3);
  const host = new URL(baseURL).host;
  for (const asset of assets) {
    const file = path.join(NGINX_OUT_DIR, asset);
    if (statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    // The bytes of the build's own file.js.br (quality 11), not a compression made per request.
    const brotli = await getWithHost(host, asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding'], asset).toBe('br');
    expect(brotli.headers.vary, asset).toBe('Accept-Encoding');
    expect(brotli.headers['content-type'], asset).toMatch(/^(application\/javascript|text\/css)/);
    expect(brotli.body.equals(readFileSync(`${file}.br`)), asset).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(readFileSync(file)), asset).toBe(true);
    const gzip = await getWithHost(host, asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding'], asset).toBe('gzip');
    expect(gzip.body.equals(readFileSync(`${file}.gz`)), asset).toBe(true);
    const plain = await getWithHost(host, asset);
    expect(plain.headers['content-encoding'], asset).toBeUndefined();
    expect(plain.body.equals(readFileSync(file)), asset).toBe(true);
  }
});

test('the container’s configuration (its nginx.conf, the example site, the brotli module) passes nginx -t', () => {
  test.skip(!existsSync(BROTLI_MODULE), `nginx's brotli module is not installed (${BROTLI_MODULE})`);
  // As deploy/Dockerfile lays it out under /etc/nginx, with what this machine lacks made up: the
  // site's certificates (made here) and its back end's host name (resolved when nginx loads).
  const dir = mkdtempSync(path.join(tmpdir(), 'workbench-container-'));
  try {
    copyFileSync('deploy/nginx/nginx.conf', path.join(dir, 'nginx.conf'));
    symlinkSync(path.resolve('deploy/nginx/workbench'), path.join(dir, 'workbench'));
    symlinkSync(path.resolve('deploy/nginx/brotli-static.d'), path.join(dir, 'brotli-static.d'));
    symlinkSync('/etc/nginx/mime.types', path.join(dir, 'mime.types'));
    mkdirSync(path.join(dir, 'sites'));
    mkdirSync(path.join(dir, 'tls'));
    for (const name of ['workbench.example.com', 'apps.example.net']) {
      const file = path.join(dir, 'tls', name);
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          `/CN=${name}`,
          '-keyout',
          `${file}.key`,
          '-out',
          `${file}.crt`,
        ],
        { stdio: 'ignore' },
      );
    }
    const site = readFileSync('deploy/nginx/sites/workbench.example.com.conf', 'utf8')
      .replaceAll('/etc/nginx/tls/', `${dir}/tls/`)
      .replace('server backend.internal:8080;', 'server 127.0.0.1:8080;');
    writeFileSync(path.join(dir, 'sites', 'workbench.conf'), site);
    // Its output into a file: the configuration logs to /dev/stderr, which a socket (how Node
    // pipes a child's output) cannot be opened as.
    const log = path.join(dir, 'nginx-t.log');
    const output = openSync(log, 'w');
    spawnSync(
      process.env.NGINX_BIN ?? 'nginx',
      ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
      { stdio: ['ignore', output, output] },
    );
    closeSync(output);
    expect(readFileSync(log, 'utf8')).toContain('test is successful');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a frame origin serves only the frame page, embeddable by the shell alone', async () => {
  const { port } = new URL(baseURL);
  const frame = await getWithHost(`product.localhost:${port}`, '/micro-app-product/classifiedManagement');
  expect(frame.status).toBe(200);
  const policy = policyDirectives(frame.headers['content-security-policy'] ?? '');
  expect(policy.get('frame-ancestors')).toEqual([new URL(baseURL).origin]);
  expect(policy.get('script-src')).toContain("'unsafe-eval'");
  // An unknown host gets nothing (the default server closes the connection).
  await expect(getWithHost('evil.example', '/')).rejects.toThrow();
});

test('through nginx: sign in, both kinds of sub-app, the socket, a deep link reloaded — no violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { violations, consoleErrors } = await watchPolicy(page);
  const images: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'image' && images.push(r.url())));
  const sockets: string[] = [];
  const socketFrames: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws.url());
    ws.on('framereceived', (frame) => socketFrames.push(String(frame.payload)));
  });

  // Sign-in through the dev sign-on behind the proxy; the owner lands on the manual app (ES modules).
  await signInToShell(page, 'owner');
  await expect(received(page, 'manual')).toBeVisible();
  // Its frame is on an origin of its own, served by nginx's frame server, and its back end knows
  // the caller from the token the shell issued for the app.
  const { port } = new URL(baseURL);
  expect(page.frames().map((f) => new URL(f.url()).origin)).toContain(`http://manual.localhost:${port}`);
  await expect(page.frameLocator('iframe[data-sub-app="manual"]').getByTestId('whoami')).toHaveText(
    'u-1001 · t-ent-2001',
  );

  // Images the back end names are on the site's own host and port (Host and X-Forwarded-*
  // passed on), not on the upstream's address, so the policy lets them in.
  await expect.poll(() => images.filter((url) => url.includes('/__mock/static/')).length).toBeGreaterThan(0);
  for (const url of images.filter((u) => u.includes('/__mock/')))
    expect(url.startsWith(`${baseURL}/`)).toBe(true);

  // The realtime socket: connected through nginx, registered, and a pushed notice arrives.
  await expect.poll(() => socketFrames.some((f) => f.includes('registered'))).toBe(true);
  expect(sockets.every((url) => url.startsWith(`${baseURL.replace('http', 'ws')}/api/message/v1/ws`))).toBe(
    true,
  );
  const bell = page.getByTestId('notice-bell');
  const unread = Number(await bell.getAttribute('data-unread'));
  const push = await page.request.post('/__mock/realtime/push', {
    data: { uid: 'u-1001', app_id: 'A0001', scene_no: 'S-NGINX', title: 'nginx smoke' },
  });
  expect(push.ok()).toBe(true);
  await expect.poll(() => socketFrames.some((f) => f.includes('new_message'))).toBe(true);
  await expect(bell).toHaveAttribute('data-unread', String(unread + 1));

  // The classic (webpack) sample from its own origin, on a deep link, then reloaded.
  await page.goto(routeTo.subApp('product', '/classifiedManagement'));
  await expect(received(page, 'product')).toContainText('classifiedManagement');
  await page.reload();
  await expect(received(page, 'product')).toContainText('classifiedManagement');

  // A deep link of the shell itself, reloaded: nginx answers index.html, the app routes it.
  await page.goto(ROUTES.userCenter.accountSetting);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.userCenter.accountSetting}$`));
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
