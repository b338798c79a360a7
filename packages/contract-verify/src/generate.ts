/**
 * Values for requests, from the request schemas:
 * - `arbitrary(schema)`: a fast-check arbitrary of valid values (property-based, seeded,
 *   reproducible); strings of a `format` or `pattern` come from fast-check's own
 *   `emailAddress`, `webUrl` and `stringMatching`;
 * - `boundary(schema, 'min' | 'max')`: the edges of every constraint (shortest and longest
 *   strings, smallest and largest numbers, fewest and most items, first and last enum value);
 * - `mutations(schema, value)`: invalid variants of a valid object (a required field
 *   missing, a wrong type, a string one character too long, a value outside its enum).
 */
import fc from 'fast-check';
import type { Json, JsonObject } from '@zhique/workbench-contracts/reader';
import { num, propertiesOf, requiredOf, typesOf, type Schema } from './schema';

/** Long strings are capped for random values (the boundary pass still sends the real maximum). */
const RANDOM_MAX_LENGTH = 40;

export function arbitrary(schema: Schema): fc.Arbitrary<Json> {
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as Json[]));
  const types = typesOf(schema).filter((t) => t !== 'null');
  const nullable = typesOf(schema).includes('null');
  const arbitraries = types.map((type) => ofType(schema, type));
  if (nullable) arbitraries.push(fc.constant(null));
  if (arbitraries.length === 0) return fc.constant('value');
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function ofType(schema: Schema, type: string): fc.Arbitrary<Json> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = Math.ceil(num(schema.minimum) ?? -1_000_000);
      return fc.integer({ min, max: Math.floor(num(schema.maximum) ?? Math.max(min, 0) + 1_000_000) });
    }
    case 'number': {
      const min = num(schema.minimum) ?? -1e6;
      return fc.double({
        min,
        max: num(schema.maximum) ?? Math.max(min, 0) + 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = arbitrary(isSchema(schema.items) ? schema.items : {});
      const constraints = {
        minLength: num(schema.minItems) ?? 0,
        maxLength: Math.min(num(schema.maxItems) ?? 5, 5),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object': {
      const properties = propertiesOf(schema);
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, sub]) => [name, arbitrary(sub)]),
      );
      return fc.record(model, {
        requiredKeys: requiredOf(schema).filter((r) => r in properties),
      }) as fc.Arbitrary<Json>;
    }
    default:
      return fc.constant(null);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<Json> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength);
  const fits = (s: string) => s.length >= minLength && (maxLength === undefined || s.length <= maxLength);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl().filter(fits);
  if (schema.format === 'binary') return fc.constant('');
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from (lookarounds, ...): the schema's example, if any.
      const examples = Array.isArray(schema.examples) ? (schema.examples as Json[]) : [];
      return examples.length ? fc.constantFrom(...examples) : fc.constant('');
    }
  }
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(maxLength ?? RANDOM_MAX_LENGTH, RANDOM_MAX_LENGTH)),
  });
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A valid value at one edge of every constraint; `undefined` when the schema has none to speak of. */
export function boundary(schema: Schema, edge: 'min' | 'max'): Json {
  if (schema.const !== undefined) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length)
    return schema.enum[edge === 'min' ? 0 : schema.enum.length - 1] as Json;
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'null';
  const example =
    Array.isArray(schema.examples) && schema.examples.length ? (schema.examples[0] as Json) : undefined;
  switch (type) {
    case 'string': {
      const length = edge === 'min' ? (num(schema.minLength) ?? 0) : num(schema.maxLength);
      if (schema.format === 'email') {
        const domain = '@example.com';
        if (length === undefined) return `edge${domain}`;
        return `${'e'.repeat(Math.max(1, length - domain.length))}${domain}`;
      }
      if (schema.format === 'uri' || schema.format === 'url') {
        const base = 'https://example.com/';
        return length === undefined ? base : `${base}${'p'.repeat(Math.max(0, length - base.length))}`;
      }
      if (typeof schema.pattern === 'string' || schema.format === 'binary') return example ?? '';
      if (length === undefined) return example ?? (edge === 'min' ? '' : '边界值');
      return '边'.repeat(length);
    }
    case 'integer':
    case 'number': {
      const low = num(schema.minimum);
      if (edge === 'min') return low ?? example ?? 0;
      return num(schema.maximum) ?? Math.max(low ?? 0, typeof example === 'number' ? example : 0, 1000);
    }
    case 'boolean':
      return edge === 'max';
    case 'array': {
      const count = edge === 'min' ? (num(schema.minItems) ?? 0) : Math.min(num(schema.maxItems) ?? 3, 20);
      const items = isSchema(schema.items) ? schema.items : {};
      return Array.from({ length: count }, (_, i) => distinct(boundary(items, edge), i));
    }
    case 'object': {
      const properties = propertiesOf(schema);
      const required = requiredOf(schema);
      // The fewest properties the schema allows (`required`, then enough for `minProperties`).
      const fewest = [...required];
      for (const key of Object.keys(properties))
        if (fewest.length < (num(schema.minProperties) ?? 0) && !fewest.includes(key)) fewest.push(key);
      const keys = edge === 'min' ? fewest : Object.keys(properties);
      return Object.fromEntries(
        keys.filter((k) => properties[k]).map((k) => [k, boundary(properties[k]!, edge)]),
      );
    }
    default:
      return null;
  }
}

/** Items of a unique array must differ: strings get a suffix (numbers and the rest are left as they are). */
function distinct(value: Json, index: number): Json {
  return typeof value === 'string' && index > 0
    ? `${value.slice(0, Math.max(0, value.length - String(index).length))}${index}`
    : value;
}

export interface Mutation {
  /** What is wrong, e.g. "name missing (required)". */
  what: string;
  value: JsonObject;
}

/** Invalid variants of a valid object value, one rule broken each. */
export function mutations(schema: Schema, valid: JsonObject): Mutation[] {
  const properties = propertiesOf(schema);
  const out: Mutation[] = [];
  for (const name of requiredOf(schema)) {
    const { [name]: _dropped, ...rest } = valid;
    out.push({ what: `${name} missing (required)`, value: rest });
  }
  for (const [name, sub] of Object.entries(properties)) {
    const types = typesOf(sub);
    const wrong = wrongTypeValue(types);
    if (wrong !== undefined)
      out.push({ what: `${name} of the wrong type`, value: { ...valid, [name]: wrong } });
    const maxLength = num(sub.maxLength);
    if (maxLength !== undefined && types.includes('string'))
      out.push({
        what: `${name} longer than ${maxLength}`,
        value: { ...valid, [name]: 'x'.repeat(maxLength + 1) },
      });
    if (Array.isArray(sub.enum) && sub.enum.length) {
      const outside = sub.enum.every((v) => typeof v === 'number') ? 987654 : 'not-in-enum';
      out.push({ what: `${name} outside its enum`, value: { ...valid, [name]: outside } });
    }
    const maxItems = num(sub.maxItems);
    if (maxItems !== undefined && types.includes('array')) {
      const item = isSchema(sub.items) ? boundary(sub.items, 'max') : 'x';
      out.push({
        what: `${name} with more than ${maxItems} items`,
        value: { ...valid, [name]: Array.from({ length: maxItems + 1 }, (_, i) => distinct(item, i)) },
      });
    }
  }
  return out;
}

/** A value none of `types` accepts, or undefined when the schema accepts anything. */
function wrongTypeValue(types: string[]): Json | undefined {
  if (types.length === 0) return undefined;
  if (!types.includes('object')) return { unexpected: true };
  if (!types.includes('integer') && !types.includes('number')) return 12345;
  if (!types.includes('string')) return 'not-a-number';
  return undefined;
}
