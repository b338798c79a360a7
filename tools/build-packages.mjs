// @ts-check
/**
 * Builds the workspace packages that have a build (packages/<name>/dist, with tsup): always
 * after `npm ci` (the `postinstall` hook), and from the `pre…` hooks of the scripts
 * (through preflight.mjs) when a package's sources are newer than its build. The app's
 * scripts import these packages by name, as an outside user does, so they run what is built;
 * vitest and tsc read the sources directly (the `@zhique/source` export condition).
 *
 * `--if-stale`: only packages whose build is missing or older than their sources.
 * Plain JavaScript with no imports outside Node, like preflight.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modification times of every file under `dir` (recursively). @param {string} dir @returns {number[]} */
function mtimes(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
}

/** The workspace packages with a `build` script: folder and name. */
function builtPackages() {
  const dir = path.join(root, 'packages');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'package.json')))
    .map((entry) => {
      const folder = path.join(dir, entry.name);
      const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
      return { folder, name: String(pkg.name), build: pkg.scripts?.build };
    })
    .filter((pkg) => typeof pkg.build === 'string');
}

/** Whether a package's dist/ is missing or older than anything it is built from. @param {string} folder */
function stale(folder) {
  const built = mtimes(path.join(folder, 'dist'));
  if (built.length === 0) return true;
  const sources = [
    ...mtimes(path.join(folder, 'src')),
    ...['package.json', 'tsup.config.ts']
      .map((file) => path.join(folder, file))
      .filter((file) => existsSync(file))
      .map((file) => statSync(file).mtimeMs),
  ];
  return Math.max(...sources) > Math.min(...built);
}

/**
 * Builds the packages (the stale ones only with `ifStale`), in folder order: a package that
 * another one depends on needs no build first (each bundle keeps its dependencies external, and
 * the declarations read the other packages' sources through the `@zhique/source` condition).
 * @param {{ ifStale?: boolean, say?: (text: string) => void }} options @returns {number} an exit code
 */
export function buildPackages({ ifStale = false, say = (text) => console.error(text) } = {}) {
  for (const pkg of builtPackages()) {
    if (ifStale && !stale(pkg.folder)) continue;
    say(`building ${pkg.name} (${path.relative(root, pkg.folder)}/dist)`);
    const run = spawnSync('npm', ['run', 'build', '--silent'], {
      cwd: pkg.folder,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (run.status !== 0) {
      say(
        `building ${pkg.name} failed (exit ${run.status ?? run.signal}): run \`npm run build -w ${pkg.name}\` to see why.`,
      );
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = buildPackages({ ifStale: process.argv.includes('--if-stale') });
