/**
 * The integration gateway: the app against a real back end (`--upstream URL`) or against a
 * recorded session (`--replay FILE.har`), on the same local gateway server as the mock stack
 * (src/gateway/server.ts) and at the same port, so the dev server and the preview proxy it
 * exactly as they proxy the mock.
 *
 *   /api/<service>/…      forwarded: the request read whole (to check it), the answer streamed to
 *                         the app as it comes; both, and every socket frame, checked live (live-checks.ts)
 *   ws /api/message/v1/ws relayed to the upstream's socket, frames checked (socket-relay.ts)
 *   /sso/…                with a token (`--token`, and in replay): a local sign-in that hands the
 *                         app that token through its own callback; otherwise the upstream's SSO
 *   /__contract/…         the findings feed for the in-app list (feed.ts)
 *   /__mock/apps/…        the sample sub-apps, still served locally (replay: the whole mock)
 *
 * In replay, calls the recording does not hold go to a mock stack started inside (or, with
 * `strict`, are refused naming the call); sign-in and sub-app tokens always come from it.
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { jsonOf, type Received, type SentRequest } from '@zhique/workbench-contract-verify';
import { serviceDocuments, type OperationInfo, type ServiceName } from '@zhique/workbench-contracts/reader';
import { startGatewayServer, type GatewayServer } from '../gateway/server';
import { MAX_BODY_BYTES, isJsonType } from '../guard';
import { BodyTooLarge, corsHeaders, readBody, redirect, sendJson } from '../http';
import { startMockStack, type MockStack } from '../index';
import { REALTIME_PATH } from '../realtime';
import { favicon, FAVICON_PATH, handleLogout, stylesheet, STYLESHEET_PATH } from '../sso';
import { serveSubApp, SUB_APPS_PREFIX } from '../sub-apps';
import { remoteSubAppKeys, SubAppTokenIssuer } from '../sub-app-tokens';
import { FindingsFeed } from './feed';
import { HarRecorder } from './har';
import { LiveChecks, routeOf, type LiveReport } from './live-checks';
import { HarReplay } from './replay';
import { writeLiveReports } from './report';
import { SocketRelay } from './socket-relay';
import { ask, forward, upstreamAgent, upstreamProblem, upstreamUrl, type UpstreamTarget } from './upstream';

export type IntegrationMode =
  | { kind: 'upstream'; upstream: string; insecure?: boolean }
  | { kind: 'replay'; har: string; strict?: boolean };

export interface IntegrationOptions {
  mode: IntegrationMode;
  port?: number;
  host?: string;
  /** A token of a real session: the app starts signed in with it (no redirect to the real SSO). */
  token?: string;
  /** Write the session as HAR 1.2 (credentials redacted). */
  record?: string;
  /** JSON report when the run stops (JUnit beside it, or at `junit`). */
  report?: string;
  junit?: string;
  /** A line per call (`--log-requests`); violations and failures are printed either way. */
  logRequests?: boolean;
  /** Nothing printed (tests); the lines still reach `onLine`. */
  quiet?: boolean;
  onLine?: (line: string) => void;
}

export interface IntegrationGateway {
  url: string;
  port: number;
  /** What it talks to, for the banner. */
  describe: string;
  checks: LiveChecks;
  /** Stops, then writes the recording and the reports; resolves with the files written. */
  stop(): Promise<string[]>;
}

/** The token the app is signed in with during a replay (the recording's own were redacted). */
const REPLAY_TOKEN = 'replay-session';
const PACKAGE_VERSION = '0.1.0';
/** The largest request bodies the gateway reads (an upload, a JSON body) before sending them on. */
const MAX_UPSTREAM_BODY_BYTES = 64 * 1024 * 1024;
const MAX_UPSTREAM_JSON_BYTES = 16 * 1024 * 1024;
/** The sub-app token operations: in replay, answered by the gateway's own issuer. */
const SUB_APP_TOKEN_OPERATIONS = new Set(['issueSubAppToken', 'getSubAppJwks']);

function serviceOf(pathname: string): ServiceName | undefined {
  return serviceDocuments.find((s) => pathname === `/api/${s}` || pathname.startsWith(`/api/${s}/`));
}

/** Whether a base URL is one we can forward to. */
function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--upstream must be a URL such as https://staging.example.com (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--upstream must be an http:// or https:// URL (got "${value}")`);
  return url;
}

export async function startIntegrationGateway(options: IntegrationOptions): Promise<IntegrationGateway> {
  const print = (line: string) => {
    options.onLine?.(line);
    if (!options.quiet) console.log(line);
  };
  const warn = (line: string) => {
    options.onLine?.(line);
    if (!options.quiet) console.warn(line);
  };
  const requestLog = options.logRequests ? print : () => undefined;

  // Replay: the recording, with a mock stack inside for what it does not hold.
  let replay: HarReplay | undefined;
  let mock: MockStack | undefined;
  let target: UpstreamTarget;
  if (options.mode.kind === 'replay') {
    replay = new HarReplay(options.mode.har);
    mock = await startMockStack({ port: 0, quiet: true });
    target = { base: new URL(mock.url), insecure: false };
  } else {
    target = { base: parseUpstream(options.mode.upstream), insecure: options.mode.insecure === true };
  }
  target.agent = upstreamAgent(target.base, target.insecure);
  const strict = options.mode.kind === 'replay' && options.mode.strict === true;
  const describe =
    options.mode.kind === 'replay'
      ? `${options.mode.har} (replay of ${replay!.calls} calls${replay!.frames.length ? ` and ${replay!.frames.length} socket frames` : ''}; ${strict ? 'other calls refused' : 'other calls answered by the mock'})`
      : target.base.toString().replace(/\/$/, '');
  const checks = new LiveChecks({
    upstream: options.mode.kind === 'replay' ? `replay of ${options.mode.har}` : describe,
    mode: options.mode.kind,
    print,
  });
  const recorder = options.record ? new HarRecorder(options.record, PACKAGE_VERSION) : undefined;
  const token = options.token ?? (options.mode.kind === 'replay' ? REPLAY_TOKEN : undefined);
  /** One-time codes of the local sign-in (with a token): code → expiry. */
  const signInCodes = new Map<string, number>();
  const tokens = new SubAppTokenIssuer();
  // The sample apps' back end verifies the tokens of whoever issues them: the upstream (its
  // published key set) or, in replay, this gateway.
  const subAppKeys = replay
    ? tokens
    : remoteSubAppKeys(upstreamUrl(target, '/api/workbench/sub-app/v1/jwks'));
  let lastRoute = '(unknown)';
  const feed = new FindingsFeed(checks, () => ({
    mode: options.mode.kind,
    upstream: describe,
    signIn: token ? 'token' : 'upstream',
  }));
  const relay = new SocketRelay({
    checks,
    route: () => lastRoute,
    record: recorder
      ? (req) => recorder.socket(`${requestBase(req).replace(/^http/, 'ws')}${req.url ?? ''}`, req.headers)
      : undefined,
    warn,
    log: requestLog,
  });
  const missing = new Set<string>();

  /** `/sso/authorize` with a token: back to the app's own callback with a one-time code for it. */
  const localSignIn = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    // Only back to the app this gateway serves (the origin the browser came through): no other
    // local listener may receive a code for a real token.
    const redirectUri = url.searchParams.get('redirect_uri');
    let back: URL | undefined;
    try {
      back = redirectUri ? new URL(redirectUri) : undefined;
    } catch {
      back = undefined;
    }
    if (!back || back.origin !== requestBase(req) || back.username || back.password) {
      sendJson(res, 400, {
        code: 400,
        msg: `回调地址不是本应用的地址：${redirectUri ?? '（缺少 redirect_uri）'}`,
        data: null,
      });
      return;
    }
    for (const [spent, expiry] of signInCodes) if (expiry < Date.now()) signInCodes.delete(spent);
    const code = `local-${randomBytes(12).toString('hex')}`;
    signInCodes.set(code, Date.now() + 5 * 60_000);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    redirect(res, back.toString());
  };

  /** The token exchange of a local sign-in, answered here: the upstream never sees the code. */
  const localTokenExchange = (body: Buffer): unknown => {
    let code: unknown;
    try {
      code = (JSON.parse(body.toString('utf8')) as { code?: unknown }).code;
    } catch {
      return undefined;
    }
    if (typeof code !== 'string' || !token) return undefined;
    const expiry = signInCodes.get(code);
    if (expiry === undefined) return undefined;
    signInCodes.delete(code);
    if (expiry < Date.now()) return undefined;
    return { code: 0, msg: 'success', data: { id_token: token } };
  };

  /** Sends an answer the gateway holds whole (replayed, issued here or the mock's), then checks it. */
  const sendWhole = (
    res: ServerResponse,
    answer: { status: number; statusText?: string; headers: Record<string, unknown>; body: Buffer },
    method: string,
    check?: () => void,
  ) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (
        (typeof value === 'string' || Array.isArray(value)) &&
        !/^(content-length|content-encoding|transfer-encoding|connection|keep-alive)$/i.test(name)
      )
        headers[name] = value as string | string[];
    // No body: HEAD, 204 and 304 (their length, if any, is not the empty body's).
    const bodiless = method === 'HEAD' || answer.status === 204 || answer.status === 304;
    if (!bodiless) headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, answer.statusText ?? '', headers);
    res.end(bodiless ? undefined : answer.body);
    check?.();
  };

  /**
   * Replay: the recorded answer, checked as an upstream's would be. Sub-app tokens are issued
   * here (the recording's were redacted; the sample apps served here verify them); calls the
   * recording lacks are refused (`strict`) or answered by the mock inside — statefully, or from
   * the contract's examples when the recording's tenant is not one of the mock's (its 403
   * would sign the user out).
   */
  const answerFromReplay = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    op: OperationInfo | undefined,
    body: Buffer,
    sent: SentRequest,
    route: string,
  ) => {
    const method = req.method ?? 'GET';
    const pathAndQuery = `${url.pathname}${url.search}`;
    const check =
      (status: number, headers: Record<string, unknown>, answerBody: Buffer, ms: number) => () => {
        if (op) checks.checkAnswer(op, sent, receivedOf(status, headers, answerBody, ms), route);
      };
    if (op && SUB_APP_TOKEN_OPERATIONS.has(op.operationId)) {
      const issued = await issueSubAppToken(op.operationId, body, req.headers['x-tenant-id']);
      sendWhole(res, issued, method, check(issued.status, issued.headers, issued.body, 0));
      return;
    }
    const recorded = replay!.answer(method, pathAndQuery, body);
    if (recorded && !HarReplay.carriesCredential(recorded)) {
      sendWhole(res, recorded, method, check(recorded.status, recorded.headers, recorded.body, 0));
      requestLog(`[replay] ${method} ${url.pathname} → ${recorded.status}${op ? ` ${op.operationId}` : ''}`);
      return;
    }
    const name = `${method} ${url.pathname}${op ? ` (${op.operationId})` : ''}`;
    if (!recorded && strict) {
      sendJson(res, 501, { code: 501, msg: `回放文件中没有这个调用：${name}`, data: null }, corsHeaders);
      warn(`[replay] not in the recording, refused (--strict): ${name}`);
      return;
    }
    if (!recorded && !missing.has(name)) {
      missing.add(name);
      print(`[replay] not in the recording, answered by the mock: ${name}`);
    }
    try {
      let answer = await ask(target, method, pathAndQuery, req.headers, body);
      if (answer.status === 403 && answer.headers['x-mock-state'] === 'tenant-refused')
        answer = await ask(target, method, pathAndQuery, { ...req.headers, prefer: 'dynamic=false' }, body);
      sendWhole(res, answer, method, check(answer.status, answer.headers, answer.body, answer.ms));
    } catch (error) {
      sendJson(
        res,
        502,
        { code: 502, msg: `回放用的模拟服务没有应答：${(error as Error).message}`, data: null },
        corsHeaders,
      );
      warn(`[replay] ${name}: the mock inside did not answer (${(error as Error).message})`);
    }
  };

  const issueSubAppToken = async (operationId: string, body: Buffer, tenant: unknown) => {
    let app = '';
    try {
      app = String((JSON.parse(body.toString('utf8')) as { app?: unknown }).app ?? '');
    } catch {
      // refused below by the contract check, as the server would
    }
    const json =
      operationId === 'getSubAppJwks'
        ? await tokens.jwks()
        : {
            code: 0,
            msg: 'success',
            data: await tokens.issue({
              app,
              user: 'replay-user',
              tenant: typeof tenant === 'string' ? tenant : '',
            }),
          };
    return {
      status: 200,
      headers: {
        'content-type':
          operationId === 'getSubAppJwks' ? 'application/jwk-set+json' : 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      },
      body: Buffer.from(JSON.stringify(json)),
    };
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, service: ServiceName) => {
    const method = req.method ?? 'GET';
    const path = url.pathname.slice(`/api/${service}`.length) || '/';
    const pathAndQuery = `${url.pathname}${url.search}`;
    const route = routeOf(typeof req.headers.referer === 'string' ? req.headers.referer : undefined);
    if (route !== '(unknown)') lastRoute = route;
    const contentType =
      typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined;
    // A real back end sets its own limits; these only keep the gateway's memory bounded.
    const limit = isJsonType(contentType) ? MAX_UPSTREAM_JSON_BYTES : MAX_UPSTREAM_BODY_BYTES;
    let body: Buffer;
    try {
      body = await readBody(req, limit);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      sendJson(res, 413, { code: 413, msg: `请求体超过 ${limit} 字节`, data: null }, corsHeaders);
      warn(`[gateway] ${method} ${url.pathname} → 413 (body over ${limit} bytes, not forwarded)`);
      return;
    }
    const started = new Date();
    const op = method === 'OPTIONS' ? undefined : checks.operation(service, method, path);
    const sent = checks.describeRequest(
      method,
      upstreamUrl(target, pathAndQuery).toString(),
      req.headers,
      body,
    );
    if (op)
      checks.checkRequest(
        op,
        sent,
        { path, query: url.searchParams, headers: req.headers, contentType, body },
        route,
      );
    else if (method !== 'OPTIONS') checks.undocumentedCall(`${method} ${url.pathname}`, sent, route);

    // Local sign-in's token exchange.
    if (op?.operationId === 'exchangeToken') {
      const local = localTokenExchange(body);
      if (local) {
        sendJson(res, 200, local);
        requestLog(
          `[gateway] ${method} ${url.pathname} → 200 exchangeToken (local sign-in with the given token)`,
        );
        return;
      }
    }

    if (replay) {
      await answerFromReplay(req, res, url, op, body, sent, route);
      return;
    }

    const answer = await forward(target, req, res, pathAndQuery, body, warn);
    if (!answer) return;
    requestLog(
      `[gateway] ${method} ${url.pathname} → ${answer.status}${op ? ` ${op.operationId}` : ''} (${Math.round(answer.ms)} ms)`,
    );
    if (op && answer.body)
      checks.checkAnswer(op, sent, receivedOf(answer.status, answer.headers, answer.body, answer.ms), route);
    if (recorder && !replay)
      recorder.call({
        started,
        method,
        url: new URL(pathAndQuery, requestBase(req)).toString(),
        requestHeaders: req.headers,
        requestBody: body,
        status: answer.status,
        statusText: answer.statusText,
        responseHeaders: answer.headers,
        responseBody: answer.body,
        ms: answer.ms,
      });
  };

  const handleRequest = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const service = serviceOf(url.pathname);
    if (service) {
      await handleApi(req, res, url, service);
      return true;
    }
    if (feed.handle(req, res, url)) return true;
    if (url.pathname.startsWith('/sso/') && req.method === 'GET' && token) {
      if (url.pathname === '/sso/authorize') localSignIn(req, res, url);
      else if (url.pathname === '/sso/logout') handleLogout(req, res, url);
      else return false;
      return true;
    }
    // The sample sub-apps, served here.
    if (url.pathname.startsWith(SUB_APPS_PREFIX) || url.pathname === SUB_APPS_PREFIX.slice(0, -1)) {
      await serveSubApp(req, res, url, subAppKeys);
      return true;
    }
    // Replay: the mock inside answers the rest of its own (scenarios, state, its pages).
    if (mock && url.pathname.startsWith('/__mock/')) {
      const body = await readBody(req, MAX_BODY_BYTES);
      await forward(target, req, res, `${url.pathname}${url.search}`, body, warn, false);
      return true;
    }
    if (url.pathname === STYLESHEET_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(stylesheet);
      return true;
    }
    if (url.pathname === FAVICON_PATH) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' });
      res.end(favicon());
      return true;
    }
    // Without a token the upstream's own sign-in pages answer.
    if (url.pathname.startsWith('/sso/') && !mock) {
      const body = await readBody(req, MAX_BODY_BYTES);
      await forward(target, req, res, `${url.pathname}${url.search}`, body, warn, false);
      return true;
    }
    return false;
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean => {
    if (url.pathname !== REALTIME_PATH) return false;
    if (replay?.frames.length)
      relay.replay(replay.frames, req, socket, head, `${requestBase(req)}${url.pathname}`);
    else relay.toUpstream(target, req, socket, head, `${url.pathname}${url.search}`);
    return true;
  };

  let server: GatewayServer;
  try {
    server = await startGatewayServer(
      { request: handleRequest, upgrade: handleUpgrade },
      { port: options.port, host: options.host, warn },
    );
  } catch (error) {
    await mock?.stop();
    throw error;
  }

  if (options.mode.kind === 'upstream') void probe(target, print, warn);

  let stopped: Promise<string[]> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      feed.close();
      relay.close();
      await server.close();
      target.agent?.destroy();
      await mock?.stop();
      const written: string[] = [];
      if (recorder) {
        recorder.write();
        written.push(recorder.file);
      }
      const report: LiveReport = checks.report();
      written.push(...writeLiveReports(report, { json: options.report, junit: options.junit }));
      print(summaryLine(report, written));
      return written;
    })();
    return stopped;
  };

  return { url: server.url, port: server.port, describe, checks, stop };
}

/** An answer as the checker's `Findings.checkResponse` reads it. */
function receivedOf(status: number, headers: Record<string, unknown>, body: Buffer, ms: number): Received {
  const text = body.toString('utf8');
  const contentType = headers['content-type'];
  return {
    status,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    text,
    json: jsonOf(text),
    ms,
  };
}

/** The origin the browser used (through the dev server's proxy: its X-Forwarded-Host). */
function requestBase(req: IncomingMessage): string {
  const host = req.headers['x-forwarded-host'] ?? req.headers.host ?? 'localhost';
  const proto = req.headers['x-forwarded-proto'] ?? 'http';
  return `${String(proto).split(',')[0]}://${String(host).split(',')[0]}`;
}

/** One look at the upstream when the gateway starts, so a wrong URL is said at once, not on the first call. */
async function probe(
  target: UpstreamTarget,
  print: (line: string) => void,
  warn: (line: string) => void,
): Promise<void> {
  const client = target.base.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve) => {
    const call = client.request(
      target.base,
      {
        method: 'HEAD',
        timeout: 10_000,
        ...(target.base.protocol === 'https:' && { rejectUnauthorized: !target.insecure }),
      },
      (answer) => {
        answer.resume();
        print(`[upstream] ${target.base.origin} answers (HTTP ${answer.statusCode})`);
        resolve();
      },
    );
    call.on('timeout', () =>
      call.destroy(Object.assign(new Error('no answer within 10 s'), { code: 'ETIMEDOUT' })),
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'ETIMEDOUT'
          ? `${target.base.origin} did not answer within 10 s`
          : upstreamProblem(error, target.base).terminal;
      warn(`[upstream] ${why}; the app's calls get 502 until it answers`);
      resolve();
    });
    call.end();
  });
}

function summaryLine(report: LiveReport, written: string[]): string {
  const servers = report.findings.filter((f) => f.side === 'server').length;
  const clients = report.findings.length - servers;
  return [
    `[contract] ${report.requests} call(s) of ${report.operations.length} operation(s), ${report.socketFrames} socket frame(s) checked: ${
      report.findings.length
        ? `${report.findings.length} finding(s) — ${servers} of the server, ${clients} of the app`
        : 'no findings'
    }`,
    ...written.map((file) => `[contract] written: ${file}`),
  ].join('\n');
}
