/**
 * The example a contract document gives for a parameter or a media object (the
 * conformance checker starts every operation from it).
 */
import { isObject, type DocumentStore, type Json, type JsonObject } from './openapi';

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
