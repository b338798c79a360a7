/**
 * What the gateway knows about the contracts: which operation a request hits
 * (path template + method) and which `Prefer` header asks Prism for the chosen
 * scenario's example. Read from the documents at run time; a changed file is re-read.
 */
import {
  DocumentStore,
  listOperations,
  responseExampleNames,
  serviceDocuments,
  type OperationInfo,
  type ServiceName,
} from '@zhique/workbench-contracts/reader';
import type { Scenario, ScenarioOverride } from './scenarios';

export interface PreferDecision {
  operation?: OperationInfo;
  /** Prefer parts the gateway adds, e.g. ['example=owner'] or ['code=401', 'example=expired']. */
  parts: string[];
  /** A scenario override (a forced status) decided the answer: the state layer stays out of it. */
  override?: boolean;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];

export class ContractIndex {
  private readonly store = new DocumentStore();
  private cache = new Map<ServiceName, { at: number; operations: OperationInfo[] }>();

  /** Operations of a service, re-read at most once a second (the documents may be edited while we run). */
  operations(service: ServiceName): OperationInfo[] {
    const cached = this.cache.get(service);
    if (cached && Date.now() - cached.at < 1000) return cached.operations;
    let operations: OperationInfo[];
    try {
      operations = listOperations(this.store, service);
    } catch (error) {
      // A document being edited may be invalid YAML for a moment: keep what we had.
      if (cached) return cached.operations;
      console.warn(
        `[mock] cannot read packages/contracts/openapi/${service}.yaml: ${(error as Error).message}`,
      );
      operations = [];
    }
    this.cache.set(service, { at: Date.now(), operations });
    return operations;
  }

  allOperations(): OperationInfo[] {
    return serviceDocuments.flatMap((service) => this.operations(service));
  }

  match(service: ServiceName, method: string, path: string): OperationInfo | undefined {
    const upper = method.toUpperCase();
    return this.operations(service).find((op) => op.method === upper && op.regex.test(path));
  }

  /**
   * The methods the contract documents for a path (every template it matches), in a fixed
   * order; empty when no template matches. A 405 names them in `Allow`.
   */
  allowed(service: ServiceName, path: string): string[] {
    const methods = new Set(
      this.operations(service)
        .filter((op) => op.regex.test(path))
        .map((op) => op.method),
    );
    return METHOD_ORDER.filter((m) => methods.has(m));
  }

  /** Override keys (operationId or "METHOD /template") that name no operation: typos or renamed operations. */
  unknownOverrideKeys(scenarios: readonly Scenario[]): string[] {
    const known = new Set(
      this.allOperations().flatMap((op) => [op.operationId, `${op.method} ${op.template}`]),
    );
    return scenarios.flatMap((s) => Object.keys(s.overrides ?? {}).filter((key) => !known.has(key)));
  }

  /**
   * The Prefer parts for a request under a scenario:
   * - an override of the operation wins (`code=<status>` and, when that status has it, `example=<name>`);
   * - otherwise `example=<scenario>` when a 2xx JSON response of the operation has an example of that name;
   * - otherwise nothing, and Prism serves the first example (`default`).
   * In dynamic mode examples are never asked for (only override statuses).
   */
  prefer(
    service: ServiceName,
    method: string,
    path: string,
    scenario: Scenario | undefined,
    dynamic: boolean,
  ): PreferDecision {
    const operation = this.match(service, method, path);
    if (!operation || !scenario) return { operation, parts: [] };
    const examples = responseExampleNames(this.store, operation);
    const override: ScenarioOverride | undefined =
      scenario.overrides?.[operation.operationId] ??
      scenario.overrides?.[`${operation.method} ${operation.template}`];
    if (override) {
      const parts: string[] = [];
      if (override.status !== undefined) parts.push(`code=${override.status}`);
      if (override.example && !dynamic) {
        const status = override.status !== undefined ? String(override.status) : firstSuccess(examples);
        if (status && examples.get(status)?.includes(override.example))
          parts.push(`example=${override.example}`);
      }
      return { operation, parts, override: true };
    }
    if (dynamic) return { operation, parts: [] };
    const successes = [...examples.keys()].filter((status) => /^2\d\d$/.test(status)).sort();
    for (const status of successes) {
      if (examples.get(status)?.includes(scenario.name)) {
        // Prism answers with the lowest 2xx unless told otherwise.
        const parts = status === successes[0] ? [] : [`code=${status}`];
        return { operation, parts: [...parts, `example=${scenario.name}`] };
      }
    }
    return { operation, parts: [] };
  }
}

function firstSuccess(examples: Map<string, string[]>): string | undefined {
  return [...examples.keys()].filter((status) => /^2\d\d$/.test(status)).sort()[0];
}

/** Merges our Prefer parts into the client's own Prefer header; the client's keys win. */
export function mergePrefer(clientHeader: string | undefined, parts: string[]): string | undefined {
  const client = (clientHeader ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const clientKeys = new Set(client.map((p) => p.split('=')[0]?.trim().toLowerCase()));
  const merged = [...client, ...parts.filter((p) => !clientKeys.has(p.split('=')[0]?.toLowerCase()))];
  return merged.length ? merged.join(', ') : undefined;
}
