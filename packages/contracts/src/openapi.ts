/**
 * Just enough OpenAPI reading for the scripts: load the YAML documents as they are
 * (nothing bundled or dereferenced), follow a `$ref` when asked (local `#/...` or a
 * sibling file such as `./shared.yaml#/...`), list the operations with their path
 * templates, and name the examples of a response.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICES, type ServiceName } from './index';

/**
 * The documents' folder: `openapi/` of this package, one level above both `src/` (run from
 * source in the repository) and `dist/` (installed).
 */
export const openapiDir = path.resolve(import.meta.dirname, '..', 'openapi');
/** The three service documents; each is served under `/api/<name>`. */
export const serviceDocuments = SERVICES;
export type { ServiceName };

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A document of this package's contracts by name (`workbench`, `shared`, ...). */
export function documentPath(name: string): string {
  return path.join(openapiDir, `${name}.yaml`);
}

/** A node of a document together with the file it came from (so relative `$ref`s resolve). */
export interface Located<T = Json> {
  value: T;
  file: string;
}

/**
 * Reads YAML files, caching by modification time. `dir` is the folder of the documents it
 * names (this package's own by default; another copy of the contracts, such as a branch a
 * backend team works on, can be read the same way).
 */
export class DocumentStore {
  private cache = new Map<string, { mtimeMs: number; value: Json }>();

  constructor(readonly dir: string = openapiDir) {}

  /** A document of this store's folder by name (`workbench`, `shared`, `realtime.asyncapi`). */
  documentPath(name: string): string {
    return path.join(this.dir, `${name}.yaml`);
  }

  load(file: string): Json {
    const absolute = path.resolve(file);
    const { mtimeMs } = statSync(absolute);
    const cached = this.cache.get(absolute);
    if (cached && cached.mtimeMs === mtimeMs) return cached.value;
    const value = parse(readFileSync(absolute, 'utf8')) as Json;
    this.cache.set(absolute, { mtimeMs, value });
    return value;
  }

  /** Follows `$ref`s (chains included) until a node without one. */
  deref(node: Json | undefined, file: string): Located | undefined {
    let current: Located | undefined = node === undefined ? undefined : { value: node, file };
    for (let hops = 0; current && isObject(current.value) && typeof current.value.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error(`$ref loop near ${current.value.$ref} in ${file}`);
      current = this.resolve(current.value.$ref, current.file);
    }
    return current;
  }

  /** Resolves one `$ref` string relative to `file`. */
  resolve(ref: string, file: string): Located | undefined {
    const [target = '', pointer = ''] = ref.split('#');
    const targetFile = target ? path.resolve(path.dirname(file), target) : file;
    let value: Json | undefined = this.load(targetFile);
    for (const raw of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (Array.isArray(value)) value = value[Number(key)];
      else if (isObject(value)) value = value[key];
      else return undefined;
    }
    return value === undefined ? undefined : { value, file: targetFile };
  }
}

export interface OperationInfo {
  service: ServiceName;
  file: string;
  method: string; // upper case
  template: string; // e.g. /v1/tenant/{tid}/user/{uid}/msg/list
  operationId: string;
  operation: JsonObject;
  /** Path-item level parameters (they apply to every operation of the path). */
  pathParameters: Json[];
  regex: RegExp;
  /** Number of templated segments (fewer = more specific). */
  templated: number;
}

function templateToRegex(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) =>
      segment
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(''),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Lists the operations of one service document (empty when the file does not exist yet). */
export function listOperations(store: DocumentStore, service: ServiceName): OperationInfo[] {
  const file = store.documentPath(service);
  let doc: Json;
  try {
    doc = store.load(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  const operations: OperationInfo[] = [];
  for (const [template, rawItem] of Object.entries(paths)) {
    const item = store.deref(rawItem, file);
    if (!item || !isObject(item.value)) continue;
    const pathParameters = Array.isArray(item.value.parameters) ? item.value.parameters : [];
    for (const method of httpMethods) {
      const operation = item.value[method];
      if (!isObject(operation)) continue;
      operations.push({
        service,
        file: item.file,
        method: method.toUpperCase(),
        template,
        operationId:
          typeof operation.operationId === 'string'
            ? operation.operationId
            : `${method.toUpperCase()} ${template}`,
        operation,
        pathParameters,
        regex: templateToRegex(template),
        templated: (template.match(/\{/g) ?? []).length,
      });
    }
  }
  return operations.sort((a, b) => a.templated - b.templated);
}

const isJsonMedia = (media: string) => /^application\/(.+\+)?json\b/i.test(media);

/** The JSON media object of a response (following `$ref`s), if any. */
export function jsonContent(
  store: DocumentStore,
  response: Json | undefined,
  file: string,
): Located<JsonObject> | undefined {
  const resolved = store.deref(response, file);
  if (!resolved || !isObject(resolved.value) || !isObject(resolved.value.content)) return undefined;
  for (const [media, content] of Object.entries(resolved.value.content)) {
    if (isJsonMedia(media) && isObject(content)) return { value: content, file: resolved.file };
  }
  return undefined;
}

/** Names of the `examples` of each response status of an operation: { '200': ['default', 'owner'], '401': ['expired'] }. */
export function responseExampleNames(store: DocumentStore, op: OperationInfo): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const responses = isObject(op.operation.responses) ? op.operation.responses : {};
  for (const [status, response] of Object.entries(responses)) {
    const content = jsonContent(store, response, op.file);
    const examples = content && isObject(content.value.examples) ? Object.keys(content.value.examples) : [];
    result.set(status, examples);
  }
  return result;
}

/** Parameters of an operation (path-level and operation-level, the latter winning), `$ref`s followed. */
export function operationParameters(store: DocumentStore, op: OperationInfo): Located<JsonObject>[] {
  const byKey = new Map<string, Located<JsonObject>>();
  const own = Array.isArray(op.operation.parameters) ? op.operation.parameters : [];
  for (const raw of [...op.pathParameters, ...own]) {
    const resolved = store.deref(raw, op.file);
    if (!resolved || !isObject(resolved.value)) continue;
    byKey.set(`${String(resolved.value.in)}:${String(resolved.value.name)}`, resolved as Located<JsonObject>);
  }
  return [...byKey.values()];
}
