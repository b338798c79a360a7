/**
 * The requests of one operation, from its contract: the documented example, the
 * boundary values of every constraint, property-based values (fast-check, seeded) and
 * the negative variants that must be refused.
 */
import fc from 'fast-check';
import {
  isObject,
  operationParameters,
  type DocumentStore,
  type Json,
  type JsonObject,
  type OperationInfo,
} from '@zhique/workbench-contracts/reader';
import { declaredExample } from '@zhique/workbench-contracts/reader';
import type { CallSpec, RequestBody } from './client';
import { arbitrary, boundary, mutations } from './generate';
import { num, propertiesOf, resolveSchema, typesOf, type Schema } from './schema';

/** A 1×1 PNG: the file every upload of the run sends. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  example: Json | undefined;
  unexploded: boolean;
}

/** Who the run acts as: the ids its requests use where a parameter names the caller or their tenant. */
export interface Identity {
  tenant?: string;
  uid?: string;
}

export interface OperationShape {
  op: OperationInfo;
  identity: Identity;
  parameters: Parameter[];
  body?: { media: string; schema: Schema; example: Json | undefined; required: boolean };
}

export interface Credentials {
  token: string;
  tenant: string;
}

export function shapeOf(store: DocumentStore, op: OperationInfo, identity: Identity = {}): OperationShape {
  const parameters = operationParameters(store, op).flatMap(({ value, file }): Parameter[] => {
    const where = value.in;
    if (where !== 'path' && where !== 'query' && where !== 'header') return [];
    const schema = resolveSchema(store, value.schema, file);
    const example =
      declaredExample(store, value, file) ??
      (Array.isArray(schema.examples) ? (schema.examples[0] as Json) : undefined);
    return [
      {
        name: String(value.name),
        in: where,
        required: value.required === true || where === 'path',
        schema,
        example,
        unexploded: value.explode === false,
      },
    ];
  });
  const requestBody = store.deref(op.operation.requestBody, op.file);
  let body: OperationShape['body'];
  if (requestBody && isObject(requestBody.value) && isObject(requestBody.value.content)) {
    const [media, content] = Object.entries(requestBody.value.content)[0] ?? [];
    if (media && isObject(content)) {
      body = {
        media,
        schema: resolveSchema(store, content.schema, requestBody.file),
        example: declaredExample(store, content, requestBody.file),
        required: requestBody.value.required === true,
      };
    }
  }
  return { op, identity, parameters, body };
}

/** Ops that take nothing from the caller have no generated or negative variants. */
export const takesInput = (shape: OperationShape) => shape.parameters.length > 0 || shape.body !== undefined;

export interface RequestValues {
  path: Record<string, Json>;
  query: Record<string, Json>;
  body?: Json;
}

export function baseHeaders(credentials: Credentials): Record<string, string> {
  return { Authorization: `Basic ${credentials.token}`, 'X-Tenant-Id': credentials.tenant };
}

export function toCall(
  shape: OperationShape,
  values: RequestValues,
  headers: Record<string, string>,
  body?: RequestBody,
): CallSpec {
  const text = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values.query))
    if (value !== undefined && value !== null)
      query[name] = Array.isArray(value) ? value.map(text) : text(value);
  return {
    service: shape.op.service,
    method: shape.op.method,
    template: shape.op.template,
    path: Object.fromEntries(Object.entries(values.path).map(([k, v]) => [k, text(v)])),
    query,
    unexploded: new Set(shape.parameters.filter((p) => p.unexploded).map((p) => p.name)),
    headers,
    body: body ?? bodyFor(shape, values.body),
  };
}

function bodyFor(shape: OperationShape, value: Json | undefined): RequestBody | undefined {
  if (!shape.body || value === undefined) return undefined;
  if (/multipart\/form-data/i.test(shape.body.media)) {
    const fields: Record<string, string | { name: string; type: string; bytes: Uint8Array }> = {};
    for (const [name, sub] of Object.entries(propertiesOf(shape.body.schema))) {
      if (!isObject(value) || !(name in value)) continue;
      fields[name] =
        sub.format === 'binary'
          ? { name: 'conformance.png', type: 'image/png', bytes: PNG }
          : String(value[name]);
    }
    return { kind: 'multipart', fields };
  }
  return { kind: 'json', value };
}

/** The documented example request (parameter and body examples; a boundary value where none is given; the caller's own ids). */
export function exampleValues(shape: OperationShape): RequestValues {
  const values: RequestValues = { path: {}, query: {} };
  for (const p of shape.parameters) {
    if (p.in === 'header') continue;
    // The caller's own user and tenant where a parameter names them (the examples are the mock's ids).
    const own =
      p.name === 'uid'
        ? shape.identity.uid
        : p.name === 'tid' || p.name === 'tenant_link'
          ? shape.identity.tenant
          : undefined;
    const value = own ?? p.example ?? (p.required ? boundary(p.schema, 'min') : undefined);
    if (value !== undefined) values[p.in][p.name] = value;
  }
  if (shape.body) values.body = shape.body.example ?? boundary(shape.body.schema, 'min');
  return values;
}

/** Values at both edges of every constraint (path parameters keep their example: they name records). */
export function boundaryValues(shape: OperationShape): RequestValues[] {
  return (['min', 'max'] as const).map((edge) => {
    const values = exampleValues(shape);
    for (const p of shape.parameters) {
      if (p.in !== 'query') continue;
      if (edge === 'min' && !p.required) delete values.query[p.name];
      else values.query[p.name] = boundary(p.schema, edge);
    }
    if (shape.body) values.body = boundary(shape.body.schema, edge);
    return values;
  });
}

/** The fast-check arbitrary of whole requests (query and body; path parameters keep their examples). */
export function requestArbitrary(shape: OperationShape): fc.Arbitrary<RequestValues> {
  const base = exampleValues(shape);
  const query: Record<string, fc.Arbitrary<Json>> = {};
  for (const p of shape.parameters) if (p.in === 'query') query[p.name] = arbitrary(p.schema);
  const required = shape.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  return fc
    .record({
      query: fc.record(query, { requiredKeys: required }) as fc.Arbitrary<Record<string, Json>>,
      body: shape.body ? arbitrary(shape.body.schema) : fc.constant(undefined as unknown as Json),
    })
    .map(({ query: q, body }) => ({ path: base.path, query: q, body: shape.body ? body : undefined }));
}

export interface NegativeRequest {
  what: string;
  values: RequestValues;
  /** A raw body instead of `values.body` (malformed JSON). */
  raw?: RequestBody;
}

/** Requests that break one rule each: they must be refused. */
export function negativeRequests(shape: OperationShape): NegativeRequest[] {
  const base = exampleValues(shape);
  const out: NegativeRequest[] = [];
  const body = shape.body;
  if (body && isObject(base.body)) {
    const multipart = /multipart\/form-data/i.test(body.media);
    for (const m of mutations(body.schema, base.body as JsonObject)) {
      if (multipart && !m.what.endsWith('missing (required)')) continue; // a form carries text and files only
      out.push({ what: `body: ${m.what}`, values: { ...base, body: m.value } });
    }
    if (body.required) out.push({ what: 'body missing (required)', values: { ...base, body: undefined } });
    if (!multipart)
      out.push({
        what: 'malformed JSON body',
        values: base,
        raw: { kind: 'raw', text: '{"conformance": ', contentType: 'application/json' },
      });
  }
  for (const p of shape.parameters) {
    if (p.in === 'query') {
      const { [p.name]: _dropped, ...rest } = base.query;
      if (p.required)
        out.push({ what: `query ${p.name} missing (required)`, values: { ...base, query: rest } });
      for (const m of mutations(
        { type: 'object', properties: { [p.name]: p.schema } },
        { [p.name]: base.query[p.name] ?? null },
      )) {
        // On the wire a query value is text: a string or array parameter takes any of it.
        const textual = typesOf(p.schema).some((t) => t === 'string' || t === 'array');
        if (m.what.endsWith('missing (required)') || (m.what.includes('wrong type') && textual)) continue;
        out.push({ what: `query ${m.what}`, values: { ...base, query: { ...base.query, ...m.value } } });
      }
    }
    if (p.in === 'path') {
      out.push({
        what: `unknown ${p.name} in the path`,
        values: { ...base, path: { ...base.path, [p.name]: 'conformance-unknown-id' } },
      });
    }
  }
  return out;
}

/** Sizes of the hostile requests (issue 28): what Schemathesis sends, and more. */
const HOSTILE = {
  /** An unknown property's name outside Latin-1 (it killed Prism 5.16: stoplightio/prism#1934). */
  unicodeName: 'Ꮲ属性😀',
  /** An unknown property's name this long. */
  longNameLength: 10_000,
  /** JSON nested this deep. */
  depth: 10_000,
  /** A JSON body this large (bytes). */
  oversizedBytes: 16 * 1024 * 1024,
} as const;

/**
 * A request a robust server survives: it must be answered without a 5xx (and, when `mustRefuse`,
 * refused with a documented 4xx or 413), and afterwards the server must still answer a known-good
 * read. `shell` prints the body for the report's `curl` line when it is too large or not text.
 */
export interface HostileRequest {
  what: string;
  values: RequestValues;
  raw?: RequestBody;
  /** Extra headers (values with Latin-1 bytes). */
  headers?: Record<string, string>;
  mustRefuse: boolean;
}

/** A JSON text of the example body with `extra` written into it (no JSON.stringify of the whole). */
function withRaw(example: JsonObject, name: string, rawValue: string): string {
  const base = JSON.stringify(example);
  const sep = base === '{}' ? '' : ',';
  return `${base.slice(0, -1)}${sep}${JSON.stringify(name)}:${rawValue}}`;
}

/** The hostile requests of one operation (issue 28). */
export function hostileRequests(shape: OperationShape): HostileRequest[] {
  const base = exampleValues(shape);
  const out: HostileRequest[] = [];
  const body = shape.body;
  if (body && !/multipart\/form-data/i.test(body.media) && isObject(base.body)) {
    const example = base.body as JsonObject;
    const closed = body.schema.additionalProperties === false;
    const json = 'application/json';
    out.push(
      {
        what: `body: an unknown property named outside Latin-1 (${HOSTILE.unicodeName})`,
        values: { ...base, body: { ...example, [HOSTILE.unicodeName]: 1 } },
        mustRefuse: closed,
      },
      {
        what: `body: an unknown property with a ${HOSTILE.longNameLength}-character name`,
        values: { ...base, body: { ...example, ['k'.repeat(HOSTILE.longNameLength)]: 1 } },
        mustRefuse: closed,
      },
    );
    // Bytes that are not UTF-8 inside a string of the example.
    const prefix = Buffer.from(withRaw(example, 'conformance', '"').slice(0, -1));
    const bytes = Buffer.concat([prefix, Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);
    out.push({
      what: 'body: not UTF-8 (bytes ff fe c3 28 in a string)',
      values: base,
      raw: {
        kind: 'raw',
        text: `${prefix.toString()}\\xff\\xfe\\xc3\\x28"}`,
        bytes,
        contentType: json,
        shell: `printf '%s\\xff\\xfe\\xc3\\x28"}' ${shellQuote(prefix.toString())}`,
      },
      mustRefuse: true,
    });
    const nested = `${'['.repeat(HOSTILE.depth)}${']'.repeat(HOSTILE.depth)}`;
    out.push({
      what: `body: JSON nested ${HOSTILE.depth} deep (an array where an object is expected)`,
      values: base,
      raw: {
        kind: 'raw',
        text: `[[[… ${HOSTILE.depth} deep …]]]`,
        bytes: Buffer.from(nested),
        contentType: json,
        shell: `node -e 'process.stdout.write("[".repeat(${HOSTILE.depth}) + "]".repeat(${HOSTILE.depth}))'`,
      },
      mustRefuse: true,
    });
    // Oversized: a string property far over its maxLength when there is one, else an unknown property.
    const limited = Object.entries(propertiesOf(body.schema)).find(
      ([, sub]) => typesOf(sub).includes('string') && num(sub.maxLength) !== undefined,
    )?.[0];
    const name = limited ?? 'conformance_padding';
    const { [name]: _replaced, ...rest } = example;
    out.push({
      what: `body: ${HOSTILE.oversizedBytes / 1024 / 1024} MiB of JSON (${name}${limited ? ' far over its maxLength' : ', unknown'})`,
      values: base,
      raw: {
        kind: 'raw',
        text: `${withRaw(rest, name, '"xxxx').slice(0, 200)}… (${HOSTILE.oversizedBytes} bytes)`,
        bytes: oversized(rest, name),
        contentType: json,
        shell: `node -e 'process.stdout.write(JSON.stringify({ ...${JSON.stringify(rest)}, ${JSON.stringify(name)}: "x".repeat(${HOSTILE.oversizedBytes}) }))'`,
      },
      mustRefuse: limited !== undefined || closed,
    });
  }
  // Any Unicode in a query name and value, Latin-1 bytes in a header value.
  const name = `${HOSTILE.unicodeName}_q`;
  out.push({
    what: `query: an unknown parameter named outside Latin-1 (${name}); a header value with Latin-1 bytes`,
    values: { ...base, query: { ...base.query, [name]: '值😀' } },
    headers: { 'X-Conformance-Probe': 'caf\u00e9 \u00ff' },
    mustRefuse: false,
  });
  return out;
}

const oversizedCache = new Map<string, Buffer>();
function oversized(rest: JsonObject, name: string): Buffer {
  const key = `${JSON.stringify(rest)}|${name}`;
  let bytes = oversizedCache.get(key);
  if (!bytes) {
    bytes = Buffer.from(withRaw(rest, name, `"${'x'.repeat(HOSTILE.oversizedBytes)}"`));
    oversizedCache.clear(); // one at a time: each is 16 MiB
    oversizedCache.set(key, bytes);
  }
  return bytes;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Methods the undocumented-method check sends where the contract does not document them. */
export const PROBED_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'TRACE'] as const;
