import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../tools/lib/paths';

// tools/preflight.mjs runs before `npm start`, `npm test`, …: which Node runs the scripts.

const script = path.join(projectRoot, 'tools', 'preflight.mjs');
const { satisfies } = (await import(pathToFileURL(script).href)) as {
  satisfies: (version: string, range: string) => boolean;
};

describe('engines ranges', () => {
  it.each([
    ['v24.21.0', '>=22.18', true],
    ['v20.20.2', '>=22.18', false],
    ['v24.21.0', '>=24.18.0', true],
    ['v24.17.9', '>=24.18.0', false],
    ['v24.21.0', '^22.12.0 || ^24.0.0 || >=26.0.0', true],
    ['v25.1.0', '^22.12.0 || ^24.0.0 || >=26.0.0', false],
    ['v22.13.0', '^22.22.2 || ^24.15.0 || >=26.0.0', false],
    ['v20.20.2', '>= 20.17', true],
    ['v20.20.2', '>=22.12.0 || >=20.19.0 <21.0.0', true],
    ['v21.0.0', '>=22.12.0 || >=20.19.0 <21.0.0', false],
    ['v24.1.0', '>=12.x', true],
    ['v12.9.0', '12.x', true],
    ['v13.0.0', '12.x', false],
    ['v24.0.0', '~24.0.1', false],
    ['v24.0.5', '~24.0.1', true],
    ['v22.0.0', '>22', false],
    ['v23.0.0', '>22', true],
    ['v22.9.0', '<=22', true],
    ['v18.0.0', '16 - 18', true],
    ['v20.0.0', '*', true],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('preflight', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A project whose pinned Node is not installed and whose packages need `range`. */
  function project(range: string, options: { nodeModules?: boolean } = {}): string {
    dir = mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
    mkdirSync(path.join(dir, 'tools'));
    copyFileSync(script, path.join(dir, 'tools', 'preflight.mjs'));
    // The preflight's second step, which builds the workspace packages (this project has none).
    copyFileSync(
      path.join(path.dirname(script), 'build-packages.mjs'),
      path.join(dir, 'tools', 'build-packages.mjs'),
    );
    const pkg = { name: 'demo', devDependencies: { node: '24.21.0', tool: '1.0.0' } };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
    if (options.nodeModules !== false) {
      mkdirSync(path.join(dir, 'node_modules'));
      const lock = {
        packages: {
          '': pkg,
          'node_modules/tool': { version: '1.0.0', engines: { node: range } },
          'node_modules/optional-thing': { version: '1.0.0', optional: true, engines: { node: '>=99' } },
        },
      };
      writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), JSON.stringify(lock));
    }
    return dir;
  }

  const run = (root: string, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(root, 'tools', 'preflight.mjs'), ...args], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_ignore_scripts: '' },
    });

  it('stops with the Node in use, who refuses it and the fix when the pinned Node is missing', () => {
    const result = run(project('>=99'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('node_modules/node/bin/node is missing');
    expect(result.stderr).toContain(`${process.version} (${process.execPath})`);
    expect(result.stderr).toContain('tool needs >=99');
    expect(result.stderr).not.toContain('optional-thing');
    expect(result.stderr).toContain('npm rebuild node');
  });

  it('goes on with a Node of your own that every package accepts, and says so', () => {
    const result = run(project('>=18'));
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(`using Node ${process.version}`);
  });

  it('asks for npm ci when nothing is installed', () => {
    const result = run(project('>=18', { nodeModules: false }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm ci');
  });

  it('never fails an install', () => {
    expect(run(project('>=99'), '--after-install').status).toBe(0);
  });
});
