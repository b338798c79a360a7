/**
 * `npm run check:gen`: regenerate and fail if generated/ (or the contracts' path types, or the
 * kit's copy of the contract's types) changed (new files included).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
execFileSync(join(root, 'node_modules', '.bin', 'tsx'), ['tools/gen.ts'], { cwd: root, stdio: 'inherit' });
const status = execFileSync(
  'git',
  [
    'status',
    '--porcelain',
    '--',
    'generated',
    'packages/contracts/types',
    'packages/sub-app-kit/contract.d.ts',
  ],
  {
    cwd: root,
    encoding: 'utf8',
  },
);
if (status.trim()) {
  console.error('generated/ is stale or uncommitted — run `npm run gen` and commit the result:\n' + status);
  process.exit(1);
}
console.log('check:gen: generated/ matches the contracts');
