/**
 * The three API services (/api/workbench, /api/message, /api/rbac): each request goes to its
 * service's Prism (validation, security, the scenario's example); where the state layer or the
 * sub-app token issuer answers an operation, Prism's answer is only the verdict on the request.
 * The gateway's guards run first (guard.ts). Also the warm-up that pays each Prism's first
 * answer and the state layer's validators before anyone waits for them.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { serviceDocuments, type ServiceName } from '@zhique/workbench-contracts/reader';
import { ContractIndex, mergePrefer } from './contracts';
import { HOP_BY_HOP } from './gateway/server';
import {
  bodyProblem,
  isJsonType,
  MAX_BODY_BYTES,
  MAX_JSON_BYTES,
  RETRY_AFTER_SECONDS,
  safeHeaders,
} from './guard';
import { BodyTooLarge, corsHeaders, readBody, sendJson } from './http';
import type { PrismServices } from './prism-services';
import { scenarioOf, stateKeyOf } from './request-scope';
import type { StateLayer } from './state';
import { parseRequestBody, requestOrigin } from './state/routes';
import { localiseStaticUrls } from './static-images';
import type { SubAppTokenIssuer } from './sub-app-tokens';

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

/** The service a path belongs to, if any. */
export function serviceOf(pathname: string): ServiceName | undefined {
  return serviceDocuments.find((s) => pathname === `/api/${s}` || pathname.startsWith(`/api/${s}/`));
}

export interface ApiServicesOptions {
  contracts: ContractIndex;
  prisms: PrismServices;
  state: StateLayer;
  tokens: SubAppTokenIssuer;
  /** Prism generates the answers from the schemas (no scenario, no state layer). */
  dynamic: boolean;
  warn: (line: string) => void;
  /** A line per request when the request log is on. */
  requestLog: (line: string) => void;
}

export function apiServices({
  contracts,
  prisms,
  state,
  tokens,
  dynamic,
  warn,
  requestLog,
}: ApiServicesOptions) {
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
  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL, service: ServiceName) => {
    const path = url.pathname.slice(`/api/${service}`.length) || '/';
    const scenario = scenarioOf(req);
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
            stateKeyOf(req),
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
    const key = stateKeyOf(req);
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

  /**
   * The first call of a session's first page paid ~100–250 ms per Prism (its first answer to an
   * operation) and the state layer's Ajv set-up and compiles: both are paid here, in the
   * background, without a session (nothing is stored). One GET per Prism, then every 2xx
   * validator of the operations the state layer answers, a macrotask apart so the gateway
   * keeps answering meanwhile.
   */
  const warmUp = async (stopping: () => boolean) => {
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
      if (stopping()) return;
      if (!state.handles(op)) continue;
      for (const status of state.contracts.documentedStatuses(op).filter((s) => /^2\d\d$/.test(s))) {
        await new Promise((resolve) => setImmediate(resolve));
        state.contracts.check(op, Number(status), null);
      }
    }
  };

  return { handle, warmUp };
}
