/**
 * `npm run gen`: everything derived from the contracts, written to generated/.
 *  - orval: React Query v5 hooks, plain functions, models, MSW handlers (per service)
 *  - openapi-typescript: path types for openapi-fetch (scripts and tests)
 *  - the shell ↔ sub-app contract (openapi/sub-apps.schema.yaml): types and validators
 * Deterministic: the same documents give byte-identical output.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSubAppContract } from './gen-sub-apps';
import { serviceDocuments } from './lib/openapi';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(cmd: string, args: string[]) {
  execFileSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DO_NOT_TRACK: '1' },
  });
}

rmSync(join(root, 'generated'), { recursive: true, force: true });
run(bin('orval'), ['--config', 'orval.config.ts']);

mkdirSync(join(root, 'generated', 'types'), { recursive: true });
for (const name of serviceDocuments) {
  run(bin('openapi-typescript'), [
    `openapi/${name}.yaml`,
    '-o',
    `generated/types/${name}.d.ts`,
    '--root-types',
  ]);
}
await generateSubAppContract();
run(bin('prettier'), [
  '--log-level',
  'warn',
  '--write',
  'generated/types',
  'generated/sub-apps',
  'packages/sub-app-kit/contract.d.ts',
]);

writeFileSync(
  join(root, 'generated', 'README.md'),
  `# generated/

Output of \`npm run gen\` from the documents in \`openapi/\`. Never edit by hand:
change the contract, run \`npm run gen\`, commit both. \`npm run check:gen\` fails
when this folder is stale.

| folder | generator | used by |
|---|---|---|
| \`workbench/\`, \`message/\`, \`rbac/\` | orval (React Query v5 hooks, functions, models, MSW handlers) | the app, component tests |
| \`types/\` | openapi-typescript (path types for openapi-fetch) | scripts and tests |
| \`sub-apps/\` | json-schema-to-typescript and Ajv standalone, from \`sub-apps.schema.yaml\` | the shell's sub-app channel, packages/sub-app-kit |
`,
);
console.log('generated/ is up to date with openapi/');
