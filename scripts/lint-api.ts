/** `npm run lint:api`: Spectral over the OpenAPI documents, the AsyncAPI parser over the socket contract. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Parser, fromFile } from '@asyncapi/parser';

const root = join(import.meta.dirname, '..');
let failed = false;

try {
  execFileSync(
    join(root, 'node_modules', '.bin', 'spectral'),
    [
      'lint',
      'openapi/workbench.yaml',
      'openapi/message.yaml',
      'openapi/rbac.yaml',
      '--ruleset',
      'openapi/.spectral.yaml',
      '--fail-severity=error',
    ],
    { cwd: root, stdio: 'inherit' },
  );
} catch {
  failed = true;
}

const file = join(root, 'openapi', 'realtime.asyncapi.yaml');
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

if (failed) {
  console.error('lint:api failed');
  process.exit(1);
}
console.log('lint:api: contracts are clean');
