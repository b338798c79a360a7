import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockStack, type MockStack } from '../../scripts/mock/index';
import { nodeBinary, projectRoot } from '../../scripts/lib/paths';
import { getFreePort } from '../../scripts/lib/ports';

let stack: MockStack;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

/** Runs `npm run contract:verify -- ...args` the way npm would (tsx on Node 24). */
function verify(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      nodeBinary(),
      [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'scripts/contract-verify.ts', ...args],
      {
        cwd: projectRoot,
        env: { ...process.env, DO_NOT_TRACK: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// Each run starts three Prism proxies; the all-scenario pass makes ~460 calls: allow for a busy machine.
describe('contract:verify', { timeout: 120_000 }, () => {
  it('finds no violation in the mock stack, in every scenario', async () => {
    const { code, output } = await verify('--upstream', stack.url, '--quiet');
    expect(output).toContain('passes: (no scenario), personal, owner');
    expect(output).toMatch(/0 with violations \(0 violation\(s\)\)/);
    expect(output).toContain('✔ no violations');
    expect(code).toBe(0);
  });

  it('--scenario-free makes one plain pass and lists every call', async () => {
    const { code, output } = await verify(
      '--upstream',
      stack.url,
      '--scenario-free',
      '--operation',
      'getUserConfig,listNotices',
    );
    expect(code).toBe(0);
    expect(output).toContain('passes: (no scenario)\n');
    expect(output).toMatch(/✔ workbench getUserConfig {2}GET \/userconfig\/v2\/info {2}→ 200/);
    expect(output).toMatch(
      /✔ message listNotices {2}POST \/v1\/tenant\/t-personal-1001\/user\/u-1001\/msg\/list {2}→ 200/,
    );
    expect(output).toMatch(/Totals: 2 call\(s\) to 2 operation\(s\)/);
  });

  it('reports the violations of a server that breaks the contract, with a non-zero exit code', async () => {
    const port = await getFreePort();
    const bad = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'zero', data: 42 }));
    });
    await new Promise<void>((resolve) => bad.listen(port, '127.0.0.1', resolve));
    try {
      const { code, output } = await verify(
        '--upstream',
        `http://127.0.0.1:${port}`,
        '--read-only',
        '--operation',
        'getUserConfig,getUserInfo',
      );
      expect(code).toBe(1);
      expect(output).toMatch(/✖ workbench getUserConfig {2}GET \/userconfig\/v2\/info {2}→ 500/);
      expect(output).toMatch(/\[Error\] response\.body/);
      expect(output).toMatch(/2 with violations/);
      expect(output).toContain('does not conform');
    } finally {
      await new Promise((resolve) => bad.close(resolve));
    }
  });

  it('fails with exit code 2 when the upstream is unreachable', async () => {
    const port = await getFreePort();
    const { code, output } = await verify('--upstream', `http://127.0.0.1:${port}`);
    expect(code).toBe(2);
    expect(output).toMatch(/unreachable/);
  });

  it('explains its usage without --upstream', async () => {
    const { code, output } = await verify();
    expect(code).toBe(2);
    expect(output).toContain('Usage: npm run contract:verify');
  });
});
