/**
 * The findings the integration gateway reports while this page is open (scripts/integration/feed.ts):
 * each violation once (the same operation, kind and message seen again only counts), newest first.
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
