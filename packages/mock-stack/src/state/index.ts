/**
 * The state layer of the mock stack: what makes a QA session remember its writes.
 *
 * Prism stays in front as the contract's gatekeeper: the gateway sends every request
 * to it first, and only when Prism accepts it (a 2xx) does the operation's handler
 * run against the session's store, in a transaction. The handler's answer is checked
 * against the operation's response schema; a violation is rolled back and answered
 * with a 500 that names it. Operations without a handler keep Prism's answer (the
 * scenario's example). See mock-stack/README.md, "QA sessions".
 */
import type { OperationInfo } from '@zhique/workbench-contracts/reader';
import { ContractView } from '@zhique/workbench-contracts/reader';
import { accountHandlers } from './handlers/account';
import { inboxHandlers, addNotice, type NewNotice } from './handlers/inbox';
import type { Answer, Handler, StateRequest } from './handlers/kit';
import { roleHandlers } from './handlers/roles';
import { loginPowersHandlers, tenantHandlers } from './handlers/tenants';
import { seedSession } from './seed';
import { splitKey } from './sessions';
import { MockStore, type Json, type SessionSnapshot } from './store';
import { Kind, ME, type UserInfo } from './model';

export type { NewNotice, SessionSnapshot };

export const handlers: Readonly<Record<string, Handler>> = {
  ...accountHandlers,
  ...tenantHandlers,
  ...loginPowersHandlers,
  ...roleHandlers,
  ...inboxHandlers,
};

export interface StateCall {
  operation: OperationInfo;
  /** Store key (`<session>|<scenario>`, see sessions.ts). */
  key: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  tenant: string | undefined;
  origin: string;
}

export interface StateAnswer extends Answer {
  /** Set when the handler's answer broke the contract (the answer is then a 500 naming it). */
  violation?: string;
}

export class StateLayer {
  readonly store: MockStore;
  readonly contracts = new ContractView();

  constructor(
    private readonly operations: () => OperationInfo[],
    options: { file?: string } = {},
  ) {
    this.store = new MockStore(options.file);
  }

  handles(operation: OperationInfo): boolean {
    return Object.hasOwn(handlers, operation.operationId);
  }

  /** Handler names that match no operation of the documents (a renamed operation). */
  unknownHandlers(): string[] {
    const known = new Set(this.operations().map((op) => op.operationId));
    return Object.keys(handlers).filter((id) => !known.has(id));
  }

  /** The gid of the session's signed-in user (the `sub` of the tokens issued for its sub-apps). */
  userId(key: string): string {
    this.ensure(key);
    return this.store.session(key).get<UserInfo>(Kind.user, ME)?.gid ?? ME;
  }

  /** Makes sure the session exists, seeded from its scenario's examples. */
  ensure(key: string): void {
    if (this.store.hasSession(key)) return;
    const { scenario } = splitKey(key);
    this.store.createSession(key, scenario, (data) =>
      seedSession(
        data,
        (id, name, status) => this.example(id, scenario, name, status),
        (id) => {
          const op = this.operation(id);
          return op ? this.contracts.examples(op) : [];
        },
      ),
    );
  }

  /** Runs the operation's handler; `undefined` when it has nothing to say (keep Prism's answer). */
  handle(call: StateCall): StateAnswer | undefined {
    const handler = handlers[call.operation.operationId];
    if (!handler) return undefined;
    this.ensure(call.key);
    const { scenario } = splitKey(call.key);
    const request: StateRequest = {
      operationId: call.operation.operationId,
      params: pathParameters(call.operation.template, call.path),
      query: call.query,
      body: call.body,
      tenant: call.tenant,
      origin: call.origin,
      example: (id, name, status) => this.example(id, scenario, name, status),
    };
    let violation: string | undefined;
    let answer: Answer | undefined;
    try {
      answer = this.store.transaction(() => {
        const result = handler(this.store.session(call.key), request);
        if (!result) return undefined;
        const broken = this.contracts.check(call.operation, result.status, result.body);
        if (broken) {
          violation = `${broken.operation} ${broken.status}: ${broken.errors.join('; ')}`;
          throw new ContractViolation(violation);
        }
        return result;
      });
    } catch (error) {
      if (!(error instanceof ContractViolation)) throw error;
    }
    if (violation)
      return {
        status: 500,
        violation,
        body: {
          code: 500,
          msg: `Mock state layer: the answer breaks the contract, nothing was changed (${violation})`,
          data: null,
        },
      };
    return answer;
  }

  /**
   * Tenant isolation: a tenant-scoped call whose `X-Tenant-Id` is not one of the session's
   * tenants is refused with the contract's 403 (Forbidden), whatever the operation.
   */
  tenantRefusal(operation: OperationInfo, key: string, tenant: string | undefined): StateAnswer | undefined {
    if (tenant === undefined || !this.contracts.tenantScoped(operation)) return undefined;
    this.ensure(key);
    if (this.store.session(key).get(Kind.tenant, tenant)) return undefined;
    const body = this.contracts.example(operation, '403', 'default');
    return body === undefined ? undefined : { status: 403, body };
  }

  /** Creates `count` notices in a session (the realtime push's story: store first, then the event). */
  addNotices(key: string, notice: NewNotice, count = 1): string[] {
    this.ensure(key);
    return this.store.transaction(() =>
      Array.from({ length: count }, () => addNotice(this.store.session(key), notice).gid),
    );
  }

  snapshot(key: string): SessionSnapshot {
    this.ensure(key);
    return this.store.snapshot(key)!;
  }

  load(key: string, snapshot: SessionSnapshot): void {
    this.store.load(key, snapshot);
  }

  close(): void {
    this.store.close();
  }

  private operation(operationId: string): OperationInfo | undefined {
    return this.operations().find((op) => op.operationId === operationId);
  }

  /** An example of an operation: the one named, else the scenario's, else `default`. */
  private example(operationId: string, scenario: string, name?: string, status = '200'): Json | undefined {
    const op = this.operation(operationId);
    if (!op) return undefined;
    if (name) return this.contracts.example(op, status, name);
    return this.contracts.example(op, status, scenario) ?? this.contracts.example(op, status, 'default');
  }
}

class ContractViolation extends Error {}

/** Path parameters by name, from the operation's template and the request path. */
function pathParameters(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pattern = template
    .replace(/\/$/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('([^/]+)');
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match?.[i + 1];
    if (raw !== undefined) values[name] = decodeURIComponent(raw);
  });
  return values;
}

export function isSnapshot(value: unknown): value is SessionSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SessionSnapshot>;
  return (
    typeof v.scenario === 'string' &&
    typeof v.records === 'object' &&
    v.records !== null &&
    Object.values(v.records).every(
      (rows) =>
        Array.isArray(rows) &&
        rows.every((r) => typeof r === 'object' && r !== null && typeof r.id === 'string'),
    ) &&
    (v.files === undefined ||
      (Array.isArray(v.files) &&
        v.files.every(
          (f) => typeof f.id === 'string' && typeof f.type === 'string' && typeof f.base64 === 'string',
        )))
  );
}
