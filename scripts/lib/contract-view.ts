/**
 * What the mock's state layer and the conformance checker read from the contracts:
 * - the examples it starts a session from (the same ones Prism would have served);
 * - the response schemas every answer it produces must satisfy before it leaves the
 *   gateway (Ajv, JSON Schema 2020-12, the documents registered whole so every `$ref`
 *   resolves as written).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  DocumentStore,
  documentPath,
  isObject,
  jsonContent,
  serviceDocuments,
  type Json,
  type OperationInfo,
} from './openapi';

const BASE = 'https://contracts.local/';
const FILES = [...serviceDocuments, 'shared'];

export interface Violation {
  operation: string;
  status: number;
  errors: string[];
}

export class ContractView {
  readonly documents = new DocumentStore();
  private ajv?: Ajv2020;
  private loaded: Json[] = [];
  private validators = new Map<string, ValidateFunction | null>();

  /** The value of a named example of an operation's JSON response, if it has one. */
  example(op: OperationInfo, status: string, name: string): Json | undefined {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    const content = jsonContent(this.documents, responses[status], op.file);
    const examples = content && isObject(content.value.examples) ? content.value.examples : undefined;
    const raw = examples?.[name];
    if (raw === undefined) return undefined;
    const example = this.documents.deref(raw, content!.file);
    return example && isObject(example.value) ? example.value.value : undefined;
  }

  /** Every named example of a response: [name, value]. */
  examples(op: OperationInfo, status = '200'): [string, Json][] {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    const content = jsonContent(this.documents, responses[status], op.file);
    const examples = content && isObject(content.value.examples) ? content.value.examples : {};
    return Object.keys(examples).flatMap((name) => {
      const value = this.example(op, status, name);
      return value === undefined ? [] : [[name, value] as [string, Json]];
    });
  }

  /** The statuses an operation documents ('200', '400', ..., maybe 'default'). */
  documentedStatuses(op: OperationInfo): string[] {
    return Object.keys(isObject(op.operation.responses) ? op.operation.responses : {});
  }

  /** Whether the documented response for a status has JSON content. */
  hasJsonResponse(op: OperationInfo, status: string): boolean {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    return jsonContent(this.documents, responses[status] ?? responses.default, op.file) !== undefined;
  }

  /**
   * Whether the documented response for a status is the shared `{ code, msg, data }` envelope:
   * every `application/json` response is (a Spectral rule keeps it so); a standard format with a
   * media type of its own is what its standard says, e.g. `getSubAppJwks`'s
   * `application/jwk-set+json`.
   */
  usesEnvelope(op: OperationInfo, status: string): boolean {
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    const response = this.documents.deref(responses[status] ?? responses.default, op.file);
    const content = response && isObject(response.value) ? response.value.content : undefined;
    return isObject(content) && 'application/json' in content;
  }

  /** The operation requires a credential: its security (or the document's) names a scheme. */
  secured(op: OperationInfo): boolean {
    const doc = this.documents.load(documentPath(op.service));
    const security = op.operation.security ?? (isObject(doc) ? doc.security : undefined);
    return (
      Array.isArray(security) && security.some((entry) => isObject(entry) && Object.keys(entry).length > 0)
    );
  }

  /** The operation acts in a tenant: its security (or the document's) requires the `tenantId` scheme. */
  tenantScoped(op: OperationInfo): boolean {
    const doc = this.documents.load(documentPath(op.service));
    const security = op.operation.security ?? (isObject(doc) ? doc.security : undefined);
    return Array.isArray(security) && security.some((entry) => isObject(entry) && 'tenantId' in entry);
  }

  /**
   * Checks an answer against the operation's response for that status. Returns the
   * violation (undocumented status or schema errors), or undefined when it conforms.
   */
  check(op: OperationInfo, status: number, body: unknown): Violation | undefined {
    const validate = this.validator(op, String(status));
    if (validate === undefined)
      return { operation: op.operationId, status, errors: [`status ${status} is not documented`] };
    if (validate === null || validate(body)) return undefined;
    return { operation: op.operationId, status, errors: (validate.errors ?? []).map(describe) };
  }

  private validator(op: OperationInfo, status: string): ValidateFunction | null | undefined {
    this.refresh();
    const responses = isObject(op.operation.responses) ? op.operation.responses : {};
    if (responses[status] === undefined) return undefined;
    const key = `${op.service} ${op.method} ${op.template} ${status}`;
    if (this.validators.has(key)) return this.validators.get(key);
    const content = jsonContent(this.documents, responses[status], op.file);
    let validate: ValidateFunction | null = null;
    if (content && content.value.schema !== undefined) {
      const schema = this.documents.deref(content.value.schema, content.file);
      // Compile through a $ref to where the schema sits, so its relative refs resolve in its own file.
      const file = `${FILES.find((f) => documentPath(f) === schema?.file) ?? op.service}.yaml`;
      validate = this.ajv!.compile({
        $ref: `${BASE}${file}#${pointerTo(this.documents, file, schema?.value)}`,
      });
    }
    this.validators.set(key, validate);
    return validate;
  }

  /** (Re)builds Ajv when a document changed on disk. */
  private refresh(): void {
    const docs = FILES.map((f) => this.documents.load(documentPath(f)));
    if (this.ajv && docs.every((doc, i) => doc === this.loaded[i])) return;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    FILES.forEach((f, i) => ajv.addSchema(docs[i] as object, `${BASE}${f}.yaml`));
    this.ajv = ajv;
    this.loaded = docs;
    this.validators.clear();
  }
}

/** JSON pointer of `target` inside a document (found by identity); '' when it is the root. */
function pointerTo(store: DocumentStore, file: string, target: Json | undefined): string {
  const root = store.load(documentPath(file.replace(/\.yaml$/, '')));
  const walk = (node: Json, at: string): string | undefined => {
    if (node === target) return at;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) {
        const found = walk(item, `${at}/${i}`);
        if (found !== undefined) return found;
      }
    } else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        const found = walk(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const pointer = walk(root, '');
  if (pointer === undefined) throw new Error(`schema not found in ${file}`);
  return pointer;
}

function describe(error: ErrorObject): string {
  return `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${
    error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  }`;
}
