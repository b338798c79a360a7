/**
 * The integration gateway's live checks: every request the app sends, every answer the
 * upstream gives and every socket frame either side sends, checked against the contracts with
 * the conformance checker's own rules (`Findings.checkResponse`, `ContractView.checkRequest`,
 * `FrameChecker`) and finding kinds — one implementation, shared with `contract:verify`.
 *
 * Each violation is printed once in the terminal (with a curl line, credentials as
 * `$VERIFY_TOKEN`), every occurrence goes to the listeners (the in-app list of a dev build),
 * and the report keeps the first of each with the route the user was on, when, and how often.
 */
import {
  curl,
  Findings,
  FrameChecker,
  type Finding,
  type Received,
  type SentRequest,
  type Warning,
} from '@zhique/workbench-contract-verify';
import {
  ContractView,
  type ArrivedRequest,
  type OperationInfo,
  type ServiceName,
} from '@zhique/workbench-contracts/reader';
import { ContractIndex } from '../contracts';
import { redactJsonText, redactUrl } from './har';

/** Which side left the contract: the app's request or frame, or the server's answer or frame. */
export type Side = 'client' | 'server';

export interface LiveFinding extends Finding {
  side: Side;
  /** The app's route when it happened (the page's path, from the request's Referer). */
  route: string;
  /** When it was first seen (ISO 8601). */
  time: string;
  /** How many times it was seen. */
  occurrences: number;
}

export interface LiveSummary {
  operationId: string;
  method: string;
  path: string;
  requests: number;
  findings: number;
}

export interface LiveReport {
  upstream: string;
  mode: 'upstream' | 'replay';
  startedAt: string;
  ms: number;
  requests: number;
  socketFrames: number;
  operations: LiveSummary[];
  findings: LiveFinding[];
  warnings: Warning[];
}

/** The route a request was made from: the path of its Referer (credentials in its query redacted), else `(unknown)`. */
export function routeOf(referer: string | undefined): string {
  if (!referer) return '(unknown)';
  try {
    const url = new URL(redactUrl(referer));
    return `${url.pathname}${url.search}`;
  } catch {
    return '(unknown)';
  }
}

const SECRET_SCHEME = /^(?:(?:basic|bearer)\s+)?(\S+)\s*$/i;

/** A request body as a report shows it: credentials of JSON and form bodies redacted. */
function redactBody(text: string, contentType: string): string {
  if (/x-www-form-urlencoded/i.test(contentType))
    return redactUrl(`http://body.invalid/?${text}`).split('?')[1] ?? '';
  return redactJsonText(text, 'request');
}

export class LiveChecks {
  readonly contracts = new ContractView();
  /** Which operation a call hits: the mock's own index (re-read when a document changes, kept while one is half-saved). */
  private readonly index = new ContractIndex();
  private readonly frames = new FrameChecker();
  private readonly findings: Findings;
  private readonly live = new Map<string, LiveFinding>();
  private readonly operations = new Map<string, LiveSummary>();
  private readonly listeners = new Set<(finding: LiveFinding) => void>();
  private readonly started = Date.now();
  private socketFrames = 0;
  /** Context of the check under way (checks are synchronous: set, check, clear). */
  private context?: { side: Side; route: string };

  constructor(
    private readonly options: {
      upstream: string;
      mode: LiveReport['mode'];
      /** A terminal line per new violation. */
      print: (lines: string) => void;
      /** Answers slower than this are warnings (contract:verify's default). */
      slowMs?: number;
    },
  ) {
    this.findings = new Findings(options.slowMs ?? 2_000, [], (finding, first) => this.heard(finding, first));
  }

  /** Hears every occurrence of every violation (the in-app feed); returns the unsubscribe. */
  subscribe(listener: (finding: LiveFinding) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The operation a request under /api/<service> hits, if the contract has one. */
  operation(service: ServiceName, method: string, path: string): OperationInfo | undefined {
    return this.index.match(service, method, path);
  }

  /**
   * What the report and the curl line show of a request: the upstream's URL, the headers that
   * matter to the contract (credentials become `$VERIFY_TOKEN` when printed), the body as text.
   */
  describeRequest(
    method: string,
    url: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): SentRequest {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || !/^(authorization|x-tenant-id|content-type|accept|prefer)$/i.test(name))
        continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      kept[name.toLowerCase()] = text;
      const secret = name.toLowerCase() === 'authorization' ? SECRET_SCHEME.exec(text)?.[1] : undefined;
      if (secret) this.findings.addSecret(secret);
    }
    const contentType = kept['content-type'] ?? '';
    const textual = !body.length || /json|text|x-www-form-urlencoded/i.test(contentType);
    // Credentials in the query or the body (a password, a sign-in code) never reach a report.
    return {
      method,
      url: redactUrl(url),
      headers: kept,
      ...(body.length > 0 && {
        body: /^multipart\//i.test(contentType)
          ? '(multipart form)'
          : textual
            ? redactBody(body.toString('utf8'), contentType)
            : `(${body.length} bytes of ${contentType || 'binary'})`,
      }),
    };
  }

  /** The app's request against the operation: parameters and body (a finding of the client's side). */
  checkRequest(op: OperationInfo, sent: SentRequest, arrived: ArrivedRequest, route: string): void {
    this.count(op);
    const problems = this.contracts.checkRequest(op, arrived);
    if (!problems.length) return;
    this.within('client', route, () => {
      for (const problem of problems)
        this.findings.add(
          op.operationId,
          'request_conformance',
          problem.message,
          sent,
          'a request as the contract describes it',
          sent.body ?? `${sent.method} ${sent.url}`,
          problem.field,
        );
    });
  }

  /** A call the contract has no operation for (`GET /api/workbench/nothing`): the app's side. */
  undocumentedCall(name: string, sent: SentRequest, route: string): void {
    this.within('client', route, () =>
      this.findings.add(
        name,
        'request_conformance',
        'no operation of the contracts has this method and path',
        sent,
        'a documented operation',
        `${sent.method} ${sent.url}`,
      ),
    );
  }

  /** The upstream's answer: documented status, content type, envelope, body schema (the server's side). */
  checkAnswer(op: OperationInfo, sent: SentRequest, received: Received, route: string): void {
    // 304: the browser's own cache revalidation, not an answer of the contract's.
    if (received.status === 304) return;
    // What a report shows of the answer has its credentials (an id_token) redacted; the check reads it whole.
    const shown = { ...received, text: redactJsonText(received.text, 'answer') };
    this.within('server', route, () => this.findings.checkResponse(this.contracts, op, sent, shown));
  }

  /** A socket frame: the server's against its messages, the app's against the register message. */
  checkFrame(side: Side, frame: unknown, sent: SentRequest, route: string): void {
    this.socketFrames += 1;
    const problem = side === 'server' ? this.frames.serverFrame(frame) : this.frames.clientFrame(frame);
    if (!problem) return;
    this.within(side, route, () =>
      this.findings.add(
        problem.operationId,
        side === 'server' ? 'socket_frame_conformance' : 'request_conformance',
        problem.message,
        { ...sent, body: typeof frame === 'string' ? frame : JSON.stringify(frame) },
        problem.expected,
        typeof frame === 'string' ? frame : JSON.stringify(frame),
        problem.field,
      ),
    );
  }

  /** A frame that is not JSON at all: off the contract whichever side sent it. */
  unreadableFrame(side: Side, text: string, sent: SentRequest, route: string): void {
    this.socketFrames += 1;
    this.within(side, route, () =>
      this.findings.add(
        side === 'server' ? this.frames.ids.event : this.frames.ids.ack,
        side === 'server' ? 'socket_frame_conformance' : 'request_conformance',
        'a frame that is not JSON',
        { ...sent, body: text },
        'a JSON frame of the AsyncAPI contract',
        text,
        '(frame)',
      ),
    );
  }

  report(): LiveReport {
    return {
      upstream: this.options.upstream,
      mode: this.options.mode,
      startedAt: new Date(this.started).toISOString(),
      ms: Date.now() - this.started,
      requests: [...this.operations.values()].reduce((sum, op) => sum + op.requests, 0),
      socketFrames: this.socketFrames,
      operations: [...this.operations.values()],
      findings: [...this.live.values()],
      warnings: this.findings.warnings,
    };
  }

  private count(op: OperationInfo): void {
    const summary = this.operations.get(op.operationId) ?? {
      operationId: op.operationId,
      method: op.method,
      path: `/api/${op.service}${op.template}`,
      requests: 0,
      findings: 0,
    };
    summary.requests += 1;
    this.operations.set(op.operationId, summary);
  }

  private within(side: Side, route: string, check: () => void): void {
    this.context = { side, route };
    try {
      check();
    } finally {
      this.context = undefined;
    }
  }

  private heard(finding: Finding, first: boolean): void {
    const { side, route } = this.context ?? { side: 'server' as const, route: '(unknown)' };
    const key = `${finding.operationId}|${finding.kind}|${finding.message}`;
    const known = this.live.get(key);
    const live: LiveFinding = known ?? {
      ...finding,
      side,
      route,
      time: new Date().toISOString(),
      occurrences: 0,
    };
    live.occurrences += 1;
    if (!known) {
      this.live.set(key, live);
      const summary = this.operations.get(finding.operationId);
      if (summary) summary.findings += 1;
    }
    if (first) this.options.print(terminalLines(live));
    const occurrence: LiveFinding = { ...live, route, time: new Date().toISOString() };
    for (const listener of this.listeners) listener(occurrence);
  }
}

/** A violation as the terminal shows it: who broke what, where, and how to send the call again. */
function terminalLines(finding: LiveFinding): string {
  const who = finding.side === 'server' ? 'the server' : 'the app';
  const actual =
    typeof finding.actual === 'string'
      ? finding.actual.slice(0, 300)
      : `${finding.actual.status ?? ''} ${finding.actual.body.slice(0, 300)}`;
  return [
    `[contract] ✘ ${finding.operationId}: ${who} left the contract (${finding.kind}) on ${finding.route}`,
    `    ${finding.message}${finding.field ? `  [field ${finding.field}]` : ''}`,
    `    expected: ${finding.expected}`,
    `    actual:   ${actual}`,
    `    reproduce: ${finding.request.method === 'WEBSOCKET' ? curl(finding.request) : finding.curl}`,
  ].join('\n');
}
