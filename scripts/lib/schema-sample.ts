/**
 * Values for requests built from the contracts: the example a document gives when it
 * gives one, else a minimal value valid against the JSON Schema (required properties
 * only, lengths and counts at their minimum).
 */
import { isObject, type DocumentStore, type Json, type JsonObject, type Located } from './openapi';

/** First example of a parameter or media object: `example`, then the first of `examples` (following `$ref`). */
export function declaredExample(store: DocumentStore, node: JsonObject, file: string): Json | undefined {
  if (node.example !== undefined) return node.example;
  if (isObject(node.examples)) {
    for (const raw of Object.values(node.examples)) {
      const example = store.deref(raw, file);
      if (example && isObject(example.value) && example.value.value !== undefined) return example.value.value;
    }
  }
  return undefined;
}

/** The schema's own example (`examples[0]`, `example`, `default`, `const`, `enum[0]`). */
function schemaExample(schema: JsonObject): Json | undefined {
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

const formats: Record<string, string> = {
  email: 'verify@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
  binary: '',
};

/** A minimal value valid against `schema` (best effort: `pattern` and exotic keywords are not solved). */
export function sampleFromSchema(
  store: DocumentStore,
  schemaNode: Json | undefined,
  file: string,
  depth = 0,
): Json {
  const located: Located | undefined = store.deref(schemaNode, file);
  if (!located || !isObject(located.value) || depth > 12) return null;
  const schema = located.value;
  const here = located.file;
  const own = schemaExample(schema);
  if (own !== undefined) return own;

  if (Array.isArray(schema.allOf)) {
    let merged: Json = null;
    for (const part of schema.allOf) {
      const value = sampleFromSchema(store, part, here, depth + 1);
      if (isObject(merged) && isObject(value)) merged = Object.assign({}, merged, value);
      else if (value !== null) merged = value;
    }
    // Properties declared beside allOf count too.
    if (isObject(schema.properties) && (merged === null || isObject(merged))) {
      return { ...(merged ?? {}), ...objectSample(store, schema, here, depth) };
    }
    return merged;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return sampleFromSchema(store, options[0], here, depth + 1);
  }

  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return objectSample(store, schema, here, depth);
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () => sampleFromSchema(store, schema.items, here, depth + 1));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number'
        ? schema.minimum
        : typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (typeof schema.format === 'string' && formats[schema.format] !== undefined)
        return formats[schema.format] ?? '';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return 'x'.repeat(min);
    }
    default:
      return isObject(schema.properties) ? objectSample(store, schema, here, depth) : null;
  }
}

function objectSample(store: DocumentStore, schema: JsonObject, file: string, depth: number): JsonObject {
  const result: JsonObject = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (typeof name === 'string') result[name] = sampleFromSchema(store, properties[name], file, depth + 1);
  }
  // minProperties beyond the required ones: add optional properties in declaration order.
  const minimum = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (const name of Object.keys(properties)) {
    if (Object.keys(result).length >= minimum) break;
    if (!(name in result)) result[name] = sampleFromSchema(store, properties[name], file, depth + 1);
  }
  return result;
}

/** A value for a parameter: its example, its schema's example, or a minimal valid value. */
export function parameterValue(store: DocumentStore, parameter: Located<JsonObject>): Json | undefined {
  const declared = declaredExample(store, parameter.value, parameter.file);
  if (declared !== undefined) return declared;
  const schema = store.deref(parameter.value.schema, parameter.file);
  if (schema && isObject(schema.value)) {
    const own = schemaExample(schema.value);
    if (own !== undefined) return own;
  }
  return undefined;
}
