/**
 * One conformance run against a server: every operation of the three documents, checked
 * the way Schemathesis checks an API, plus the checks this contract family needs.
 *
 * Per operation (GET only unless `allowWrites`):
 * 1. positive requests: the documented example, both boundary edges, and `maxExamples`
 *    property-based ones (fast-check, seeded; a failing one is shrunk to the smallest);
 *    each answer is checked (findings.ts); a refusal of valid data is a warning;
 * 2. negative requests (plan.ts): each must be refused — a documented 4xx or an error code;
 * 3. hostile requests (plan.ts `hostileRequests`, issue 28): an unknown property named outside
 *    Latin-1 and one with a 10,000-character name, a body that is not UTF-8, JSON nested 10,000
 *    deep, 16 MiB of JSON, an unknown query parameter named outside Latin-1 with a Latin-1 header
 *    value: never a 5xx; refused (a documented 4xx or 413) where the contract forbids them; and
 *    after each the server must still answer a known-good read of that service, or it is
 *    reported as `stopped_answering` (the run waits up to 30 s for it to come back, else stops);
 * 4. authentication: no credential, a malformed one and (when given) an expired one must get
 *    the session-expiry answer of SPEC §8; without X-Tenant-Id a tenant-scoped call must fail;
 *    another tenant's id must not be answered (tenant isolation).
 * Then, with `allowWrites`, the create → read → update → read → delete → read sequences
 * of the documents' links, every method the contract does not document on each documented path
 * (405 with `Allow` expected, Schemathesis' `unsupported_method`; each followed by the same
 * liveness read), and finally the realtime socket.
 */
import fc from 'fast-check';
import { ContractView } from '@zhique/workbench-contracts/reader';
import {
  listOperations,
  serviceDocuments,
  type OperationInfo,
  isObject,
  type Json,
  type JsonObject,
  type ServiceName,
} from '@zhique/workbench-contracts/reader';
import {
  send,
  sendBare,
  serviceClients,
  type CallSpec,
  type Received,
  type RequestBody,
  type SentRequest,
} from './client';
import {
  Findings,
  isExpiryAnswer,
  isSuccess,
  type Finding,
  type FindingKind,
  type Warning,
} from './findings';
import {
  baseHeaders,
  boundaryValues,
  exampleValues,
  hostileRequests,
  negativeRequests,
  PROBED_METHODS,
  requestArbitrary,
  shapeOf,
  takesInput,
  toCall,
  type Credentials,
  type OperationShape,
  type RequestValues,
} from './plan';
import {
  findRecord,
  mismatches,
  sequencesOf,
  stepValues,
  uniquify,
  evaluate,
  type Sequence,
} from './sequences';
import { checkSocket } from './socket';

export interface RunOptions {
  upstream: string;
  credentials: Credentials;
  /** A token the server knows to be expired (checked only when given). */
  expiredToken?: string;
  /** A tenant the credential does not belong to (tenant isolation). */
  otherTenant: string;
  allowWrites: boolean;
  operations?: string[];
  seed: number;
  maxExamples: number;
  /** Requests per second at most (0: as fast as the server answers). */
  rate: number;
  timeoutMs: number;
  slowMs: number;
  /** The socket: how long to wait for frames; `false` skips it. */
  socketWaitMs: number | false;
  uid?: string;
  /**
   * The folder of the documents to check against (workbench.yaml, message.yaml, rbac.yaml,
   * shared.yaml, realtime.asyncapi.yaml); the installed contracts package's by default.
   */
  contractsDir?: string;
  log?: (line: string) => void;
}

/** How long the run waits for a server that stopped answering to come back. */
const RECOVERY_MS = 30_000;

/** A problem with how the run was asked for (exit code 2), not a finding about the server. */
export class UsageError extends Error {}

interface OperationSummary {
  operationId: string;
  method: string;
  path: string;
  requests: number;
  findings: number;
}

export interface RunReport {
  upstream: string;
  seed: number;
  findings: Finding[];
  warnings: Warning[];
  operations: OperationSummary[];
  requests: number;
  socketFrames: number;
  ms: number;
}

export async function runConformance(options: RunOptions): Promise<RunReport> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const contracts = new ContractView(options.contractsDir);
  const findings = new Findings(options.slowMs, [options.credentials.token, options.expiredToken ?? '']);
  const clients = serviceClients(options.upstream);
  const all = serviceDocuments.flatMap((service) => listOperations(contracts.documents, service));
  const byId = new Map(all.map((op) => [op.operationId, op]));
  const unknown = (options.operations ?? []).filter((id) => !byId.has(id));
  if (unknown.length)
    throw new UsageError(`--operation names no operation of the contracts: ${unknown.join(', ')}`);
  // `x-conformance` in the documents: `safe: true` marks a POST that only reads (checked in
  // read-only runs too); `unsafe: <why>` an operation no run sends generated data to.
  const mark = (op: OperationInfo) =>
    isObject(op.operation['x-conformance']) ? op.operation['x-conformance'] : {};
  const reads = (op: OperationInfo) => op.method === 'GET' || op.method === 'HEAD' || mark(op).safe === true;
  const chosen = all
    .filter((op) => !options.operations?.length || options.operations.includes(op.operationId))
    .filter((op) => options.allowWrites || reads(op))
    .filter((op) => {
      const why = mark(op).unsafe;
      if (typeof why !== 'string') return true;
      findings.warn({ operationId: op.operationId, kind: 'not_checked', message: `not sent: it ${why}` });
      return false;
    })
    // Reads first: the writes of a run then cannot change what the reads were checked against.
    .sort((a, b) => Number(!reads(a)) - Number(!reads(b)));
  const summaries = new Map<string, OperationSummary>();
  let requests = 0;
  let lastSent = 0;
  const tag = (options.seed >>> 0).toString(36).slice(-4) + Date.now().toString(36).slice(-3);

  const call = async (
    op: OperationInfo,
    spec: CallSpec,
  ): Promise<{ sent: SentRequest; received: Received }> => {
    if (options.rate > 0) {
      const wait = lastSent + 1000 / options.rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    lastSent = Date.now();
    requests += 1;
    const summary = summaries.get(op.operationId);
    if (summary) summary.requests += 1;
    return send(clients, spec, options.timeoutMs);
  };

  const headers = baseHeaders(options.credentials);

  /** Sends a request that must not succeed: a success is a finding of `kind`. */
  const mustFail = async (
    op: OperationInfo,
    spec: CallSpec,
    kind: FindingKind,
    what: string,
    expected: string,
  ) => {
    const { sent, received } = await call(op, spec);
    if (findings.checkResponse(contracts, op, sent, received) && isSuccess(received))
      findings.add(
        op.operationId,
        kind,
        `${what}: answered ${received.status} with success`,
        sent,
        expected,
        received,
      );
  };

  const positive = async (shape: OperationShape, values: RequestValues, record = true): Promise<boolean> => {
    const { sent, received } = await call(shape.op, toCall(shape, values, headers));
    const target = record ? findings : new Findings(options.slowMs, [options.credentials.token]);
    const ok = target.checkResponse(contracts, shape.op, sent, received);
    if (ok && record && !isSuccess(received))
      target.warn({
        operationId: shape.op.operationId,
        kind: 'positive_data_refused',
        message: `valid data answered ${received.status} ${received.text.slice(0, 120)}`,
        curl: undefined,
      });
    return ok;
  };

  // The credential must work, or every check below would pass for the wrong reason.
  const preflight = await clients.workbench.GET('/userconfig/v2/info', {
    headers: baseHeaders(options.credentials),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!preflight.response.ok || preflight.data?.code !== 0)
    throw new UsageError(
      `the credential does not work: GET /api/workbench/userconfig/v2/info answered ${preflight.response.status} ` +
        `${JSON.stringify(preflight.error ?? preflight.data ?? '').slice(0, 160)} (give --token and --tenant)`,
    );
  const me = preflight.data.data;
  const identity = { tenant: options.credentials.tenant, uid: options.uid ?? me.gid };

  // A known-good read per service (the first read whose example answers with success, GETs
  // without parameters first): after each hostile request the server must still answer it.
  const probes = new Map<ServiceName, { spec: CallSpec; what: string }>();
  for (const service of serviceDocuments) {
    const candidates = all
      .filter((op) => op.service === service && reads(op))
      .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const op of candidates) {
      const shape = shapeOf(contracts.documents, op, identity);
      const spec = toCall(shape, exampleValues(shape), headers);
      requests += 1;
      const { received } = await send(clients, spec, options.timeoutMs);
      if (!isSuccess(received)) continue;
      probes.set(service, { spec, what: `${op.method} /api/${service}${op.template} (${op.operationId})` });
      break;
    }
    if (!probes.has(service))
      findings.warn({
        operationId: service,
        kind: 'not_checked',
        message: `no read of /api/${service} answered its example with success: nothing tells whether it still answers after a hostile request`,
      });
  }
  /** Whether the service still answers its known-good read (any status below 500, in time). */
  const stillAnswers = async (service: ServiceName) => {
    const probe = probes.get(service);
    if (!probe) return { ok: true, said: '' };
    requests += 1;
    const { received } = await send(clients, probe.spec, Math.min(options.timeoutMs, 10_000));
    const ok = received.status !== undefined && received.status < 500;
    return { ok, said: `${probe.what} ${received.error ?? `answered ${received.status}`}` };
  };
  let serverDown = false;
  /**
   * After a hostile request: the service must still answer. When it does not, that is the
   * finding (the request, its curl line, what the read got); the run waits for the server to
   * come back (a supervisor may restart it) and stops when it does not within RECOVERY_MS.
   */
  const survived = async (op: OperationInfo, sent: SentRequest, received: Received, what: string) => {
    const first = await stillAnswers(op.service);
    if (first.ok) return true;
    const since = Date.now();
    let back = false;
    while (!back && Date.now() - since < RECOVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      back = (await stillAnswers(op.service)).ok;
    }
    findings.add(
      op.operationId,
      'stopped_answering',
      `${what}: afterwards ${first.said}; ` +
        (back
          ? `it answered again ${Math.round((Date.now() - since) / 1000)} s later`
          : `it did not answer again within ${RECOVERY_MS / 1000} s, so the run stops here`),
      sent,
      `the server still answers ${probes.get(op.service)?.what ?? 'a known-good read'}`,
      received,
    );
    if (!back) serverDown = true;
    return false;
  };

  // Sequences first (writes only), on a server no generated write has touched yet.
  if (options.allowWrites) {
    const resolve = (node: Json | undefined, file: string) => contracts.documents.deref(node, file)?.value;
    for (const sequence of sequencesOf(all, resolve)) {
      if (options.operations?.length && !options.operations.includes(sequence.create.operationId)) continue;
      await runSequence(sequence);
    }
  }

  for (const op of chosen) {
    if (serverDown) break;
    summaries.set(op.operationId, {
      operationId: op.operationId,
      method: op.method,
      path: op.template,
      requests: 0,
      findings: 0,
    });
    const before = findings.findings.length;
    const shape = shapeOf(contracts.documents, op, identity);
    log(`${op.method} ${op.service}${op.template} (${op.operationId})`);

    // 1. Positive: example, boundaries, property-based (shrunk on failure).
    await positive(shape, exampleValues(shape));
    if (takesInput(shape)) {
      for (const values of boundaryValues(shape)) await positive(shape, values);
      if (options.maxExamples > 0) {
        const result = await fc.check(
          fc.asyncProperty(requestArbitrary(shape), (values) => positive(shape, values, false)),
          { seed: options.seed, numRuns: options.maxExamples, interruptAfterTimeLimit: 30_000 },
        );
        if (result.failed && result.counterexample) await positive(shape, result.counterexample[0]);
      }
    }

    // 2. Negative: each must be refused.
    for (const negative of negativeRequests(shape)) {
      const spec = toCall(shape, negative.values, headers, negative.raw as RequestBody | undefined);
      await mustFail(op, spec, 'negative_data_rejection', negative.what, 'a documented 4xx or an error code');
    }

    // 3. Hostile requests: answered without a 5xx (refused where the contract forbids them), and
    // the server still answers afterwards. A body too large may be refused with 413 whatever
    // the contract lists.
    for (const hostile of hostileRequests(shape)) {
      if (serverDown) break;
      const spec = toCall(shape, hostile.values, { ...headers, ...hostile.headers }, hostile.raw);
      const { sent, received } = await call(op, spec);
      if (!(await survived(op, sent, received, hostile.what))) continue;
      if (received.status === 413) continue;
      if (findings.checkResponse(contracts, op, sent, received) && hostile.mustRefuse && isSuccess(received))
        findings.add(
          op.operationId,
          'negative_data_rejection',
          `${hostile.what}: answered ${received.status} with success`,
          sent,
          'a documented 4xx (or 413)',
          received,
        );
    }
    if (serverDown) break;

    // 4. Authentication and tenant isolation.
    if (contracts.secured(op)) {
      const example = exampleValues(shape);
      const credentials: [string, Record<string, string>][] = [
        ['no credential', { 'X-Tenant-Id': options.credentials.tenant }],
        [
          'a malformed credential (Bearer scheme)',
          { ...headers, Authorization: `Bearer ${options.credentials.token}` },
        ],
        ['a malformed credential (empty)', { ...headers, Authorization: 'Basic' }],
      ];
      if (options.expiredToken)
        credentials.push([
          'an expired credential',
          { ...headers, Authorization: `Basic ${options.expiredToken}` },
        ]);
      for (const [what, variant] of credentials) {
        const { sent, received } = await call(op, toCall(shape, example, variant));
        if (!findings.checkResponse(contracts, op, sent, received)) continue;
        if (isSuccess(received))
          findings.add(
            op.operationId,
            'ignored_auth',
            `${what}: answered ${received.status} with success`,
            sent,
            'the session-expiry answer (SPEC §8)',
            received,
          );
        else if (!isExpiryAnswer(received))
          findings.add(
            op.operationId,
            'session_expiry_answer',
            `${what}: answered ${received.status} without a session-expiry code`,
            sent,
            'HTTP 403, or an envelope code -2/-401/-403/-406/-407',
            received,
          );
      }
      if (contracts.tenantScoped(op)) {
        const { 'X-Tenant-Id': _tenant, ...noTenant } = headers;
        await mustFail(
          op,
          toCall(shape, example, noTenant),
          'missing_required_header',
          'no X-Tenant-Id',
          'a refusal',
        );
        if (reads(op)) {
          const other = { ...example, query: { ...example.query }, path: { ...example.path } };
          if ('tenant_link' in other.query) other.query.tenant_link = options.otherTenant;
          if ('tid' in other.path) other.path.tid = options.otherTenant;
          await mustFail(
            op,
            toCall(shape, other, { ...headers, 'X-Tenant-Id': options.otherTenant }),
            'tenant_isolation',
            `tenant ${options.otherTenant}, which the credential does not belong to (security)`,
            'a refusal (403 or an error code)',
          );
          // The common leak: the caller's own tenant in the header, another one in the request.
          if ('tenant_link' in example.query || 'tid' in example.path)
            await mustFail(
              op,
              toCall(shape, other, headers),
              'tenant_isolation',
              `own X-Tenant-Id but tenant ${options.otherTenant} in the request (security)`,
              'a refusal (403 or an error code)',
            );
        }
      }
    }
    summaries.get(op.operationId)!.findings += findings.findings.length - before;
  }

  async function runSequence(sequence: Sequence): Promise<void> {
    const createShape = shapeOf(contracts.documents, sequence.create, identity);
    log(`sequence from ${sequence.create.operationId}: ${sequence.steps.map((s) => s.target).join(', ')}`);
    const values = exampleValues(createShape);
    values.body = uniquify(values.body, createShape.body?.schema, tag);
    const created = await call(sequence.create, toCall(createShape, values, headers));
    if (!findings.checkResponse(contracts, sequence.create, created.sent, created.received)) return;
    if (!isSuccess(created.received)) {
      findings.add(
        sequence.create.operationId,
        'positive_data_acceptance',
        `the sequence's creation (the documented example) was refused with ${created.received.status}`,
        created.sent,
        'a success',
        created.received,
      );
      return;
    }
    const context = { request: values.body as Json, response: created.received.json as Json };
    const sentBodies: JsonObject[] = [isObjectJson(values.body) ? values.body : {}];

    const runStep = async (
      stepName: 'read' | 'update' | 'delete',
      phase: 'created' | 'updated' | 'deleted',
    ) => {
      for (const step of sequence.steps.filter((s) => s.step === stepName)) {
        const target = byId.get(step.target);
        if (!target) continue;
        const shape = shapeOf(contracts.documents, target, identity);
        const stepHeaders =
          step.tenant !== undefined
            ? { ...headers, 'X-Tenant-Id': String(evaluate(step.tenant, context)) }
            : headers;
        const stepValuesNow = stepValues(shape, step, context, tag);
        const { sent, received } = await call(target, toCall(shape, stepValuesNow, stepHeaders));
        if (!findings.checkResponse(contracts, target, sent, received)) continue;
        if (stepName !== 'read') {
          if (!isSuccess(received))
            findings.add(
              target.operationId,
              'positive_data_acceptance',
              `sequence ${step.name}: the ${stepName} of a record the run created was refused with ${received.status}`,
              sent,
              'a success',
              received,
            );
          else if (stepName === 'update' && isObjectJson(stepValuesNow.body))
            sentBodies.push(stepValuesNow.body);
          continue;
        }
        if (!step.find) continue;
        const key = String(evaluate(step.find.value, context));
        const found = isSuccess(received)
          ? findRecord(received.json, step.find.field, evaluate(step.find.value, context) ?? null)
          : undefined;
        if (phase === 'deleted') {
          if (found)
            findings.add(
              target.operationId,
              'use_after_free',
              `${step.name}: still finds ${step.find.field} ${key} after it was deleted`,
              sent,
              'not found',
              received,
            );
          continue;
        }
        if (!found) {
          findings.add(
            target.operationId,
            'ensure_resource_availability',
            `${step.name}: does not find ${step.find.field} ${key} after it was ${phase}`,
            sent,
            `a record with ${step.find.field} ${key}`,
            received,
          );
          continue;
        }
        const latest = phase === 'updated' ? sentBodies.slice(1) : sentBodies.slice(0, 1);
        const stale = latest.flatMap((body) => mismatches(found, body, step.find!.field));
        if (stale.length)
          findings.add(
            target.operationId,
            phase === 'updated' ? 'update_not_applied' : 'ensure_resource_availability',
            `${step.name}: ${stale.join('; ')}`,
            sent,
            'what was sent',
            received,
          );
      }
    };
    await runStep('read', 'created');
    await runStep('update', 'updated');
    await runStep('read', 'updated');
    if (sequence.steps.some((s) => s.step === 'delete')) {
      await runStep('delete', 'deleted');
      await runStep('read', 'deleted');
    }
  }

  // Undocumented methods on documented paths (writes only: a DELETE is a DELETE): 405 with an
  // `Allow` naming every documented method; a success is Schemathesis' `unsupported_method`.
  if (options.allowWrites) {
    const byPath = new Map<string, OperationInfo[]>();
    for (const op of all) {
      const key = `${op.service} ${op.template}`;
      byPath.set(key, [...(byPath.get(key) ?? []), op]);
    }
    for (const ops of byPath.values()) {
      const first = ops.find((op) => chosen.includes(op));
      if (!first || serverDown) continue;
      const documented = ops.map((op) => op.method);
      const shape = shapeOf(contracts.documents, first, identity);
      const example = exampleValues(shape);
      const path = first.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const value = example.path[name];
        return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value ?? 'conformance'));
      });
      const url = `${options.upstream.replace(/\/$/, '')}/api/${first.service}${path}`;
      log(`undocumented methods on ${first.service}${first.template} (documented: ${documented.join(', ')})`);
      for (const method of PROBED_METHODS.filter((m) => !documented.includes(m))) {
        if (serverDown) break;
        requests += 1;
        summaries.get(first.operationId)!.requests += 1;
        const { sent, received } = await sendBare(url, method, headers, options.timeoutMs);
        const what = `${method} ${first.template}, which the contract does not document`;
        const before = findings.findings.length;
        const expected = `405 with Allow: ${documented.join(', ')}`;
        if (!(await survived(first, sent, received, what))) {
          summaries.get(first.operationId)!.findings += findings.findings.length - before;
          continue;
        }
        if (received.error || received.status === undefined)
          findings.add(
            first.operationId,
            'no_answer',
            `${what}: ${received.error ?? 'no answer'}`,
            sent,
            expected,
            received,
          );
        else if (received.status >= 500)
          findings.add(
            first.operationId,
            'not_a_server_error',
            `${what}: HTTP ${received.status}`,
            sent,
            expected,
            received,
          );
        else if (received.status !== 405)
          findings.add(
            first.operationId,
            'unsupported_method',
            `${what}: answered ${received.status}${isSuccess(received) ? ' with success' : ''} instead of 405`,
            sent,
            expected,
            received,
          );
        else {
          const allow = (received.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
          const missing = documented.filter((m) => !allow.includes(m));
          if (received.allow === undefined)
            findings.add(
              first.operationId,
              'unsupported_method',
              `${what}: 405 without an Allow header`,
              sent,
              expected,
              received,
            );
          else if (missing.length)
            findings.add(
              first.operationId,
              'unsupported_method',
              `${what}: Allow "${received.allow}" does not name ${missing.join(', ')}`,
              sent,
              expected,
              received,
            );
        }
        summaries.get(first.operationId)!.findings += findings.findings.length - before;
      }
    }
  }

  // The socket.
  let socketFrames = 0;
  if (options.socketWaitMs !== false) {
    log('realtime socket');
    const uid = options.uid ?? me?.gid ?? 'u-conformance';
    const result = await checkSocket(
      {
        upstream: options.upstream,
        uid,
        waitMs: options.socketWaitMs,
        asyncapiFile: contracts.documents.documentPath('realtime.asyncapi'),
        trigger: async () => {
          // Only the mock stack has a push trigger (it says so at /__mock/health); a real server
          // is expected to send an event by itself within --socket-wait.
          const base = options.upstream.replace(/\/$/, '');
          try {
            const health = await fetch(`${base}/__mock/health`, { signal: AbortSignal.timeout(5_000) });
            const body = (await health.json()) as { services?: unknown };
            if (!health.ok || typeof body.services !== 'object') return false;
            const res = await fetch(`${base}/__mock/realtime/push`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ uid, title: '契约检查' }),
              signal: AbortSignal.timeout(5_000),
            });
            return res.ok;
          } catch {
            return false;
          }
        },
      },
      findings,
    );
    socketFrames = result.frames;
  }

  return {
    upstream: options.upstream,
    seed: options.seed,
    findings: findings.findings,
    warnings: findings.warnings,
    operations: [...summaries.values()],
    requests,
    socketFrames,
    ms: performance.now() - started,
  };
}

function isObjectJson(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
