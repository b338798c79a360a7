/**
 * The mock stack: one gateway (node:http) on one port in front of
 * - Prism, one process per OpenAPI document, at /api/workbench, /api/message, /api/rbac
 *   (prefix stripped, scenario turned into `Prefer` headers);
 * - the realtime socket at /api/message/v1/ws and its push trigger;
 * - the dev single sign-on at /sso/authorize and /sso/logout;
 * - scenario selection and listing under /__mock/;
 * - the four sample sub-apps at /__mock/apps/<app>/.
 * See mock-stack/README.md.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serviceDocuments, type ServiceName } from '@zhique/workbench-contracts/reader';
import { HOP_BY_HOP, startGatewayServer, type GatewayServer } from './gateway/server';
import { PrismServices } from './prism-services';
import { ContractIndex, mergePrefer } from './contracts';
import { BodyTooLarge, corsHeaders, parseCookies, readBody, sendJson } from './http';
import {
  bodyProblem,
  isJsonType,
  MAX_BODY_BYTES,
  MAX_JSON_BYTES,
  RETRY_AFTER_SECONDS,
  safeHeaders,
} from './guard';
import { controlRoutes } from './control';
import { RealtimeHub, REALTIME_PATH } from './realtime';
import { findScenario, SCENARIO_COOKIE, scenarios, type Scenario } from './scenarios';
import { handleAuthorize, handleLogout } from './sso';
import { buildClassicSample } from './classic-sample';
import { StateLayer } from './state';
import { SubAppTokenIssuer } from './sub-app-tokens';
import { parseRequestBody, requestOrigin } from './state/routes';
import { localiseStaticUrls } from './static-images';
import { newSessionId, requestSession, sessionCookie, sessionKey } from './state/sessions';

export { scenarios, type Scenario } from './scenarios';

export interface MockStackOptions {
  /** Gateway port; 0 or absent picks a free one. */
  port?: number;
  /** Dynamic mode: Prism generates responses from the schemas (`-d --seed N`) instead of serving examples. */
  dynamicSeed?: number;
  /** No logging (tests). */
  quiet?: boolean;
  /**
   * A line per proxied request and per socket event (`[gateway] GET /api/… → 200 …`). Off by
   * default, so `npm start`'s URL banner stays on screen; `MOCK_LOG=requests` turns it on.
   * Failures (5xx, a broken contract, a gateway error) are logged either way.
   */
  logRequests?: boolean;
  /** Listen address; default both loopbacks (127.0.0.1 and ::1). MOCK_HOST overrides. */
  host?: string;
  /** SQLite file that keeps the QA sessions across restarts; in memory when absent. */
  stateFile?: string;
  /**
   * Pay the one-time costs of a first call while nobody waits (`npm start`, `npm run mock`):
   * each Prism's first answer and the state layer's response validators. Off in tests.
   */
  warm?: boolean;
}

export interface MockStack {
  url: string;
  port: number;
  /** Process ids of the Prism children now running (for checks that nothing is left behind). */
  readonly pids: number[];
  /** The process id of a service's Prism now running (a restarted one has a new id). */
  pid(service: ServiceName): number | undefined;
  stop(): Promise<void>;
}

/** Header that chooses a scenario for one request (wins over the cookie); handy for scripts and tests. */
const SCENARIO_HEADER = 'x-mock-scenario';

/** No answer from Prism within this long is answered 504 (it never hangs a client). */
const PRISM_TIMEOUT_MS = 30_000;

/**
 * Prism accepts a basic credential only if it decodes to "user:password"; our contract's
 * token is an opaque id_token sent as is. A present token is swapped for one Prism accepts
 * (presence is all Prism checks); an absent header stays absent, so Prism still answers 401.
 */
export function prismAuthorization(value: string | undefined): string | undefined {
  const match = value ? /^basic\s+(\S+)\s*$/i.exec(value) : null;
  if (!match?.[1]) return value;
  if (Buffer.from(match[1], 'base64').toString('utf8').split(':').length === 2) return value;
  return `Basic ${Buffer.from('mock:token').toString('base64')}`;
}

/** Operations answered by the sub-app token issuer (sub-app-tokens.ts) once Prism accepted the request. */
const TOKEN_OPERATIONS = new Set(['issueSubAppToken', 'getSubAppJwks']);

/** Sends a buffered request to Prism and buffers its answer. */
function askPrism(
  port: number,
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': body.length },
        agent: false,
        timeout: PRISM_TIMEOUT_MS,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      },
    );
    request.on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`no answer within ${PRISM_TIMEOUT_MS} ms`)));
    if (headers['transfer-encoding']) request.removeHeader('transfer-encoding');
    request.end(body);
  });
}

/** `MOCK_LOG=requests` (a comma-separated list, so more kinds can join it) turns the request log on. */
export function requestLogFromEnv(value = process.env.MOCK_LOG): boolean {
  return (value ?? '')
    .split(',')
    .map((kind) => kind.trim().toLowerCase())
    .includes('requests');
}

function serviceOf(pathname: string): ServiceName | undefined {
  return serviceDocuments.find((s) => pathname === `/api/${s}` || pathname.startsWith(`/api/${s}/`));
}

export async function startMockStack(options: MockStackOptions = {}): Promise<MockStack> {
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const warn = options.quiet ? () => undefined : (line: string) => console.warn(line);
  const logRequests = options.logRequests ?? requestLogFromEnv();
  const requestLog = logRequests ? log : () => undefined;
  const dynamic = options.dynamicSeed !== undefined;
  const contracts = new ContractIndex();
  const hub = new RealtimeHub(undefined, requestLog, warn);
  const state = new StateLayer(() => contracts.allOperations(), { file: options.stateFile });
  const tokens = new SubAppTokenIssuer();
  // The classic sample sub-app builds (when its sources changed) while Prism starts.
  const sampleBuilt = buildClassicSample(log).catch((error: unknown) =>
    warn(`[mock] the classic sample sub-app (product) could not be built: ${String(error)}`),
  );

  let stopping: Promise<void> | undefined;
  const prisms = await PrismServices.start({
    dynamicSeed: options.dynamicSeed,
    quiet: options.quiet,
    warn,
  }).catch(async (error: unknown) => {
    await sampleBuilt;
    throw error;
  });
  await sampleBuilt;
  for (const key of contracts.unknownOverrideKeys(scenarios)) {
    warn(`[mock] scenario override "${key}" names no operation in the documents`);
  }
  for (const id of state.unknownHandlers()) {
    warn(`[mock] the state layer has a handler for "${id}", which names no operation in the documents`);
  }

  const chosenScenario = (req: IncomingMessage): Scenario | undefined => {
    const header = req.headers[SCENARIO_HEADER];
    return findScenario(
      typeof header === 'string' && header ? header : parseCookies(req.headers.cookie)[SCENARIO_COOKIE],
    );
  };

  /** The store key of a request: its session (header or cookie) and its scenario. */
  const stateKey = (req: IncomingMessage) => sessionKey(requestSession(req), chosenScenario(req)?.name);

  /**
   * A request under /api/<service>: Prism answers it (validation, security, the scenario's
   * example). When the operation has a state handler and no fault switch is on (dynamic mode,
   * a client `Prefer`, a scenario override), Prism's answer is only the verdict on the
   * request: a 2xx lets the handler answer from the session's store.
   *
   * Before Prism sees anything (issue 28), the gateway refuses what could hurt it or what it
   * answers wrongly: a method the contract does not document for the path (405 with `Allow`),
   * a body over the limit (413), a text body that is not UTF-8, JSON nested deeper than
   * MAX_JSON_DEPTH or that does not parse (the operation's documented 400). Every body is read
   * whole first (they are small), so an answer never depends on how a client streams.
   */
  const proxyToPrism = async (req: IncomingMessage, res: ServerResponse, url: URL, service: ServiceName) => {
    const path = url.pathname.slice(`/api/${service}`.length) || '/';
    const scenario = chosenScenario(req);
    const method = req.method ?? 'GET';
    const decision = contracts.prefer(service, method, path, scenario, dynamic);
    const operation = decision.operation;
    const clientPrefer = req.headers.prefer;
    const prefer = mergePrefer(
      Array.isArray(clientPrefer) ? clientPrefer.join(', ') : clientPrefer,
      decision.parts,
    );
    const mockHeaders = (): Record<string, string> => ({
      'x-mock-scenario': scenario?.name ?? 'default',
      ...(prefer && { 'x-mock-prefer': prefer }),
      ...(operation && { 'x-mock-operation': operation.operationId }),
    });
    // Opt-in (`logRequests`), except a failure of the mock itself (5xx): that is always shown.
    const logLine = (status: number | undefined, note = '') =>
      (status === undefined || status >= 500 ? warn : requestLog)(
        `[gateway] ${method} ${url.pathname} → ${status}${operation ? ` ${operation.operationId}` : ''}` +
          `${scenario ? ` [${scenario.name}]` : ''}${prefer ? ` (Prefer: ${prefer})` : ''}${note}`,
      );
    /** A refusal of the gateway's own, with the envelope (the operation's documented example when it has one). */
    const refuse = (status: number, msg: string, headers: Record<string, string> = {}, note = '') => {
      // The documented example's envelope (its code) with what is actually wrong.
      const documented = operation
        ? state.contracts.example(operation, String(status), 'default')
        : undefined;
      const body =
        documented && typeof documented === 'object' && !Array.isArray(documented)
          ? { ...documented, msg }
          : { code: status, msg, data: null };
      sendJson(res, status, body, {
        ...corsHeaders,
        ...safeHeaders(mockHeaders()),
        ...headers,
      } as Record<string, string>);
      logLine(status, note || ` (${msg})`);
    };
    /** The service is (re)starting: 503 with `Retry-After`, and the client tries again. */
    const unavailable = (reason: string) => {
      req.resume();
      sendJson(
        res,
        503,
        { code: 503, msg: `${reason.split('\n')[0]}; 服务正在重启，请稍后重试`, data: null },
        { ...corsHeaders, 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
      warn(`[gateway] ${method} ${url.pathname} → 503 (${reason.split('\n')[0]})`);
    };

    const availability = prisms.available(service);
    if ('gone' in availability) {
      req.resume();
      sendJson(res, 503, { code: 503, msg: availability.gone, data: null });
      warn(`[gateway] ${method} ${url.pathname} → 503 (${availability.gone})`);
      return;
    }

    // A method the contract does not document for a path it does document: 405 and `Allow`
    // (RFC 9110 §15.5.6). OPTIONS stays Prism's (CORS preflight).
    if (!operation && method !== 'OPTIONS') {
      const allowed = contracts.allowed(service, path);
      if (allowed.length) {
        req.resume();
        refuse(405, `${method} 不是该路径的方法（可用：${allowed.join(', ')}）`, {
          Allow: allowed.join(', '),
        });
        return;
      }
    }

    const contentType = String(req.headers['content-type'] ?? '');
    const limit = isJsonType(contentType) ? MAX_JSON_BYTES : MAX_BODY_BYTES;
    let body: Buffer;
    try {
      body = await readBody(req, limit);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      refuse(413, `请求体超过 ${limit} 字节`, {}, ` (body over ${limit} bytes)`);
      return;
    }
    const problem = bodyProblem(contentType, body);
    if (problem) {
      refuse(400, problem, {}, ` (${problem}; nothing changes)`);
      return;
    }

    // Asked again: the body was read meanwhile, and Prism may have died.
    const now = prisms.available(service);
    if (!('port' in now)) {
      unavailable('gone' in now ? now.gone : now.restarting);
      return;
    }
    const prismPort = now.port;
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers.host = `127.0.0.1:${prismPort}`;
    const authorization = prismAuthorization(req.headers.authorization);
    if (authorization !== undefined) headers.authorization = authorization;
    if (prefer) headers.prefer = prefer;
    else delete headers.prefer;
    const faultSwitch = dynamic || clientPrefer !== undefined || decision.override === true;
    // The sub-app token and its key set are made here, after Prism accepted the request (sub-app-tokens.ts).
    const issuing = operation !== undefined && !faultSwitch && TOKEN_OPERATIONS.has(operation.operationId);
    const stateful = operation !== undefined && !faultSwitch && (issuing || state.handles(operation));

    const tenantHeader = req.headers['x-tenant-id'];
    const refusal =
      operation && !faultSwitch
        ? state.tenantRefusal(
            operation,
            stateKey(req),
            typeof tenantHeader === 'string' ? tenantHeader : undefined,
          )
        : undefined;
    // Only when the credential is there: without it Prism's 401 is the answer.
    if (refusal && req.headers.authorization) {
      sendJson(res, refusal.status, refusal.body, {
        ...mockHeaders(),
        'X-Mock-State': 'tenant-refused',
      });
      logLine(refusal.status, ' (not one of the session’s tenants)');
      return;
    }

    let verdict: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
    try {
      verdict = await askPrism(prismPort, method, `${path}${url.search}`, headers, body);
    } catch (error) {
      // Prism died under this request or is dying: the supervisor starts it again.
      const message = (error as Error).message;
      if (/no answer within/.test(message)) {
        sendJson(res, 504, { code: 504, msg: `Prism (${service}) ${message}`, data: null }, corsHeaders);
        logLine(504, ` (Prism ${message})`);
        return;
      }
      unavailable(`Prism (${service}) did not answer (${message})`);
      return;
    }
    const relayVerdict = (note = '') => {
      const responseHeaders: http.OutgoingHttpHeaders = { ...verdict.headers, ...mockHeaders() };
      for (const name of [...HOP_BY_HOP, 'transfer-encoding']) delete responseHeaders[name];
      const answerBody = /json/i.test(String(verdict.headers['content-type'] ?? ''))
        ? Buffer.from(localiseStaticUrls(verdict.body.toString('utf8'), requestOrigin(req)))
        : verdict.body;
      // A HEAD answer has no body: Prism's own length stays.
      if (method !== 'HEAD') responseHeaders['content-length'] = answerBody.length;
      res.writeHead(verdict.status, safeHeaders(responseHeaders));
      res.end(method === 'HEAD' ? undefined : answerBody);
      logLine(verdict.status, note);
    };
    if (!stateful || verdict.status < 200 || verdict.status > 299) {
      relayVerdict(stateful ? ' (refused by the contract; the store is unchanged)' : '');
      return;
    }
    const key = stateKey(req);
    if (issuing) {
      const parsed = (await parseRequestBody(req.headers['content-type'], body)) as { app?: unknown } | null;
      const tenant = req.headers['x-tenant-id'];
      const answer =
        operation.operationId === 'getSubAppJwks'
          ? await tokens.jwks()
          : {
              code: 0,
              msg: 'success',
              data: await tokens.issue({
                app: String(parsed?.app),
                user: state.userId(key),
                tenant: typeof tenant === 'string' ? tenant : '',
              }),
            };
      const contentType =
        operation.operationId === 'getSubAppJwks' ? 'application/jwk-set+json' : 'application/json';
      sendJson(res, 200, answer, {
        ...(mockHeaders() as Record<string, string>),
        'Content-Type': `${contentType}; charset=utf-8`,
        'Cache-Control': 'no-store',
        ...(operation.operationId === 'getSubAppJwks' ? corsHeaders : {}),
      });
      logLine(200, ` [session ${key}]`);
      return;
    }
    const answer = state.handle({
      operation,
      key,
      path,
      query: url.searchParams,
      body: await parseRequestBody(req.headers['content-type'], body),
      tenant: typeof req.headers['x-tenant-id'] === 'string' ? req.headers['x-tenant-id'] : undefined,
      origin: requestOrigin(req),
    });
    if (!answer) {
      relayVerdict();
      return;
    }
    if (answer.violation)
      warn(`[state] ${method} ${url.pathname}: the answer breaks the contract: ${answer.violation}`);
    const localised: unknown = JSON.parse(
      localiseStaticUrls(JSON.stringify(answer.body), requestOrigin(req)),
    );
    sendJson(res, answer.status, localised, {
      ...mockHeaders(),
      'X-Mock-Session': key,
      'X-Mock-State': answer.violation ? 'violation' : 'stored',
      // CORS as Prism would have answered it.
      ...Object.fromEntries(
        Object.entries(verdict.headers).filter(
          (entry): entry is [string, string] =>
            entry[0].startsWith('access-control-') && typeof entry[1] === 'string',
        ),
      ),
    });
    logLine(answer.status, ` [session ${key}]`);
  };

  const handleMock = controlRoutes({
    state,
    hub,
    tokens,
    prisms,
    contracts,
    dynamic,
    chosenScenario,
    stateKey,
  });

  const handleRequest = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const service = serviceOf(url.pathname);
    if (service) {
      await proxyToPrism(req, res, url, service);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/sso/authorize') {
      handleAuthorize(req, res, url, requestSession(req) ? undefined : sessionCookie(newSessionId()));
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/sso/logout') {
      handleLogout(req, res, url);
      return true;
    }
    return url.pathname.startsWith('/__mock/') && (await handleMock(req, res, url));
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean => {
    if (url.pathname !== REALTIME_PATH) return false;
    hub.handleUpgrade(req, socket, head, stateKey(req));
    return true;
  };

  let server: GatewayServer;
  try {
    server = await startGatewayServer(
      { request: handleRequest, upgrade: handleUpgrade },
      { port: options.port, host: options.host, warn },
    );
  } catch (error) {
    await prisms.stop();
    throw error;
  }

  /**
   * The first call of a session's first page paid ~100–250 ms per Prism (its first answer to an
   * operation) and the state layer's Ajv set-up and compiles: both are paid here, in the
   * background, without a session (nothing is stored). One GET per Prism, then every 2xx
   * validator of the operations the state layer answers, a macrotask apart so the gateway
   * keeps answering meanwhile.
   */
  const warmUp = async () => {
    const credential = prismAuthorization('Basic warm-up');
    await Promise.all(
      serviceDocuments.map(async (service) => {
        const prism = prisms.available(service);
        // A request Prism accepts (an invalid one would print its validation warnings): an
        // operation without a body, a parameterless GET first, path parameters filled in.
        const bodiless = contracts.operations(service).filter((o) => o.operation.requestBody === undefined);
        const op = bodiless.find((o) => o.method === 'GET' && !o.template.includes('{')) ?? bodiless[0];
        if (!('port' in prism) || !op) return;
        const path = op.template.replace(/\{[^}]+\}/g, 'warm-up');
        const headers = { authorization: credential, 'x-tenant-id': 'warm-up' };
        await askPrism(prism.port, op.method, path, headers, Buffer.alloc(0)).catch(() => undefined);
      }),
    );
    for (const op of contracts.allOperations()) {
      if (stopping) return;
      if (!state.handles(op)) continue;
      for (const status of state.contracts.documentedStatuses(op).filter((s) => /^2\d\d$/.test(s))) {
        await new Promise((resolve) => setImmediate(resolve));
        state.contracts.check(op, Number(status), null);
      }
    }
  };

  const stop = () => {
    stopping ??= (async () => {
      await hub.close();
      await server.close();
      await prisms.stop();
      state.close();
    })();
    return stopping;
  };

  if (options.warm) warmUp().catch((error: unknown) => warn(`[mock] warm-up: ${String(error)}`));

  const url = server.url;
  log(`[mock] gateway on ${url}${dynamic ? ` (dynamic responses, seed ${options.dynamicSeed})` : ''}`);
  return {
    url,
    port: server.port,
    get pids() {
      return prisms.pids;
    },
    pid: (service) => prisms.pid(service),
    stop,
  };
}
