/**
 * The packages as their users get them: each workspace packed (`npm pack`, which builds it),
 * the tarballs installed into empty folders outside this repository, and what was installed
 * run from there with nothing of the repository on its PATH:
 *  - the mock stack's command starts the mock (QA's install: the mock and what it depends on);
 *  - the checker's command (a backend team's install: the checker and the contracts, nothing
 *    else) answers --help and --version, refuses bad usage and an unreachable server with exit
 *    code 2, finds nothing in that installed mock (exit 0), reports a planted defect (exit 1),
 *    and checks a folder of documents given with --contracts;
 *  - the contracts' reader reads the installed documents;
 *  - the kit installs with its types.
 * The broken server is the tests' own proxy in front of the installed mock.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import getPort from 'get-port';
import { waitForHttp } from '@zhique/workbench-mock/processes';
import { cleanEnv, installTarballs, pack, type Installation, type PackedFile } from '../../tools/lib/packed';
import { projectRoot } from '../../tools/lib/paths';
import { startBrokenServer, type BrokenServer } from '../mock/broken-server';

let work: string;
let packed: Record<'contracts' | 'checker' | 'kit' | 'mock', PackedFile>;
let checker: Installation;
let kit: Installation;
let mock: Installation;
let mockProcess: ChildProcess | undefined;
let mockOutput = '';
let stack: { url: string };
let broken: BrokenServer;

/**
 * Starts the installed mock's command on a free port, with this test's Node (the mock needs
 * Node 22.18; the `node` on a user's PATH may be older, and the command says so itself).
 */
async function startInstalledMock(): Promise<{ url: string }> {
  const port = await getPort();
  mockProcess = spawn(process.execPath, [mock.bin('workbench-mock'), '--port', String(port), '--quiet'], {
    cwd: mock.dir,
    env: USER_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mockProcess.stdout?.on('data', (d: Buffer) => (mockOutput += d.toString()));
  mockProcess.stderr?.on('data', (d: Buffer) => (mockOutput += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__mock/health`, {
    timeoutMs: 120_000,
    abort: () => (mockProcess?.exitCode !== null ? `the installed mock exited:\n${mockOutput}` : undefined),
  });
  return { url };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'workbench-packages-'));
  packed = {
    contracts: await pack('contracts', work),
    checker: await pack('contract-verify', work),
    kit: await pack('sub-app-kit', work),
    mock: await pack('mock-stack', work),
  };
  checker = await installTarballs([packed.contracts.tarball, packed.checker.tarball]);
  kit = await installTarballs([packed.kit.tarball]);
  // The mock's own packages of ours come from their tarballs too, not from a registry.
  mock = await installTarballs(Object.values(packed).map((p) => p.tarball));
  stack = await startInstalledMock();
  broken = await startBrokenServer(stack.url);
}, 300_000);

afterAll(async () => {
  await broken?.close();
  if (mockProcess && mockProcess.exitCode === null) {
    const exited = new Promise((resolve) => mockProcess!.once('exit', resolve));
    mockProcess.kill('SIGTERM');
    await exited;
  }
  checker?.remove();
  kit?.remove();
  mock?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The environment the installed commands run in: this repository's npm settings and commands
 * left out, and the `node` a user's PATH gives. That is the system's when the checker supports
 * it (Node 20.11 or later: the package's `engines` is then exercised, on Node 20 in CI), else
 * this test's own Node, so that the test does not depend on what the machine has.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = cleanEnv();
  const found = spawnSync('node', ['-p', 'process.versions.node'], { env, encoding: 'utf8' });
  const [major = 0, minor = 0] = (found.stdout ?? '').trim().split('.').map(Number);
  if (found.status !== 0 || major < 20 || (major === 20 && minor < 11))
    env.PATH = [path.dirname(process.execPath), env.PATH].join(path.delimiter);
  return env;
}
const USER_ENV = userEnv();

/** Runs a command of an installation in its folder, as a user's shell would (the `node` on PATH). */
function runIn(
  installation: Installation,
  command: string[],
): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: installation.dir,
      env: USER_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, stdout });
    });
  });
}

const verify = (...args: string[]) => runIn(checker, [checker.bin('workbench-contract-verify'), ...args]);

interface JsonReport {
  summary: { operations: number };
  findings: { operationId: string; kind: string; message: string }[];
}
const readReport = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonReport;

const version = (folder: string) =>
  (
    JSON.parse(readFileSync(path.join(projectRoot, 'packages', folder, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

describe('the packed packages', { timeout: 180_000 }, () => {
  it('hold what their users need, built, and none of the sources', () => {
    expect(packed.contracts.files).toEqual(
      expect.arrayContaining([
        'README.md',
        'CHANGELOG.md',
        'openapi/workbench.yaml',
        'openapi/message.yaml',
        'openapi/rbac.yaml',
        'openapi/shared.yaml',
        'openapi/realtime.asyncapi.yaml',
        'openapi/sub-apps.schema.yaml',
        'types/workbench.d.ts',
        'dist/reader.js',
        'dist/reader.d.ts',
      ]),
    );
    expect(packed.checker.files).toEqual(
      expect.arrayContaining([
        'README.md',
        'bin/workbench-contract-verify.js',
        'dist/cli.js',
        'dist/index.d.ts',
      ]),
    );
    expect(packed.kit.files).toEqual(
      expect.arrayContaining(['README.md', 'index.js', 'index.d.ts', 'contract.d.ts']),
    );
    expect(packed.mock.files).toEqual(
      expect.arrayContaining([
        'README.md',
        'bin/workbench-mock.js',
        'dist/main.js',
        'dist/index.d.ts',
        'assets/favicon.svg',
        'prism/sl-violations.cjs',
        'sub-apps/manual/index.html',
        'sub-apps/product/src/main.js',
      ]),
    );
    for (const { files } of Object.values(packed))
      expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);
  });

  it('install the checker on its own: a few packages, no front end', () => {
    expect(checker.packages).toBeLessThan(30);
    expect(checker.bytes).toBeLessThan(30 * 1024 * 1024);
  });
});

describe('the installed checker', { timeout: 180_000 }, () => {
  it('says how to use it and which versions it is', async () => {
    const help = await verify('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: workbench-contract-verify --upstream');
    expect(help.stdout).toContain('--contracts DIR');
    const versions = await verify('--version');
    expect(versions.code).toBe(0);
    expect(versions.stdout).toContain(`@zhique/workbench-contract-verify ${version('contract-verify')}`);
    expect(versions.stdout).toContain(`@zhique/workbench-contracts ${version('contracts')}`);
  });

  it('exits 2 on bad usage and on an upstream it cannot reach', async () => {
    const missing = await verify();
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--upstream is required');
    const unknown = await verify('--upstream', stack.url, '--no-such-option');
    expect(unknown.code).toBe(2);
    const unreachable = await verify('--upstream', 'http://127.0.0.1:9');
    expect(unreachable.code).toBe(2);
    expect(unreachable.output).toContain('cannot be reached');
  });

  it('finds nothing in the mock stack and exits 0', async () => {
    const report = path.join(checker.dir, 'mock.json');
    const run = await verify(
      '--upstream',
      stack.url,
      '--allow-writes',
      '--max-examples',
      '3',
      '--report',
      report,
    );
    expect(readReport(report).findings, run.output).toEqual([]);
    expect(run.code).toBe(0);
    expect(readReport(report).summary.operations).toBe(43);
    expect(run.stdout).toContain(`against @zhique/workbench-contracts ${version('contracts')}`);
  });

  it('reports a planted defect with its operation and exits 1', async () => {
    const report = path.join(checker.dir, 'broken.json');
    const run = await verify(
      '--upstream',
      broken.url,
      '--operation',
      'listRoles',
      '--no-socket',
      '--report',
      report,
    );
    expect(run.code, run.output).toBe(1);
    expect(readReport(report).findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operationId: 'listRoles', kind: 'response_schema_conformance' }),
      ]),
    );
  });

  it('checks against a folder of documents given with --contracts', async () => {
    // A team's branch of the contracts that asks for a field no server sends yet.
    const branch = path.join(checker.dir, 'branch');
    cpSync(path.join(checker.dir, 'node_modules/@zhique/workbench-contracts/openapi'), branch, {
      recursive: true,
    });
    const file = path.join(branch, 'workbench.yaml');
    const doc = parse(readFileSync(file, 'utf8')) as {
      components: { schemas: { UserConfig: { required: string[]; properties: Record<string, unknown> } } };
    };
    doc.components.schemas.UserConfig.required.push('theme_color');
    doc.components.schemas.UserConfig.properties.theme_color = { type: 'string' };
    writeFileSync(file, stringify(doc));

    const report = path.join(checker.dir, 'branch.json');
    const args = ['--upstream', stack.url, '--operation', 'getUserConfig', '--no-socket', '--report', report];
    const installed = await verify(...args);
    expect(installed.code, installed.output).toBe(0);
    const branched = await verify(...args, '--contracts', branch);
    expect(branched.code, branched.output).toBe(1);
    expect(branched.stdout).toContain(`against ${branch}`);
    expect(
      readReport(report)
        .findings.map((f) => f.message)
        .join('\n'),
    ).toContain('theme_color');

    const incomplete = await verify(
      '--upstream',
      stack.url,
      '--contracts',
      path.join(checker.dir, 'node_modules'),
    );
    expect(incomplete.code).toBe(2);
    expect(incomplete.output).toContain('lacks workbench.yaml');
  });
});

describe('the installed mock stack', { timeout: 60_000 }, () => {
  it('says how to use it and which versions it is', async () => {
    const run = (...args: string[]) => runIn(mock, [process.execPath, mock.bin('workbench-mock'), ...args]);
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: workbench-mock');
    const versions = await run('--version');
    expect(versions.stdout).toContain(`@zhique/workbench-mock ${version('mock-stack')}`);
    expect(versions.stdout).toContain(`@zhique/workbench-contracts ${version('contracts')}`);
  });

  it('serves the dev sign-in, the scenarios and the sample apps (the classic one built by webpack)', async () => {
    const signIn = await fetch(
      `${stack.url}/sso/authorize?redirect_uri=${encodeURIComponent('http://localhost/')}`,
    );
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('owner');
    const product = await fetch(`${stack.url}/__mock/apps/product/`);
    expect(product.status).toBe(200);
    expect(await product.text()).toMatch(/src="?\/__mock\/apps\/product\/js\/app\.[0-9a-f]{8}\.js/);
  });
});

describe('the installed contracts and kit', { timeout: 60_000 }, () => {
  it("the contracts' reader lists the operations of the installed documents", async () => {
    const script =
      "const { listOperations, DocumentStore, serviceDocuments } = await import('@zhique/workbench-contracts/reader');" +
      'const store = new DocumentStore();' +
      'console.log(serviceDocuments.map((s) => `${s} ${listOperations(store, s).length}`).join(", "));';
    const run = await runIn(checker, ['node', '--input-type=module', '-e', script]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toMatch(/^workbench \d+, message \d+, rbac \d+/);
  });

  it('the kit resolves with its types', async () => {
    const script =
      "const { readFileSync } = await import('node:fs');" +
      "console.log(import.meta.resolve('@zhique/workbench-sub-app-kit'));" +
      "const pkg = JSON.parse(readFileSync('node_modules/@zhique/workbench-sub-app-kit/package.json', 'utf8'));" +
      'console.log(pkg.exports["."].types);';
    const run = await runIn(kit, ['node', '--input-type=module', '-e', script]);
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain('node_modules/@zhique/workbench-sub-app-kit/index.js');
    expect(run.stdout).toContain('./index.d.ts');
  });
});
