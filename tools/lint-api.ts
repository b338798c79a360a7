/**
 * `npm run lint:api`: Spectral over the OpenAPI documents, the AsyncAPI parser over the
 * socket contract, and Ajv (strict, JSON Schema 2020-12) over the sub-app contract.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser, fromFile } from '@asyncapi/parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { documentPath, serviceDocuments } from '@zhique/workbench-contracts/reader';

const root = join(import.meta.dirname, '..');
let failed = false;

try {
  execFileSync(
    join(root, 'node_modules', '.bin', 'spectral'),
    [
      'lint',
      ...serviceDocuments.map(documentPath),
      '--ruleset',
      'packages/contracts/openapi/.spectral.yaml',
      '--fail-severity=error',
    ],
    { cwd: root, stdio: 'inherit' },
  );
} catch {
  failed = true;
}

const file = documentPath('realtime.asyncapi');
const { document, diagnostics } = await fromFile(new Parser(), file).parse();
const errors = diagnostics.filter((d) => d.severity === 0);
for (const d of diagnostics.filter((x) => x.severity <= 1)) {
  console.log(
    `${d.severity === 0 ? 'error' : 'warning'}  ${d.message}  ${d.path.join('.')}  (realtime.asyncapi.yaml)`,
  );
}
if (!document || errors.length) failed = true;
else
  console.log(
    `AsyncAPI: realtime.asyncapi.yaml valid (${document.version()}, ${document.operations().length} operations)`,
  );

// The sub-app contract: a valid 2020-12 schema whose every definition compiles in strict mode.
try {
  const schema = parse(readFileSync(documentPath('sub-apps.schema'), 'utf8')) as {
    $id: string;
    $defs: Record<string, unknown>;
  };
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  if (!ajv.validateSchema(schema)) throw new Error(ajv.errorsText(ajv.errors));
  ajv.addSchema(schema);
  for (const name of Object.keys(schema.$defs)) ajv.getSchema(`${schema.$id}#/$defs/${name}`);
  console.log(`JSON Schema: sub-apps.schema.yaml valid (${Object.keys(schema.$defs).length} definitions)`);
} catch (error) {
  console.log(`error  ${error instanceof Error ? error.message : String(error)}  (sub-apps.schema.yaml)`);
  failed = true;
}

if (failed) {
  console.error('lint:api failed');
  process.exit(1);
}
console.log('lint:api: contracts are clean');
