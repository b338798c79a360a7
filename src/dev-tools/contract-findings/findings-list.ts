/**
 * The findings the integration gateway reports for this page (packages/mock-stack/src/integration/feed.ts): those
 * that happened since the page started loading, each violation once (the same operation, kind
 * and message seen again only counts), newest first.
 */

/** A finding as the gateway's feed sends it. */
export interface ContractFinding {
  operationId: string;
  kind: string;
  side: 'server' | 'client';
  message: string;
  field?: string;
  expected: string;
  route: string;
  time: string;
  curl: string;
}

export interface ListedFinding extends ContractFinding {
  key: string;
  occurrences: number;
}

const findingKey = (f: ContractFinding): string => `${f.operationId}|${f.kind}|${f.message}`;

/** The list with one more occurrence: a new finding goes on top, a known one counts up. */
export function withFinding(list: readonly ListedFinding[], finding: ContractFinding): ListedFinding[] {
  const key = findingKey(finding);
  const known = list.find((f) => f.key === key);
  if (!known) return [{ ...finding, key, occurrences: 1 }, ...list];
  return list.map((f) => (f.key === key ? { ...f, occurrences: f.occurrences + 1 } : f));
}

/** Reads one feed event; undefined when it is not a finding. */
export function parseFinding(data: string): ContractFinding | undefined {
  try {
    const value = JSON.parse(data) as Partial<ContractFinding>;
    return typeof value.operationId === 'string' &&
      typeof value.kind === 'string' &&
      (value.side === 'server' || value.side === 'client') &&
      typeof value.message === 'string'
      ? (value as ContractFinding)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This page's list, filled from the feed as soon as it connects (before the badge renders), so
 * the first calls' findings are in it. The feed also sends recent occurrences of before the page
 * loaded: those are left out.
 */
export class FindingsStore {
  private list: ListedFinding[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly since: number) {}

  add(finding: ContractFinding): void {
    if (Date.parse(finding.time) < this.since) return;
    this.list = withFinding(this.list, finding);
    this.listeners.forEach((listener) => listener());
  }

  clear(): void {
    this.list = [];
    this.listeners.forEach((listener) => listener());
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): ListedFinding[] => this.list;
}
