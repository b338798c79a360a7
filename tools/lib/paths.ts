import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root (tools/lib/ is two levels below it). */
export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** Node 24 from the `node` devDependency when present (system Node may be too old), else our own. */
export function nodeBinary(): string {
  const local = path.join(projectRoot, 'node_modules', 'node', 'bin', 'node');
  return existsSync(local) ? local : process.execPath;
}

/** The JavaScript entry of a package's command (run it with `nodeBinary()`, not through its shebang). */
export function packageBin(name: 'tsx' | 'vite'): string {
  const entries = {
    tsx: 'node_modules/tsx/dist/cli.mjs',
    vite: 'node_modules/vite/bin/vite.js',
  };
  return path.join(projectRoot, entries[name]);
}
