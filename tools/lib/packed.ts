/**
 * The workspace packages as an outside user gets them: `npm pack` (which builds each one
 * through its `prepack` script) and `npm install` of the tarballs into an empty folder outside
 * this repository, with nothing else. The install test (tests/packages) runs what it installed;
 * the benchmark (`npm run bench`) weighs it and times the install.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './paths';

const run = promisify(execFile);

/** The workspace packages by folder name (packages/<folder>). */
export const WORKSPACES = {
  contracts: '@zhique/workbench-contracts',
  'contract-verify': '@zhique/workbench-contract-verify',
  'sub-app-kit': '@zhique/workbench-sub-app-kit',
  'mock-stack': '@zhique/workbench-mock',
} as const;
export type Workspace = keyof typeof WORKSPACES;

export interface PackedFile {
  tarball: string;
  /** The files the tarball holds, relative to the package. */
  files: string[];
}

/** Packs one workspace into `destination` (its `prepack` builds it first). */
export async function pack(workspace: Workspace, destination: string): Promise<PackedFile> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: path.join(projectRoot, 'packages', workspace),
    maxBuffer: 16 * 1024 * 1024,
  });
  const [result] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!result) throw new Error(`npm pack of packages/${workspace} printed no result`);
  return { tarball: path.join(destination, result.filename), files: result.files.map((f) => f.path) };
}

export interface Installation {
  /** The folder the tarballs were installed into (its node_modules/.bin holds their commands). */
  dir: string;
  /** How long `npm install` took. */
  installMs: number;
  /** The size of the folder's node_modules on disk. */
  bytes: number;
  /** The number of packages installed (npm's own count of node_modules entries). */
  packages: number;
  /** A command the installation provides, by name. */
  bin(name: string): string;
  remove(): void;
}

/**
 * Installs tarballs into a new empty folder under the system's temporary folder, as
 * `npm install <tarball>...` in an empty project does. `cache`: npm's cache folder (a new, empty
 * one measures a first install on a machine that never installed anything).
 */
export async function installTarballs(
  tarballs: string[],
  options: { cache?: string } = {},
): Promise<Installation> {
  const dir = mkdtempSync(path.join(tmpdir(), 'workbench-install-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'install-probe', private: true }));
  const started = performance.now();
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      ...(options.cache ? ['--cache', options.cache] : []),
      ...tarballs,
    ],
    // A clean environment for npm: no settings inherited from this repository's `npm run`.
    { cwd: dir, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 },
  );
  const installMs = performance.now() - started;
  const modules = path.join(dir, 'node_modules');
  return {
    dir,
    installMs,
    bytes: diskBytes(modules),
    packages: countPackages(modules),
    bin: (name) => path.join(modules, '.bin', name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment without what `npm run` adds (npm_* settings, this repository's node_modules/.bin). */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const ownBins = path.join(projectRoot, 'node_modules', '.bin');
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => path.resolve(entry) !== ownBins)
    .join(path.delimiter);
  return env;
}

/** Bytes on disk under a folder, as `du` counts them (allocated blocks; symlinks not followed). */
export function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() || entry.isDirectory())
      total += statSync(path.join(entry.parentPath, entry.name)).blocks * 512;
  }
  return total;
}

/** Packages installed, from npm's own record of the folder (node_modules/.package-lock.json). */
export function countPackages(modules: string): number {
  const lock = JSON.parse(readFileSync(path.join(modules, '.package-lock.json'), 'utf8')) as {
    packages?: Record<string, unknown>;
  };
  return Object.keys(lock.packages ?? {}).filter((where) => where.startsWith('node_modules/')).length;
}
