/**
 * Every named example is valid against its schema (requests and responses), and
 * every JSON response has examples whose first key is `default`.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SERVICES, loadDoc, operations, resolveRef, type Doc } from './load';

// Each document is registered whole under its file name, so local and cross-file
// $refs (recursive ones included) resolve natively; OpenAPI-only keys are ignored.
const BASE = 'https://contracts.local/';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
for (const file of [...SERVICES.map((s) => `${s}.yaml`), 'shared.yaml'])
  ajv.addSchema(loadDoc(file), BASE + file);

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface Case {
  name: string;
  schema: Doc;
  value: unknown;
}

function mediaCases(label: string, media: Doc, file: string, at: string[]): Case[] {
  if (!media?.schema || !media.examples) return [];
  const schema = { $ref: `${BASE}${file}#/${pointer([...at, 'schema'])}` };
  return Object.entries(media.examples as Record<string, Doc>).map(([key, ex]) => {
    const example = typeof ex.$ref === 'string' ? resolveRef(ex.$ref, file).node : ex;
    return { name: `${label} example "${key}"`, schema, value: example.value };
  });
}

function collect(): { cases: Case[]; firstKeys: [string, string][] } {
  const cases: Case[] = [];
  const firstKeys: [string, string][] = [];
  for (const { service, method, path, op } of operations()) {
    const file = `${service}.yaml`;
    const label = `${service} ${method} ${path}`;
    const body = op.requestBody?.content?.['application/json'];
    const opAt = ['paths', path, method.toLowerCase()];
    if (body)
      cases.push(
        ...mediaCases(`${label} request`, body, file, [
          ...opAt,
          'requestBody',
          'content',
          'application/json',
        ]),
      );
    for (const [status, raw] of Object.entries(op.responses ?? {}) as [string, Doc][]) {
      const isRef = typeof raw.$ref === 'string';
      const { node: response, file: rfile } = isRef ? resolveRef(raw.$ref, file) : { node: raw, file };
      const media = response.content?.['application/json'];
      if (!media) continue;
      const at = isRef
        ? [
            ...(raw.$ref as string)
              .split('#')[1]!
              .split('/')
              .filter(Boolean)
              .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')),
            'content',
            'application/json',
          ]
        : [...opAt, 'responses', status, 'content', 'application/json'];
      cases.push(...mediaCases(`${label} ${status}`, media, rfile, at));
      firstKeys.push([`${label} ${status}`, Object.keys(media.examples ?? {})[0] ?? '(none)']);
    }
  }
  return { cases, firstKeys };
}

const { cases, firstKeys } = collect();

describe('contract examples', () => {
  it('there are examples to check', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s is valid against its schema', (_name, c) => {
    const validate = ajv.compile(c.schema);
    const ok = validate(c.value);
    expect(ok, JSON.stringify(validate.errors, null, 1)).toBe(true);
  });

  it.each(firstKeys)('%s lists "default" first', (_label, key) => {
    expect(key).toBe('default');
  });

  it('the scenario users are coherent: owner has a long personal and enterprise name', () => {
    const wb = loadDoc('workbench.yaml');
    const ex = (path: string, name: string) =>
      wb.paths[path].get.responses['200'].content['application/json'].examples[name].value.data;
    expect(Array.from(ex('/user/v1/login/detail', 'owner').user_name as string).length).toBeGreaterThan(7);
    expect(
      Array.from(ex('/userconfig/v2/info', 'owner').last_login_tenant_name as string).length,
    ).toBeGreaterThan(13);
  });
});
