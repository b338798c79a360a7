import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { openapiDir } from '@zhique/workbench-contracts/reader';

export const AUTH = { Authorization: 'Basic test-token', 'X-Tenant-Id': 't-personal-1001' };

/** Reads a YAML document of the contracts (e.g. `workbench.yaml`) as plain data. */
export function readContract(name: string): Record<string, unknown> {
  return parse(readFileSync(path.join(openapiDir, name), 'utf8')) as Record<string, unknown>;
}

/** Follows a property path through plain data (throws when a step is missing, so a test fails clearly). */
export function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !(key in current)) {
      throw new Error(`missing ${keys.join(' → ')} (at "${key}")`);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The value of a named example of a response of an operation in a service document. */
export function exampleValue(
  doc: string,
  pathTemplate: string,
  method: string,
  status: string,
  example: string,
): unknown {
  return at(
    readContract(doc),
    'paths',
    pathTemplate,
    method,
    'responses',
    status,
    'content',
    'application/json',
    'examples',
    example,
    'value',
  );
}

/** fetch without following redirects. */
export function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', ...init });
}
