/**
 * `npm run bench:packages` (also the last part of `npm run bench`): what a backend team installs
 * to check its server (and QA to run the mock stack), beside what this whole repository installs. The checker and the
 * contracts are packed (`npm pack`) and installed from their tarballs into an empty folder:
 * once with an empty npm cache (a machine that never installed anything; the packages come
 * from the registry), once with the cache that install left. The repository is installed the
 * same way as a clone is (`npm ci` of its package.json and lock in an empty folder, with the
 * warm cache and no install scripts, so the two warm figures compare like with like).
 * Figures only, no pass/fail (goal: a few tens of MB, not a gigabyte).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cleanEnv, countPackages, diskBytes, installTarballs, pack } from '../lib/packed';
import { projectRoot } from '../lib/paths';

const run = promisify(execFile);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm ci` of this repository's manifests in an empty folder: size, packages and time. */
async function installRepository(): Promise<{ bytes: number; packages: number; ms: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'workbench-repository-'));
  try {
    for (const file of ['package.json', 'package-lock.json'])
      cpSync(path.join(projectRoot, file), path.join(dir, file));
    // The workspaces' manifests, which the lock refers to.
    for (const name of readdirSync(path.join(projectRoot, 'packages'))) {
      const manifest = path.join(projectRoot, 'packages', name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(path.join(dir, 'packages', name), { recursive: true });
      cpSync(manifest, path.join(dir, 'packages', name, 'package.json'));
    }
    const started = performance.now();
    await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: cleanEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    const ms = performance.now() - started;
    const modules = path.join(dir, 'node_modules');
    return { bytes: diskBytes(modules), packages: countPackages(modules), ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchPackageInstalls(): Promise<string[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'workbench-bench-packages-'));
  try {
    const tarballs = [(await pack('contracts', work)).tarball, (await pack('contract-verify', work)).tarball];
    const cold = await installTarballs(tarballs, { cache: path.join(work, 'empty-cache') });
    cold.remove();
    const warm = await installTarballs(tarballs);
    warm.remove();
    // QA's install: the mock stack, with the packages of ours it needs from their tarballs.
    const mockTarballs = [
      ...tarballs,
      (await pack('sub-app-kit', work)).tarball,
      (await pack('mock-stack', work)).tarball,
    ];
    const mock = await installTarballs(mockTarballs);
    mock.remove();
    const repository = await installRepository();
    return [
      '\nWhat a backend team installs to check its server (npm pack + npm install of the tarballs):',
      `  the checker and the contracts: ${mb(warm.bytes)} on disk, ${warm.packages} packages`,
      `    install, empty npm cache:   ${seconds(cold.installMs)}`,
      `    install, warm npm cache:    ${seconds(warm.installMs)}`,
      `  QA's mock stack (with the contracts, the checker and the kit): ${mb(mock.bytes)} on disk, ${mock.packages} packages`,
      `    install, warm npm cache:    ${seconds(mock.installMs)}`,
      `  the whole repository (npm ci): ${mb(repository.bytes)} on disk, ${repository.packages} packages`,
      `    install, warm npm cache, no install scripts: ${seconds(repository.ms)}`,
      `    this checkout's node_modules, install scripts run (the pinned Node) and caches: ${mb(diskBytes(path.join(projectRoot, 'node_modules')))}`,
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  for (const line of await benchPackageInstalls()) console.log(line);
}
