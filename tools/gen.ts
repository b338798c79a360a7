/**
 * `npm run gen`: everything derived from the contracts, written to generated/ (the app's)
 * and to the packages that ship it.
 *  - orval: React Query v5 hooks, plain functions, models, MSW handlers (per service)
 *  - openapi-typescript: path types for openapi-fetch, shipped with the contracts
 *    (packages/contracts/types; the checker, the mock stack and the tests use them)
 *  - the shell ↔ sub-app contract (packages/contracts/openapi/sub-apps.schema.yaml): types and validators
 * Deterministic: the same documents give byte-identical output.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceDocuments } from '@zhique/workbench-contracts/reader';
import { generateSubAppContract } from './gen-sub-apps';

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
rmSync(join(root, 'packages', 'contracts', 'types'), { recursive: true, force: true });
run(bin('orval'), ['--config', 'orval.config.ts']);

mkdirSync(join(root, 'packages', 'contracts', 'types'), { recursive: true });
for (const name of serviceDocuments) {
  run(bin('openapi-typescript'), [
    `packages/contracts/openapi/${name}.yaml`,
    '-o',
    `packages/contracts/types/${name}.d.ts`,
    '--root-types',
  ]);
}
await generateSubAppContract();
run(bin('prettier'), [
  '--log-level',
  'warn',
  '--write',
  'packages/contracts/types',
  'generated/sub-apps',
  'packages/sub-app-kit/contract.d.ts',
]);

writeFileSync(
  join(root, 'generated', 'README.md'),
  `# generated/

Output of \`npm run gen\` from the documents in \`packages/contracts/openapi/\`. Never edit by hand:
change the contract, run \`npm run gen\`, commit both. \`npm run check:gen\` fails
when this folder is stale. The path types for openapi-fetch are shipped with the
contracts, in \`packages/contracts/types/\`.

| folder | generator | used by |
|---|---|---|
| \`workbench/\`, \`message/\`, \`rbac/\` | orval (React Query v5 hooks, functions, models, MSW handlers) | the app, component tests |
| \`sub-apps/\` | json-schema-to-typescript and Ajv standalone, from \`sub-apps.schema.yaml\` | the shell's sub-app channel, packages/sub-app-kit |
`,
);
console.log('generated/ is up to date with packages/contracts/openapi/');
