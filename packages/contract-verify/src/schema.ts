/**
 * Request schemas as the generators need them: `$ref`s inlined (across files), `allOf`
 * merged, so a schema is one self-contained tree. Recursion stops at a fixed depth
 * (request schemas of these contracts are not recursive; the guard is for safety).
 */
import { isObject, type DocumentStore, type Json, type JsonObject } from '@zhique/workbench-contracts/reader';

export type Schema = JsonObject;

export function resolveSchema(store: DocumentStore, node: Json | undefined, file: string, depth = 0): Schema {
  if (node === undefined || depth > 12) return {};
  const located = store.deref(node, file);
  if (!located || !isObject(located.value)) return {};
  const schema = located.value;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [
          name,
          resolveSchema(store, sub, located.file, depth + 1),
        ]),
      );
    } else if (key === 'items') {
      out.items = resolveSchema(store, value, located.file, depth + 1);
    } else if (key === 'allOf' && Array.isArray(value)) {
      continue; // merged below
    } else if (key !== '$ref') {
      out[key] = value;
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) merge(out, resolveSchema(store, part, located.file, depth + 1));
  }
  return out;
}

function merge(into: Schema, part: Schema): void {
  for (const [key, value] of Object.entries(part)) {
    if (key === 'properties' && isObject(value))
      into.properties = { ...(isObject(into.properties) ? into.properties : {}), ...value };
    else if (key === 'required' && Array.isArray(value))
      into.required = [...new Set([...(Array.isArray(into.required) ? into.required : []), ...value])];
    else if (into[key] === undefined) into[key] = value;
  }
}

/** The schema's types (`type: [string, 'null']` → both); inferred from its keywords when absent. */
export function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (Array.isArray(schema.enum))
    return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  return [];
}

export const requiredOf = (schema: Schema): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];

export const propertiesOf = (schema: Schema): Record<string, Schema> =>
  isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};

export const num = (value: Json | undefined): number | undefined =>
  typeof value === 'number' ? value : undefined;
