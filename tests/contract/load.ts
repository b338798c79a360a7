/** Loads the contracts for tests, resolving refs into shared.yaml. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const openapiDir = join(import.meta.dirname, '..', '..', 'openapi');
export const SERVICES = ['workbench', 'message', 'rbac'] as const;
export type Service = (typeof SERVICES)[number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;

const cache = new Map<string, Doc>();
export function loadDoc(file: string): Doc {
  if (!cache.has(file)) cache.set(file, parse(readFileSync(join(openapiDir, file), 'utf8')) as Doc);
  return cache.get(file)!;
}

/** Resolves a $ref (local or into shared.yaml) relative to `file`. */
export function resolveRef(ref: string, file: string): { node: Doc; file: string } {
  const [target, pointer = ''] = ref.split('#');
  const targetFile = target ? target.replace(/^\.\//, '') : file;
  let node: Doc = loadDoc(targetFile);
  for (const part of pointer.split('/').filter(Boolean))
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return { node, file: targetFile };
}

export interface Operation {
  service: Service;
  method: string;
  path: string;
  op: Doc;
}

export function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const service of SERVICES) {
    const doc = loadDoc(`${service}.yaml`);
    for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Doc][]) {
      for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
        if (item[method]) ops.push({ service, method: method.toUpperCase(), path, op: item[method] });
      }
    }
  }
  return ops;
}
