/**
 * The contracts as the tests read them. Reading, `$ref`s and the operation list are the
 * one loader's (the contracts' reader, @zhique/workbench-contracts/reader, which the scripts use too); this only gives the
 * tests loosely typed nodes to assert on.
 */
import path from 'node:path';
import {
  DocumentStore,
  documentPath,
  listOperations,
  serviceDocuments,
  type ServiceName,
} from '@zhique/workbench-contracts/reader';

export const SERVICES = serviceDocuments;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read deep into documents whose shape they check themselves
export type Doc = Record<string, any>;

const store = new DocumentStore();
const fileOf = (name: string) => documentPath(name.replace(/\.yaml$/, ''));

/** A document by file name (`workbench.yaml`, `shared.yaml`). */
export function loadDoc(file: string): Doc {
  return store.load(fileOf(file)) as Doc;
}

/** Resolves a `$ref` (local or into shared.yaml) relative to `file`. */
export function resolveRef(ref: string, file: string): { node: Doc; file: string } {
  const resolved = store.resolve(ref, fileOf(file));
  if (!resolved) throw new Error(`${ref} (from ${file}) resolves to nothing`);
  return { node: resolved.value as Doc, file: path.basename(resolved.file) };
}

export interface Operation {
  service: ServiceName;
  method: string;
  path: string;
  op: Doc;
}

export function operations(): Operation[] {
  return serviceDocuments.flatMap((service) =>
    listOperations(store, service).map((op) => ({
      service,
      method: op.method,
      path: op.template,
      op: op.operation as Doc,
    })),
  );
}
