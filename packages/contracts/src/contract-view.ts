/**
 * What the mock's state layer and the conformance checker read from the contracts:
 * - the examples it starts a session from (the same ones Prism would have served);
 * - the response schemas every answer it produces must satisfy before it leaves the
 *   gateway (Ajv, JSON Schema 2020-12, the documents registered whole so every `$ref`
 *   resolves as written).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  DocumentStore,
  isObject,
  jsonContent,
  operationParameters,
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
  /** Where each error is (Ajv's instance path, `(body)` for the root), in the order of `errors`. */
  fields: string[];
}

/** What a request the client sent gets wrong: where (`query.page_size`, `body/experiencer_email`) and how. */
export interface RequestProblem {
  field: string;
  message: string;
}

/** A request as it arrived: the path below the service prefix, and what came with it. */
export interface ArrivedRequest {
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  contentType?: string;
  body: Buffer;
}

export class ContractView {
  readonly documents: DocumentStore;
  private ajv?: Ajv2020;
  private loaded: Json[] = [];
  private validators = new Map<string, ValidateFunction | null>();

  /** `dir`: the folder of the documents (this package's own by default). */
  constructor(dir?: string) {
    this.documents = new DocumentStore(dir);
  }

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
    const doc = this.documents.load(this.documents.documentPath(op.service));
    const security = op.operation.security ?? (isObject(doc) ? doc.security : undefined);
    return (
      Array.isArray(security) && security.some((entry) => isObject(entry) && Object.keys(entry).length > 0)
    );
  }

  /** The operation acts in a tenant: its security (or the document's) requires the `tenantId` scheme. */
  tenantScoped(op: OperationInfo): boolean {
    const doc = this.documents.load(this.documents.documentPath(op.service));
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
      return {
        operation: op.operationId,
        status,
        errors: [`status ${status} is not documented`],
        fields: [],
      };
    if (validate === null || validate(body)) return undefined;
    const errors = validate.errors ?? [];
    return { operation: op.operationId, status, errors: errors.map(describe), fields: errors.map(fieldOf) };
  }

  /**
   * Checks a request a client sent against the operation: each documented parameter (path,
   * query, header) present when required and of its schema (text coerced to the schema's type,
   * as a server would read it), the body present when required, of a documented media type,
   * and JSON bodies against their schema. Security headers are the server's to refuse.
   */
  checkRequest(op: OperationInfo, request: ArrivedRequest): RequestProblem[] {
    this.refresh();
    const problems: RequestProblem[] = [];
    const pathValues = pathParameters(op.template, request.path);
    for (const located of operationParameters(this.documents, op)) {
      const parameter = located.value;
      const name = String(parameter.name);
      const where = String(parameter.in);
      const field = `${where}.${name}`;
      let values: string[];
      if (where === 'path') values = pathValues[name] === undefined ? [] : [pathValues[name]];
      else if (where === 'query') values = request.query.getAll(name);
      else if (where === 'header') {
        const header = request.headers[name.toLowerCase()];
        values = header === undefined ? [] : Array.isArray(header) ? header : [header];
      } else continue;
      if (!values.length) {
        if (parameter.required === true || where === 'path')
          problems.push({ field, message: `required ${where} parameter "${name}" is missing` });
        continue;
      }
      const validate = this.compileAt(parameter.schema, located.file, `parameter ${op.operationId} ${field}`);
      if (!validate) continue;
      const schema = this.documents.deref(parameter.schema, located.file)?.value;
      const isArray = isObject(schema) && schema.type === 'array';
      const explode = parameter.explode !== false;
      const value = isArray
        ? (values.length === 1 && !explode ? (values[0] ?? '').split(',') : values).map(coerce)
        : coerce(values[0] ?? '');
      if (validate(value)) continue;
      const errors = validate.errors ?? [];
      // Read as text it may still be right (a phone number of digits is a string parameter).
      if (validate(isArray ? values : values[0])) continue;
      problems.push({
        field,
        message: `${where} parameter "${name}" ${errors
          .map((e) => `${e.instancePath ? `${e.instancePath} ` : ''}${e.message ?? 'is invalid'}`)
          .join('; ')}`,
      });
    }

    const requestBody = this.documents.deref(op.operation.requestBody, op.file);
    if (!requestBody || !isObject(requestBody.value)) return problems;
    const content = isObject(requestBody.value.content) ? requestBody.value.content : {};
    if (!request.body.length) {
      if (requestBody.value.required === true)
        problems.push({ field: 'body', message: 'the required body is missing' });
      return problems;
    }
    const mediaType = (request.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const documented = Object.keys(content);
    const media = documented.find((m) => m.toLowerCase() === mediaType);
    if (!media) {
      problems.push({
        field: 'header.content-type',
        message: `content type "${mediaType || '(none)'}" is not documented (documented: ${documented.join(', ')})`,
      });
      return problems;
    }
    const mediaObject = content[media];
    if (!/^application\/(.+\+)?json$/.test(mediaType) || !isObject(mediaObject)) return problems;
    let json: unknown;
    try {
      json = JSON.parse(request.body.toString('utf8'));
    } catch {
      problems.push({ field: 'body', message: 'the body is not JSON' });
      return problems;
    }
    const validate = this.compileAt(mediaObject.schema, requestBody.file, `body ${op.operationId} ${media}`);
    if (validate && !validate(json))
      for (const error of validate.errors ?? [])
        problems.push({
          field: `body${fieldOf(error) === '(body)' ? '' : fieldOf(error)}`,
          message: describe(error),
        });
    return problems;
  }

  /** A validator for a schema node found in `file` (compiled through a $ref to where it sits), cached. */
  private compileAt(node: Json | undefined, file: string, key: string): ValidateFunction | undefined {
    if (node === undefined) return undefined;
    if (this.validators.has(key)) return this.validators.get(key) ?? undefined;
    const schema = this.documents.deref(node, file);
    const name = `${FILES.find((f) => this.documents.documentPath(f) === schema?.file) ?? 'shared'}.yaml`;
    const validate = schema
      ? this.ajv!.compile({ $ref: `${BASE}${name}#${pointerTo(this.documents, name, schema.value)}` })
      : null;
    this.validators.set(key, validate);
    return validate ?? undefined;
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
      const file = `${FILES.find((f) => this.documents.documentPath(f) === schema?.file) ?? op.service}.yaml`;
      validate = this.ajv!.compile({
        $ref: `${BASE}${file}#${pointerTo(this.documents, file, schema?.value)}`,
      });
    }
    this.validators.set(key, validate);
    return validate;
  }

  /** (Re)builds Ajv when a document changed on disk. */
  private refresh(): void {
    const docs = FILES.map((f) => this.documents.load(this.documents.documentPath(f)));
    if (this.ajv && docs.every((doc, i) => doc === this.loaded[i])) return;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    FILES.forEach((f, i) => ajv.addSchema(docs[i] as object, `${BASE}${f}.yaml`));
    this.ajv = ajv;
    this.loaded = docs;
    this.validators.clear();
  }
}

/** The path parameters' values of a concrete path under its template (`/del/{id}` + `/del/7` → { id: '7' }). */
function pathParameters(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${source}/?$`).exec(path);
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match?.[i + 1];
    if (raw === undefined) return;
    try {
      values[name] = decodeURIComponent(raw);
    } catch {
      values[name] = raw;
    }
  });
  return values;
}

/** Text of a parameter read as a server would: numbers and booleans as such, the rest as text. */
function coerce(text: string): Json {
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/** JSON pointer of `target` inside a document (found by identity); '' when it is the root. */
function pointerTo(store: DocumentStore, file: string, target: Json | undefined): string {
  const root = store.load(store.documentPath(file.replace(/\.yaml$/, '')));
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

/** The place an error is about: its instance path, plus the missing property for `required`. */
function fieldOf(error: ErrorObject): string {
  const missing =
    error.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  return `${error.instancePath}${missing ? `/${missing}` : ''}` || '(body)';
}

function describe(error: ErrorObject): string {
  return `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'}${
    error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  }`;
}
