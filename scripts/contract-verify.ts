/**
 * `npm run contract:verify -- --upstream URL` — checks a running server against the
 * contracts, for backend teams (and, in the tests, the mock stack itself).
 *
 * For each service document a Prism proxy (`prism proxy --errors`) stands between us and
 * `<URL>/api/<service>`. Every operation whose path parameters have examples is called
 * once with a request built from the document (request body: its example, else a minimal
 * valid body; headers `Authorization: Basic <token>` and `X-Tenant-Id: <tenant>`).
 * Prism validates the request and the upstream's response; what it reports (the 500
 * problem body of `--errors`, the `sl-violations` header, including warnings such as an
 * undocumented status) is printed per operation, then the totals.
 *
 * Options:
 *   --upstream URL      server to check (required); the services live at URL/api/<service>
 *   --token T           token for the Authorization header (env VERIFY_TOKEN, default "verify")
 *   --tenant ID         X-Tenant-Id (env VERIFY_TENANT, default t-personal-1001)
 *   --scenario-free     one plain pass only. Without it, when the upstream is the mock stack
 *                       (it answers GET /__mock/scenarios), every scenario is checked too
 *   --read-only         only GET/HEAD operations (safe against a shared server)
 *   --operation ID,...  only these operationIds
 * Exit code: 0 no violation, 1 violations or failed calls, 2 upstream unreachable or set-up error.
 *
 * Prism accepts a basic credential only if it decodes to "user:password", while our
 * token is opaque, so the proxies run on a temporary copy of the documents without
 * security requirements; the verifier always sends both headers itself.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import {
  documentPath,
  DocumentStore,
  httpMethods,
  isObject,
  listOperations,
  openapiDir,
  operationParameters,
  serviceDocuments,
  type Json,
  type OperationInfo,
  type ServiceName,
} from './lib/openapi';
import { startPrism, type PrismProcess } from './lib/prism';
import { onTerminate, stopAll } from './lib/processes';
import { declaredExample, parameterValue, sampleFromSchema } from './lib/schema-sample';

interface Violation {
  severity: string;
  location: string;
  message: string;
}

interface Outcome {
  service: ServiceName;
  operationId: string;
  method: string;
  path: string;
  scenario?: string;
  status?: number;
  skipped?: string;
  violations: Violation[];
}

const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    token: { type: 'string' },
    tenant: { type: 'string' },
    'scenario-free': { type: 'boolean', default: false },
    'read-only': { type: 'boolean', default: false },
    operation: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const upstreamArg = values.upstream?.replace(/\/+$/, '');
if (!upstreamArg || !/^https?:\/\//.test(upstreamArg)) {
  console.error(
    'Usage: npm run contract:verify -- --upstream http://host:port [--token T] [--tenant ID] [--scenario-free] [--read-only] [--operation id,...]',
  );
  process.exit(2);
}
const upstream: string = upstreamArg;
const token = values.token ?? process.env.VERIFY_TOKEN ?? 'verify';
const tenant = values.tenant ?? process.env.VERIFY_TENANT ?? 't-personal-1001';
const only = values.operation ? new Set(values.operation.split(',').map((s) => s.trim())) : undefined;

const store = new DocumentStore();
const tempDir = mkdtempSync(path.join(tmpdir(), 'contract-verify-'));
const proxies = new Map<ServiceName, PrismProcess>();

async function cleanup(): Promise<void> {
  await stopAll();
  rmSync(tempDir, { recursive: true, force: true });
}
onTerminate(cleanup, { watchParents: true });

/** Copies the documents (refs between them keep working) without security requirements. */
function prepareDocuments(): void {
  for (const name of readdirSync(openapiDir)) {
    if (!/\.ya?ml$/.test(name) || name.startsWith('.')) continue;
    const source = path.join(openapiDir, name);
    const doc = parse(readFileSync(source, 'utf8')) as Json;
    if (isObject(doc) && typeof doc.openapi === 'string') {
      delete doc.security;
      for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
        if (!isObject(item)) continue;
        for (const method of httpMethods) {
          const operation = item[method];
          if (isObject(operation)) delete operation.security;
        }
      }
    }
    writeFileSync(path.join(tempDir, name), stringify(doc, { aliasDuplicateObjects: false }));
  }
}

async function reachable(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

async function mockScenarios(): Promise<string[]> {
  try {
    const response = await fetch(`${upstream}/__mock/scenarios`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return [];
    const list = (await response.json()) as unknown;
    return Array.isArray(list)
      ? list.map((s: { name?: unknown }) => s.name).filter((n): n is string => typeof n === 'string')
      : [];
  } catch {
    return [];
  }
}

// A 1×1 transparent PNG, for multipart file fields.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface BuiltRequest {
  path: string;
  init: RequestInit;
}

/** Builds the request for an operation, or says why it cannot. */
function buildRequest(op: OperationInfo, scenario: string | undefined): BuiltRequest | string {
  let urlPath = op.template;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Basic ${token}`,
    'X-Tenant-Id': tenant,
  };
  if (scenario) headers.Cookie = `mock_scenario=${scenario}`;

  for (const parameter of operationParameters(store, op)) {
    const { name, in: where, required } = parameter.value;
    if (typeof name !== 'string') continue;
    const value = parameterValue(store, parameter);
    if (where === 'path') {
      if (value === undefined || value === null) return `path parameter "${name}" has no example`;
      urlPath = urlPath.replace(`{${name}}`, encodeURIComponent(String(value)));
    } else if (where === 'query' || where === 'header') {
      let v = value;
      if (v === undefined && required) v = sampleFromSchema(store, parameter.value.schema, parameter.file);
      if (v === undefined || v === null) continue;
      if (where === 'query' && Array.isArray(v)) {
        // style form: exploded (the default) repeats the name, otherwise one comma-separated value
        if (parameter.value.explode === false) query.set(name, v.map(String).join(','));
        else for (const item of v) query.append(name, String(item));
        continue;
      }
      const text = Array.isArray(v)
        ? v.map(String).join(',')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
      if (where === 'query') query.set(name, text);
      else if (!['authorization', 'x-tenant-id'].includes(name.toLowerCase())) headers[name] = text;
    }
  }
  if (/\{[^}]+\}/.test(urlPath)) return 'a path parameter is not declared';

  const init: RequestInit = {
    method: op.method,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  };
  const body = store.deref(op.operation.requestBody, op.file);
  if (body && isObject(body.value) && isObject(body.value.content)) {
    const entries = Object.entries(body.value.content);
    const json = entries.find(([media]) => /json/i.test(media));
    const multipart = entries.find(([media]) => /^multipart\/form-data/i.test(media));
    if (json && isObject(json[1])) {
      const value =
        declaredExample(store, json[1], body.file) ?? sampleFromSchema(store, json[1].schema, body.file);
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(value);
    } else if (multipart && isObject(multipart[1])) {
      const schema = store.deref(multipart[1].schema, body.file);
      const form = new FormData();
      const properties =
        schema && isObject(schema.value) && isObject(schema.value.properties) ? schema.value.properties : {};
      const required =
        schema && isObject(schema.value) && Array.isArray(schema.value.required) ? schema.value.required : [];
      for (const name of required) {
        if (typeof name !== 'string') continue;
        const property = store.deref(properties[name], schema?.file ?? body.file);
        const p = property && isObject(property.value) ? property.value : {};
        if (
          p.format === 'binary' ||
          typeof p.contentMediaType === 'string' ||
          (p.type === 'string' && p.contentEncoding)
        ) {
          form.set(name, new Blob([tinyPng], { type: 'image/png' }), 'verify.png');
        } else {
          const v = sampleFromSchema(store, properties[name], schema?.file ?? body.file);
          form.set(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
        }
      }
      init.body = form;
    } else if (entries.length) {
      return `request body media type ${entries.map(([m]) => m).join(', ')} is not supported by the verifier`;
    }
  }
  const search = query.toString();
  return { path: `${urlPath}${search ? `?${search}` : ''}`, init };
}

function parseViolations(raw: unknown): Violation[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((v: { severity?: unknown; location?: unknown; message?: unknown; code?: unknown }) => ({
    severity: String(v.severity ?? 'Error'),
    location: Array.isArray(v.location) ? v.location.join('.') : String(v.location ?? ''),
    message: `${String(v.message ?? '')}${v.code !== undefined ? ` (${String(v.code)})` : ''}`,
  }));
}

async function call(prism: PrismProcess, op: OperationInfo, scenario: string | undefined): Promise<Outcome> {
  const outcome: Outcome = {
    service: op.service,
    operationId: op.operationId,
    method: op.method,
    path: op.template,
    scenario,
    violations: [],
  };
  const request = buildRequest(op, scenario);
  if (typeof request === 'string') return { ...outcome, skipped: request };
  outcome.path = request.path;
  let response: Response;
  try {
    response = await fetch(`${prism.url}${request.path}`, request.init);
  } catch (error) {
    outcome.violations.push({ severity: 'Error', location: 'network', message: (error as Error).message });
    return outcome;
  }
  outcome.status = response.status;
  const header = response.headers.get('sl-violations');
  if (header) {
    try {
      outcome.violations.push(...parseViolations(JSON.parse(header)));
    } catch {
      outcome.violations.push({ severity: 'Error', location: 'sl-violations', message: header });
    }
  }
  const text = await response.text();
  if (/problem\+json/.test(response.headers.get('content-type') ?? '')) {
    try {
      const problem = JSON.parse(text) as {
        type?: string;
        title?: string;
        detail?: string;
        validation?: unknown;
      };
      if (typeof problem.type === 'string' && problem.type.startsWith('https://stoplight.io/prism/errors#')) {
        const found = parseViolations(problem.validation);
        const kind = problem.type.split('#')[1] ?? '';
        if (found.length) outcome.violations.push(...found);
        else
          outcome.violations.push({
            severity: 'Error',
            location: `prism ${kind}`,
            message: `${problem.title ?? ''}: ${problem.detail ?? ''}`,
          });
      }
    } catch {
      // an upstream's own problem document: judged by the header only
    }
  }
  return outcome;
}

async function pool<T, R>(items: T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index] as T);
      }
    }),
  );
  return results;
}

async function main(): Promise<number> {
  const problem = await reachable(upstream);
  if (problem) {
    console.error(`✖ upstream ${upstream} is unreachable (${problem})`);
    return 2;
  }
  prepareDocuments();
  const services = serviceDocuments.filter((s) => existsSync(documentPath(s)));
  const missing = serviceDocuments.filter((s) => !services.includes(s));
  if (missing.length) console.warn(`! no document for ${missing.join(', ')}: not checked`);

  try {
    await Promise.all(
      services.map(async (service) => {
        proxies.set(
          service,
          await startPrism({
            mode: 'proxy',
            errors: true,
            document: path.join(tempDir, `${service}.yaml`),
            upstream: `${upstream}/api/${service}`,
            label: `proxy ${service}`,
            quiet: true,
            verbosity: 'error',
          }),
        );
      }),
    );
  } catch (error) {
    console.error(`✖ could not start the Prism proxies: ${(error as Error).message}`);
    return 2;
  }

  const scenarios = values['scenario-free'] ? [] : await mockScenarios();
  const passes: (string | undefined)[] = [undefined, ...scenarios];
  const operations = services
    .flatMap((service) => listOperations(store, service))
    .filter(
      (op) =>
        (!only || only.has(op.operationId)) &&
        (!values['read-only'] || op.method === 'GET' || op.method === 'HEAD'),
    );
  if (only) {
    for (const id of only)
      if (!operations.some((op) => op.operationId === id)) console.warn(`! no operation "${id}"`);
  }

  console.log(`Contract verification of ${upstream}`);
  console.log(
    `  documents: ${services.map((s) => `openapi/${s}.yaml`).join(', ')}; operations: ${operations.length}`,
  );
  console.log(`  passes: ${passes.map((p) => p ?? '(no scenario)').join(', ')}\n`);

  const all: Outcome[] = [];
  for (const scenario of passes) {
    if (scenario) console.log(`— scenario ${scenario}`);
    const outcomes = await pool(operations, 6, (op) =>
      call(proxies.get(op.service) as PrismProcess, op, scenario),
    );
    for (const o of outcomes) {
      const name = `${o.service} ${o.operationId}  ${o.method} ${o.path}`;
      if (o.skipped) {
        if (!values.quiet) console.log(`  – ${name}  skipped: ${o.skipped}`);
      } else if (o.violations.length) {
        console.log(`  ✖ ${name}  → ${o.status ?? 'no response'}`);
        for (const v of o.violations) console.log(`      [${v.severity}] ${v.location}: ${v.message}`);
      } else if (!values.quiet) {
        console.log(`  ✔ ${name}  → ${o.status}`);
      }
    }
    all.push(...outcomes);
  }

  const tried = all.filter((o) => !o.skipped);
  const failed = tried.filter((o) => o.violations.length);
  const skipped = all.filter((o) => o.skipped);
  const violationCount = failed.reduce((n, o) => n + o.violations.length, 0);
  console.log(
    `\nTotals: ${tried.length} call(s) to ${new Set(tried.map((o) => o.operationId)).size} operation(s) in ${passes.length} pass(es); ` +
      `${tried.length - failed.length} passed, ${failed.length} with violations (${violationCount} violation(s)), ${skipped.length} skipped.`,
  );
  if (failed.length) console.log('✖ the upstream does not conform to the contracts');
  else console.log('✔ no violations');
  return failed.length ? 1 : 0;
}

let exitCode = 2;
try {
  exitCode = await main();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
await cleanup();
process.exit(exitCode);
