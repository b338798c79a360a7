// @ts-check
/**
 * `npm run preflight` (and the `pre…` hooks of start, test, build, …): which Node runs the
 * scripts, and is it one the installed packages accept?
 *
 * The project brings its own Node (the `node` dev dependency, node_modules/.bin/node, which
 * `npm run` puts first on PATH). That package downloads its binary in an install script; when
 * npm does not run it (--ignore-scripts, ignore-scripts in an .npmrc, npm's install-script
 * policy), `npm start` used to die deep inside on the system Node ("No such built-in module:
 * node:sqlite") with nothing saying why. Now it stops here, naming the Node in use, the
 * packages that refuse it and the fix. A Node of your own that every package accepts (nvm, .nvmrc)
 * is fine: one line says it is used.
 *
 * Then the workspace packages the scripts import by name (tools/build-packages.mjs): built
 * after an install, rebuilt when their sources changed.
 *
 * `--after-install` (the `postinstall` hook): never fails on the Node; when npm itself ran on an older Node,
 * says that its EBADENGINE warnings were about that Node, not the one the scripts run on.
 *
 * Plain JavaScript with no imports outside Node: it must run on whatever old Node is on PATH,
 * before anything else of the project can.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages } from './build-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const afterInstall = process.argv.includes('--after-install');
const say = (/** @type {string} */ text) => console.error(`[preflight] ${text}`);

/** @param {string} version e.g. "v24.21.0", "22.18", "12.x" @returns {(number | undefined)[]} undefined: a wildcard */
function parts(version) {
  return version
    .replace(/^[v=]/, '')
    .split('-')[0]
    .split('.')
    .slice(0, 3)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : undefined));
}

/** -1, 0, 1; missing parts count as 0. @param {(number|undefined)[]} a @param {(number|undefined)[]} b */
function compare(a, b) {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0) ? -1 : 1;
  return 0;
}

/**
 * Whether `version` satisfies an `engines.node` range: `||` alternatives of space-separated
 * comparators (>=, >, <=, <, =, ^, ~, x-ranges, partial versions). Enough for engines fields;
 * prerelease tags are ignored.
 * @param {string} version @param {string} range
 */
export function satisfies(version, range) {
  const v = parts(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/^(\S+)\s+-\s+(\S+)$/, '>=$1 <=$2') // a hyphen range
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const [, op = '', spec = ''] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator) ?? [];
        const want = parts(spec);
        const given = want.findIndex((p) => p === undefined);
        const length = given === -1 ? want.length : given; // how many leading parts are fixed
        if (length === 0) return true; // *, x
        const fixed = want.slice(0, length);
        /** The first version after every one that matches the fixed parts, e.g. 22 → 23.0.0. */
        const next = [...fixed.slice(0, -1), (fixed[length - 1] ?? 0) + 1];
        const partial = length < 3;
        switch (op) {
          case '>=':
            return compare(v, fixed) >= 0;
          case '>':
            return partial ? compare(v, next) >= 0 : compare(v, fixed) > 0;
          case '<=':
            return partial ? compare(v, next) < 0 : compare(v, fixed) <= 0;
          case '<':
            return compare(v, fixed) < 0;
          case '^': {
            const nonZero = fixed.findIndex((p) => p !== 0);
            const upTo = nonZero === -1 ? length : nonZero + 1;
            const upper = [...fixed.slice(0, upTo - 1), (fixed[upTo - 1] ?? 0) + 1];
            return compare(v, fixed) >= 0 && compare(v, upper) < 0;
          }
          case '~': {
            const upper = length === 1 ? next : [fixed[0], (fixed[1] ?? 0) + 1];
            return compare(v, fixed) >= 0 && compare(v, upper) < 0;
          }
          default: // =, or a bare (partial) version
            return compare(v, fixed) >= 0 && (partial ? compare(v, next) < 0 : compare(v, fixed) <= 0);
        }
      }),
  );
}

/**
 * The installed packages' `engines.node`: npm's record of what it installed
 * (node_modules/.package-lock.json), else package-lock.json. Optional packages are left out,
 * as npm leaves them out of its engine check.
 * @returns {{ name: string, range: string }[]}
 */
function engineRanges() {
  const lockFile = [
    path.join(root, 'node_modules', '.package-lock.json'),
    path.join(root, 'package-lock.json'),
  ].find((file) => existsSync(file));
  if (!lockFile) return [];
  /** @type {{ packages?: Record<string, { name?: string, optional?: boolean, engines?: { node?: string } }> }} */
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const own = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const direct = new Set([...Object.keys(own.dependencies ?? {}), ...Object.keys(own.devDependencies ?? {})]);
  const ranges = own.engines?.node
    ? [{ name: own.name ?? 'this project', range: String(own.engines.node) }]
    : [];
  for (const [where, meta] of Object.entries(lock.packages ?? {})) {
    if (!where || meta.optional || typeof meta.engines?.node !== 'string') continue;
    ranges.push({
      name: meta.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length),
      range: meta.engines.node,
    });
  }
  // The project first, then its direct dependencies: the names a reader knows.
  const rank = (/** @type {string} */ name) => (name === own.name ? 0 : direct.has(name) ? 1 : 2);
  return ranges.sort((a, b) => rank(a.name) - rank(b.name));
}

/** @param {string} version @param {{ name: string, range: string }[]} ranges */
const refusing = (version, ranges) => ranges.filter(({ range }) => !satisfies(version, range));

/** @param {{ name: string, range: string }[]} list */
function examples(list) {
  const shown = list.slice(0, 3).map(({ name, range }) => `${name} needs ${range}`);
  return `${shown.join(', ')}${list.length > 3 ? `, and ${list.length - 3} more` : ''}`;
}

/** The project's Node: its version, or why it cannot be used. @returns {{ version?: string, problem?: string }} */
function projectNode() {
  const binary = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(binary)) return { problem: 'node_modules/node/bin/node is missing' };
  try {
    if (realpathSync(binary) === realpathSync(process.execPath)) return { version: process.version };
  } catch {
    // compared by running it below
  }
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const version = run.stdout?.trim();
  if (run.status === 0 && /^v\d/.test(version ?? '')) return { version };
  return {
    problem: `node_modules/node/bin/node does not run (${run.error?.message ?? run.stderr?.trim() ?? `exit ${run.status}`})`,
  };
}

function main() {
  if (!existsSync(path.join(root, 'node_modules'))) {
    if (afterInstall) return 0;
    say('node_modules is missing: run `npm ci` first.');
    return 1;
  }
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const pinned = pkg.devDependencies?.node ?? pkg.dependencies?.node;
  const ranges = engineRanges();
  const project = projectNode();
  const version = project.version ?? process.version;
  const refused = refusing(version, ranges);

  if (afterInstall) {
    const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
    const warned = npmNode && npmNode !== version ? refusing(npmNode, ranges) : [];
    if (project.version && warned.length && refused.length === 0)
      say(
        `npm ran on Node ${npmNode}, hence its EBADENGINE warnings for ${warned.length} packages. ` +
          `The scripts run on the project's Node ${version} (node_modules/.bin/node), which all of them accept.`,
      );
  }

  if (project.problem && refused.length === 0) {
    say(
      `using Node ${process.version} (${process.execPath}): the project's own Node ${pinned ?? ''} is not installed (${project.problem}).`,
    );
    return 0;
  }
  if (project.version && pinned && project.version.replace(/^v/, '') !== pinned)
    say(`node_modules has Node ${project.version}, package.json pins ${pinned}: run \`npm ci\`.`);
  if (refused.length === 0) return 0;

  const lines = project.problem
    ? [
        `The scripts run on the project's own Node ${pinned ?? ''} (the \`node\` dev dependency), but ${project.problem}:`,
        `npm runs them with the Node on your PATH instead, ${process.version} (${process.execPath}),`,
        `and ${refused.length} installed packages do not support it (${examples(refused)}).`,
        `The \`node\` package downloads its binary in an install script, which npm did not run` +
          (process.env.npm_config_ignore_scripts === 'true'
            ? ' (ignore-scripts is set in your npm config).'
            : ' (--ignore-scripts, ignore-scripts in an .npmrc, or npm’s install-script policy).'),
        'Fix, either:',
        '  npm rebuild node     runs that install script now (if npm refuses: npm install-scripts approve node, then again)',
        '  nvm use              or any Node your PATH finds first that the packages accept (.nvmrc says 24)',
      ]
    : [
        `Node ${version} runs the scripts, and ${refused.length} installed packages do not support it (${examples(refused)}).`,
        'Run `npm ci` so node_modules matches package.json, or use a Node they accept.',
      ];
  for (const line of lines) say(line);
  return afterInstall ? 0 : 1;
}

// Run as a script (not when a test imports `satisfies`).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
  // The workspace packages the scripts import by name: built after an install, rebuilt when
  // stale. After an install a failed build is said, not fatal: the next script tries again.
  if (process.exitCode === 0 && existsSync(path.join(root, 'node_modules'))) {
    const built = buildPackages({ ifStale: !afterInstall, say });
    if (!afterInstall) process.exitCode = built;
  }
}
