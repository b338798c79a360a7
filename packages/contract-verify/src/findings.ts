/**
 * What the checker reports, and the checks every response goes through. The kinds
 * follow Schemathesis's checks where one fits (not_a_server_error, status_code_conformance,
 * content_type_conformance, response_schema_conformance, negative_data_rejection,
 * ignored_auth, missing_required_header, use_after_free, ensure_resource_availability,
 * unsupported_method) and add what this contract family needs (the envelope, session expiry,
 * tenant isolation, the socket) and what a shared server needs (stopped_answering: after a
 * hostile request the server no longer answers a known-good read).
 */
import type { ContractView, OperationInfo } from '@zhique/workbench-contracts/reader';
import { curl, TOKEN_VARIABLE, type Received, type SentRequest } from './client';

export type FindingKind =
  | 'no_answer'
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'envelope_conformance'
  | 'response_schema_conformance'
  | 'negative_data_rejection'
  | 'positive_data_acceptance'
  | 'ignored_auth'
  | 'session_expiry_answer'
  | 'missing_required_header'
  | 'tenant_isolation'
  | 'ensure_resource_availability'
  | 'update_not_applied'
  | 'use_after_free'
  | 'unsupported_method'
  | 'stopped_answering'
  | 'socket_frame_conformance'
  | 'socket_no_ack'
  | 'socket_no_event'
  /** The client left the contract (the integration gateway sees the app's own requests and frames). */
  | 'request_conformance';

export interface Finding {
  /** The OpenAPI operationId (the AsyncAPI operation for the socket). */
  operationId: string;
  kind: FindingKind;
  message: string;
  request: SentRequest;
  expected: string;
  actual: { status?: number; body: string } | string;
  curl: string;
  /** Where in the body or the request it broke (`/data/tenant_total`; several joined by commas). */
  field?: string;
}

export interface Warning {
  operationId: string;
  kind: 'slow_answer' | 'positive_data_refused' | 'not_checked';
  message: string;
  curl?: string;
}

/** Body codes that mean "session expired" (SPEC §8), besides HTTP 403. */
const EXPIRY_CODES = new Set([-2, -401, -403, -406, -407]);
const SUCCESS_CODES = new Set([0, 1008]);

const envelopeCode = (json: unknown): number | undefined =>
  typeof json === 'object' && json !== null && typeof (json as { code?: unknown }).code === 'number'
    ? (json as { code: number }).code
    : undefined;

/** 2xx with a success code (or no envelope at all). */
export function isSuccess(received: Received): boolean {
  if (received.status === undefined || received.status < 200 || received.status > 299) return false;
  const code = envelopeCode(received.json);
  return code === undefined || SUCCESS_CODES.has(code);
}

/** The documented session-expiry answer: HTTP 403, or an expiry code in the envelope. */
export function isExpiryAnswer(received: Received): boolean {
  if (received.status === 403) return true;
  const code = envelopeCode(received.json);
  return code !== undefined && EXPIRY_CODES.has(code);
}

export class Findings {
  readonly findings: Finding[] = [];
  readonly warnings: Warning[] = [];
  private seen = new Set<string>();

  /**
   * `secrets` (the tokens) never reach a report: they are written as `$VERIFY_TOKEN`.
   * `onFinding` hears every violation, repeats included (`first` is false for those), before
   * the list keeps the first of each: the integration gateway counts and shows them live.
   */
  constructor(
    private readonly slowMs: number,
    private readonly secrets: string[] = [],
    private readonly onFinding?: (finding: Finding, first: boolean) => void,
  ) {}

  /** A credential seen later (the integration gateway learns the app's tokens from its requests). */
  addSecret(secret: string): void {
    if (secret.length >= 4 && !this.secrets.includes(secret)) this.secrets.push(secret);
  }

  private redact<T>(value: T): T {
    let text = JSON.stringify(value);
    for (const secret of this.secrets.filter((s) => s.length >= 4))
      text = text.split(JSON.stringify(secret).slice(1, -1)).join(TOKEN_VARIABLE);
    return JSON.parse(text) as T;
  }

  add(
    operationId: string,
    kind: FindingKind,
    message: string,
    sent: SentRequest,
    expected: string,
    received?: Received | string,
    field?: string,
  ): void {
    const key = `${operationId}|${kind}|${message}`;
    const first = !this.seen.has(key);
    if (!first && !this.onFinding) return;
    this.seen.add(key);
    const actual =
      typeof received === 'string' || received === undefined
        ? (received ?? '')
        : received.error
          ? received.error
          : { status: received.status, body: received.text.slice(0, 500) };
    // The curl line is built from the redacted request, so the shell expands the variable.
    const redacted = this.redact({
      operationId,
      kind,
      message,
      request: sent,
      expected,
      actual,
      ...(field !== undefined && { field }),
    });
    const finding: Finding = { ...redacted, curl: curl(redacted.request) };
    if (first) this.findings.push(finding);
    this.onFinding?.(finding, first);
  }

  warn(warning: Warning): void {
    const key = `warn|${warning.operationId}|${warning.kind}|${warning.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push(this.redact(warning));
  }

  /**
   * The checks of every response: an answer came, in time; no 5xx; a documented status;
   * JSON when the contract says JSON; the envelope; the body against the status's schema.
   */
  checkResponse(contracts: ContractView, op: OperationInfo, sent: SentRequest, received: Received): boolean {
    const id = op.operationId;
    if (received.error || received.status === undefined) {
      this.add(
        id,
        'no_answer',
        received.error ?? 'no answer',
        sent,
        'an answer within the time limit',
        received,
      );
      return false;
    }
    if (received.ms > this.slowMs)
      this.warn({
        operationId: id,
        kind: 'slow_answer',
        message: `answered in ${Math.round(received.ms)} ms (threshold ${this.slowMs} ms)`,
        curl: curl(this.redact(sent)),
      });
    const status = received.status;
    if (status >= 500) {
      this.add(id, 'not_a_server_error', `HTTP ${status}`, sent, 'no 5xx answer', received);
      return false;
    }
    const documented = contracts.documentedStatuses(op);
    if (!documented.includes(String(status)) && !documented.includes('default')) {
      this.add(
        id,
        'status_code_conformance',
        `status ${status} is not documented (documented: ${documented.join(', ')})`,
        sent,
        `one of ${documented.join(', ')}`,
        received,
      );
      return false;
    }
    if (contracts.hasJsonResponse(op, String(status))) {
      if (!/^application\/(.+\+)?json\b/i.test(received.contentType ?? '')) {
        this.add(
          id,
          'content_type_conformance',
          `content type "${received.contentType ?? '(none)'}" for status ${status}`,
          sent,
          'application/json',
          received,
        );
        return false;
      }
      const json = received.json;
      const envelope =
        typeof json === 'object' &&
        json !== null &&
        !Array.isArray(json) &&
        Number.isInteger((json as { code?: unknown }).code) &&
        typeof (json as { msg?: unknown }).msg === 'string';
      if (!envelope && contracts.usesEnvelope(op, String(status))) {
        this.add(
          id,
          'envelope_conformance',
          `status ${status}: the body is not the { code, msg, data } envelope`,
          sent,
          'the envelope { code: integer, msg: string, data }',
          received,
        );
        return false;
      }
      const violation = contracts.check(op, status, json);
      if (violation) {
        this.add(
          id,
          'response_schema_conformance',
          `status ${status}: ${violation.errors.join('; ')}`,
          sent,
          `the ${status} response schema`,
          received,
          [...new Set(violation.fields)].join(', '),
        );
        return false;
      }
    }
    return true;
  }
}
