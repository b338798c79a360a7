/**
 * Recording and replaying a session (packages/mock-stack/src/integration/har.ts, replay.ts): HAR 1.2 that browsers
 * and Playwright read, no credential in it anywhere, and answers served back in recorded order.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HarRecorder,
  REDACTED,
  redactJsonText,
  redactUrl,
} from '../../packages/mock-stack/src/integration/har';
import { HarReplay } from '../../packages/mock-stack/src/integration/replay';

const folder = mkdtempSync(path.join(tmpdir(), 'har-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const TOKEN = 'dS0xMDAxOnNlY3JldC1zZXNzaW9u';

function record(file: string): HarRecorder {
  const recorder = new HarRecorder(file, 'test');
  const call = (url: string, body: unknown, requestBody?: unknown) =>
    recorder.call({
      started: new Date(),
      method: requestBody ? 'POST' : 'GET',
      url,
      requestHeaders: {
        authorization: `Basic ${TOKEN}`,
        cookie: 'mock_session=abc; theme=dark',
        ...(requestBody !== undefined && { 'content-type': 'application/json' }),
      },
      requestBody: requestBody === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(requestBody)),
      status: 200,
      statusText: 'OK',
      responseHeaders: { 'content-type': 'application/json', 'set-cookie': 'sid=xyz; Path=/' },
      responseBody: Buffer.from(JSON.stringify(body)),
      ms: 12,
    });
  call(
    'http://localhost:5173/api/workbench/oauth/v2/token',
    { code: 0, msg: 'success', data: { id_token: TOKEN } },
    { code: 'sso-code-1' },
  );
  call('http://localhost:5173/api/workbench/userconfig/v2/info?token=abc', {
    code: 0,
    msg: 'first',
    data: { echo: `Basic ${TOKEN}` },
  });
  call('http://localhost:5173/api/workbench/userconfig/v2/info?token=abc', {
    code: 0,
    msg: 'second',
    data: {},
  });
  call('http://localhost:5173/api/rbac/power/v1/role/all?role_id=1', {
    code: 0,
    msg: 'ok',
    data: [{ code: 'role:add' }],
  });
  const socket = recorder.socket('ws://localhost:5173/api/message/v1/ws', {
    authorization: `Basic ${TOKEN}`,
  });
  socket.frame('send', JSON.stringify({ id: '1', content: 'register', type: 1, exp: { uid: 'u-1' } }));
  socket.frame('receive', JSON.stringify({ id: '1', content: 'registered', type: 3, exp: { uid: 'u-1' } }));
  // Credentials in other places: the page's URL, a redirect, a form body, a header of its own.
  recorder.call({
    started: new Date(),
    method: 'POST',
    url: 'http://localhost:5173/api/workbench/sys/v1/upload',
    requestHeaders: {
      referer: 'http://localhost:5173/oauth/callback?code=sso-code-2&state=s',
      'content-type': 'application/x-www-form-urlencoded',
      'x-access-token': 'header-secret-123',
    },
    requestBody: Buffer.from('user=u-1&password=hunter2hunter2&client_secret=cs-9876543'),
    status: 302,
    statusText: 'Found',
    responseHeaders: { location: 'https://sso.example.com/cb?access_token=at-5550123&x=1' },
    responseBody: Buffer.alloc(0),
    ms: 3,
  });
  recorder.write();
  return recorder;
}

describe('a recorded session', () => {
  const file = path.join(folder, 'session.har');
  record(file);
  const text = readFileSync(file, 'utf8');
  const har = JSON.parse(text) as {
    log: { version: string; entries: { request: { headers: { name: string; value: string }[] } }[] };
  };

  it('is HAR 1.2 with the calls and the socket', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(6);
  });

  it('holds no credential: not in headers, cookies, URLs, bodies, nor echoed anywhere', () => {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('sso-code-1');
    expect(text).not.toContain('token=abc');
    expect(text).not.toContain('mock_session=abc');
    expect(text).not.toContain('sid=xyz');
    for (const secret of ['sso-code-2', 'header-secret-123', 'hunter2hunter2', 'cs-9876543', 'at-5550123'])
      expect(text, secret).not.toContain(secret);
    expect(text).toContain('user=u-1');
    expect(har.log.entries[0]!.request.headers).toContainEqual({
      name: 'authorization',
      value: `Basic ${REDACTED}`,
    });
    expect(har.log.entries[0]!.request.headers).toContainEqual({
      name: 'cookie',
      value: `mock_session=${REDACTED}; theme=${REDACTED}`,
    });
  });

  it('keeps data that only looks like a credential: a power code in an answer', () => {
    expect(text).toContain('role:add');
    expect(redactJsonText('{"code":"role:add"}', 'answer')).toBe('{"code":"role:add"}');
    expect(redactJsonText('{"code":"123456","phone":"1"}', 'request')).toBe(
      `{"code":"${REDACTED}","phone":"1"}`,
    );
    expect(redactJsonText('{"code":0,"msg":"ok"}', 'request')).toBe('{"code":0,"msg":"ok"}');
    expect(redactUrl('http://x/a?token=1&b=2')).toBe(`http://x/a?token=${encodeURIComponent(REDACTED)}&b=2`);
  });

  it('replays the same call in the recorded order, the last answer repeating', () => {
    const replay = new HarReplay(file);
    const msg = () =>
      JSON.parse(
        replay.answer('GET', '/api/workbench/userconfig/v2/info?token=zzz', Buffer.alloc(0))!.body.toString(),
      ).msg;
    expect([msg(), msg(), msg()]).toEqual(['first', 'second', 'second']);
    expect(replay.answer('GET', '/api/workbench/nothing', Buffer.alloc(0))).toBeUndefined();
    expect(replay.frames.map((f) => JSON.parse(f.data).type)).toEqual([3]);
  });

  it('leaves answers that carried a credential to be issued again', () => {
    const replay = new HarReplay(file);
    const token = replay.answer('POST', '/api/workbench/oauth/v2/token', Buffer.from('{"code":"another"}'))!;
    expect(HarReplay.carriesCredential(token)).toBe(true);
  });

  it('refuses a file that is not HAR, saying so', () => {
    expect(() => new HarReplay(path.join(folder, 'missing.har'))).toThrow(/is not a HAR file/);
  });
});
