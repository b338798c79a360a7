import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

/**
 * Node's arguments that run a TypeScript file in Node's own process, through tsx's loader
 * (`node --import tsx file.ts`), for `nodeBinary()`. A server that writes something as it stops
 * runs so, not through tsx's command: that one runs the file in a child process, relays a
 * signal to it, and kills it (SIGKILL) unless the child answers within about 60 ms, so a busy
 * process lost what it was writing on Ctrl-C (the gateway's report; tsx#95, tsx#253).
 */
export function typescriptArgs(script: string, ...args: string[]): string[] {
  const loader = path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs');
  return ['--import', pathToFileURL(loader).href, script, ...args];
}
