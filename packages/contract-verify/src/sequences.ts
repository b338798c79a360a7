/**
 * Create → read → update → read → delete → read, driven by the OpenAPI links of each
 * operation that creates something (its 200 response's `links`). A link says which
 * operation to call and with what (`parameters`, `requestBody`, runtime expressions
 * `$response.body#/...` resolved from the creation's answer) and, in `x-conformance`,
 * its step (`read`, `update`, `delete`), how a read finds the record (`find`: a field
 * and the expression of its value) and, optionally, the tenant to act in (`tenant`).
 *
 * A read after the creation must find the record with what was sent; after an update,
 * with the update's values; after the deletion, not at all. So a server that forgets,
 * mixes up or keeps what it stored is caught.
 */
import { isObject, type Json, type JsonObject, type OperationInfo } from '@zhique/workbench-contracts/reader';
import { exampleValues, type OperationShape, type RequestValues } from './plan';
import { typesOf, type Schema } from './schema';

export interface LinkStep {
  name: string;
  step: 'read' | 'update' | 'delete';
  target: string;
  parameters: Record<string, Json>;
  requestBody?: Json;
  find?: { field: string; value: Json };
  tenant?: Json;
}

export interface Sequence {
  create: OperationInfo;
  steps: LinkStep[];
}

/** The sequences the documents describe: one per operation whose 200 response has conformance links. */
export function sequencesOf(
  operations: OperationInfo[],
  resolve: (node: Json | undefined, file: string) => Json | undefined,
): Sequence[] {
  const out: Sequence[] = [];
  for (const op of operations) {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    const ok = resolve(responses['200'], op.file);
    const links = isObject(ok) && isObject(ok.links) ? ok.links : undefined;
    if (!links) continue;
    const steps: LinkStep[] = [];
    for (const [name, raw] of Object.entries(links)) {
      const link = resolve(raw, op.file);
      if (!isObject(link) || typeof link.operationId !== 'string' || !isObject(link['x-conformance']))
        continue;
      const meta = link['x-conformance'];
      const step = meta.step;
      if (step !== 'read' && step !== 'update' && step !== 'delete') continue;
      const find = isObject(meta.find) ? Object.entries(meta.find)[0] : undefined;
      steps.push({
        name,
        step,
        target: link.operationId,
        parameters: isObject(link.parameters) ? link.parameters : {},
        requestBody: link.requestBody,
        find: find ? { field: find[0], value: find[1] } : undefined,
        tenant: meta.tenant,
      });
    }
    if (steps.length) out.push({ create: op, steps });
  }
  return out;
}

/** Resolves runtime expressions (`$response.body#/data/id`, `$request.body#/name`) inside a value. */
export function evaluate(
  value: Json | undefined,
  context: { request?: Json; response?: Json },
): Json | undefined {
  if (typeof value === 'string') {
    const match = /^\$(request|response)\.body#(\/.*)?$/.exec(value);
    if (!match) return value;
    let node: Json | undefined = context[match[1] as 'request' | 'response'];
    for (const raw of (match[2] ?? '').split('/').slice(1)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    }
    return node;
  }
  if (Array.isArray(value)) return value.map((v) => evaluate(v, context) ?? null);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, context) ?? null]));
  return value;
}

/** Every object in a body with `field` equal to `value` (a depth-first search). */
export function findRecord(body: unknown, field: string, value: Json): JsonObject | undefined {
  if (Array.isArray(body)) {
    for (const item of body) {
      const found = findRecord(item, field, value);
      if (found) return found;
    }
  } else if (isObject(body as Json)) {
    const object = body as JsonObject;
    if (object[field] === value) return object;
    for (const child of Object.values(object)) {
      const found = findRecord(child, field, value);
      if (found) return found;
    }
  }
  return undefined;
}

/** Fields of what was sent that the found record shows and that differ from it. */
export function mismatches(found: JsonObject, sent: JsonObject, except: string): string[] {
  return Object.entries(sent)
    .filter(([key]) => key !== except && key in found)
    .filter(([key, value]) => JSON.stringify(found[key]) !== JSON.stringify(value))
    .map(([key, value]) => `${key}: sent ${JSON.stringify(value)}, read ${JSON.stringify(found[key])}`);
}

/**
 * Makes the literal texts of a body unique to this run (a suffix within `maxLength`), so a
 * sequence never collides with what an earlier run or another team left on the server.
 */
export function uniquify(value: Json | undefined, schema: Schema | undefined, tag: string): Json | undefined {
  if (!schema) return value;
  if (typeof value === 'string') {
    if (schema.format || schema.pattern || schema.enum || !typesOf(schema).includes('string')) return value;
    if (/^\$(request|response)\./.test(value)) return value;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
    const suffix = `·${tag}`;
    return `${value.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
  }
  if (isObject(value) && isObject(schema.properties)) {
    const properties = schema.properties as Record<string, Schema>;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, uniquify(v, properties[k], tag) ?? null]),
    );
  }
  return value;
}

/** The request values of a step: the target's required example values, overridden by the link's parameters and body. */
export function stepValues(
  target: OperationShape,
  step: LinkStep,
  context: { request?: Json; response?: Json },
  tag: string,
): RequestValues {
  // Optional parameters the link does not set stay unset (an example filter would hide the record).
  const values = exampleValues(target);
  for (const p of target.parameters) if (!p.required && p.in !== 'header') delete values[p.in][p.name];
  for (const p of target.parameters) {
    if (!(p.name in step.parameters) || p.in === 'header') continue;
    let value = evaluate(step.parameters[p.name], context) ?? null;
    if (typesOf(p.schema).includes('array') && !Array.isArray(value)) value = [value];
    values[p.in][p.name] = value;
  }
  if (step.requestBody !== undefined)
    values.body = evaluate(uniquify(step.requestBody, target.body?.schema, tag), context);
  return values;
}
