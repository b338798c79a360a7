/**
 * The conformance checker (`npm run contract:verify`), run as a backend team runs it:
 * (a) against the mock stack with writes allowed — nothing to report;
 * (b) against a server with one planted defect per kind — each reported, with its
 *     operation, and nothing else (among them a crash on a property named outside Latin-1,
 *     and answers to undocumented methods);
 * and its usage errors, an unreachable upstream, the JSON and JUnit reports.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import getPort from 'get-port';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { nodeBinary, projectRoot } from '../../tools/lib/paths';
import { PLANTED, startBrokenServer, type BrokenServer } from './broken-server';

let stack: MockStack;
let broken: BrokenServer;
let dir: string;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
  broken = await startBrokenServer(stack.url);
  dir = mkdtempSync(path.join(tmpdir(), 'contract-verify-'));
});

afterAll(async () => {
  await broken?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the checker's command (`npm run contract:verify -- ...args`) from its sources, with tsx on
 * Node 24; the installed package is run from its tarball in tests/packages/install.test.ts.
 */
function verify(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      nodeBinary(),
      [
        path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=@zhique/source',
        'packages/contract-verify/src/cli.ts',
        ...args,
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface JsonReport {
  summary: { operations: number; requests: number };
  findings: {
    operationId: string;
    kind: string;
    message: string;
    request: unknown;
    expected: string;
    actual: unknown;
    curl: string;
  }[];
  warnings: unknown[];
}

describe('contract:verify', { timeout: 180_000 }, () => {
  it('(a) the mock stack, writes allowed: every operation and the socket checked, no finding', async () => {
    const report = path.join(dir, 'mock.json');
    const { code, output } = await verify(
      '--upstream',
      stack.url,
      '--allow-writes',
      '--seed',
      '42',
      '--report',
      report,
    );
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    expect(json.findings, output).toEqual([]);
    expect(code).toBe(0);
    // 53 operations, less the 10 marked unsafe (deleting the account, texting strangers, ...).
    expect(json.summary.operations).toBe(43);
    expect(json.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operationId: 'deleteAccount', kind: 'not_checked' }),
      ]),
    );
    expect(json.summary.requests).toBeGreaterThan(500);
    expect(output).toContain('✔ no findings');
    expect(output).toMatch(/43 operation\(s\), \d+ request\(s\), 2 socket frame\(s\)/);
  });

  it('(b) a broken server: each planted defect is reported with its operation, and nothing else', async () => {
    const report = path.join(dir, 'broken.json');
    const junit = path.join(dir, 'broken.xml');
    const { code, output } = await verify(
      '--upstream',
      broken.url,
      '--allow-writes',
      '--seed',
      '42',
      '--report',
      report,
      '--junit',
      junit,
    );
    expect(code, output).toBe(1);
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const byOperation = new Map<string, Set<string>>();
    for (const f of json.findings)
      byOperation.set(f.operationId, (byOperation.get(f.operationId) ?? new Set()).add(f.kind));
    expect([...byOperation.keys()].sort(), output).toEqual(Object.keys(PLANTED).sort());
    for (const [operationId, kinds] of Object.entries(PLANTED))
      for (const kind of kinds)
        expect([...(byOperation.get(operationId) ?? [])], `${operationId} ${kind}`).toContain(kind);
    // Every finding carries what a team needs to act on it.
    for (const f of json.findings) {
      // (and, where one place says where it broke, the `field`)
      expect(
        Object.keys(f)
          .filter((key) => key !== 'field')
          .sort(),
      ).toEqual(['actual', 'curl', 'expected', 'kind', 'message', 'operationId', 'request']);
      expect(f.curl).toMatch(/^curl -i -X [A-Z]+ '|websocat/);
      // The credential never reaches a report.
      expect(JSON.stringify(f)).not.toContain('Basic verify');
    }
    // Issue 28: the crash is reported once, with the request that caused it, and the run went on.
    const stopped = json.findings.filter((f) => f.kind === 'stopped_answering');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.message).toMatch(/outside Latin-1.*answered 502; it answered again/);
    expect(stopped[0]!.curl).toContain('Ꮲ属性😀');
    expect(
      json.findings.filter((f) => f.kind === 'unsupported_method').map((f) => f.message.split(',')[0]),
    ).toEqual(['PUT', 'POST', 'DELETE', 'PATCH', 'TRACE'].map((m) => `${m} /power/v1/login/user/powers`));
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain(`failures="${json.findings.length}"`);
    expect(xml).toContain('<failure type="tenant_isolation"');
    expect(output).toContain('[ignored_auth]');
    expect(output).toContain('reproduce: curl');
  });

  it('read-only by default: only GETs and the POSTs that only read; the socket is still checked', async () => {
    const report = path.join(dir, 'read-only.json');
    const records = async () => {
      const state = (await (await fetch(`${stack.url}/__mock/state`)).json()) as {
        records: Record<string, unknown>;
      };
      delete state.records.notice; // the socket check's pushed notice
      return JSON.stringify(state.records);
    };
    const before = await records();
    const { code } = await verify(
      '--upstream',
      stack.url,
      '--seed',
      '1',
      '--max-examples',
      '2',
      '--report',
      report,
    );
    expect(code).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    expect(json.summary.operations).toBe(19);
    // Nothing was written to the default session (the one the checker's requests use).
    expect(await records()).toBe(before);
  });

  it('a credential that does not work stops the run (exit 2) instead of passing', async () => {
    const { code, output } = await verify('--upstream', stack.url, '--token', '', '--no-socket');
    expect(code).toBe(2);
    expect(output).toContain('the credential does not work');
    const unknown = await verify('--upstream', stack.url, '--operation', 'noSuchOperation');
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('noSuchOperation');
  });

  it('--operation limits the run; the same seed sends the same requests', async () => {
    const run = async () => {
      const { output } = await verify(
        '--upstream',
        stack.url,
        '--operation',
        'listRoles',
        '--seed',
        '5',
        '--no-socket',
      );
      return /(\d+) request\(s\)/.exec(output)?.[1];
    };
    const first = await run();
    expect(Number(first)).toBeGreaterThan(10);
    expect(await run()).toBe(first);
  });

  it('exit 2 with the usage for bad options and an unreachable upstream', async () => {
    const noUpstream = await verify();
    expect(noUpstream.code).toBe(2);
    expect(noUpstream.output).toContain('Usage: workbench-contract-verify --upstream');
    const port = await getPort();
    const unreachable = await verify('--upstream', `http://127.0.0.1:${port}`);
    expect(unreachable.code).toBe(2);
    expect(unreachable.output).toContain('cannot be reached');
  });
});
