/**
 * A team copies the sub-app kit into its own repository (or installs the folder): its types
 * must compile there, with nothing of this repository around. The kit is copied to an empty
 * folder outside the repository and a consumer written against its README compiles with tsc;
 * a misuse (a toast level the contract does not have) does not.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const run = promisify(execFile);

const workspace = mkdtempSync(path.join(tmpdir(), 'kit-consumer-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** What a team's own project would have: strict TypeScript, no types of this repository. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    target: 'es2022',
    lib: ['es2022', 'dom'],
    types: [],
  },
  files: ['app.ts'],
};

async function compile(consumer: string): Promise<string> {
  writeFileSync(path.join(workspace, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  writeFileSync(path.join(workspace, 'app.ts'), consumer);
  try {
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: workspace });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the sub-app kit, copied out of this repository', () => {
  cpSync(path.join(ROOT, 'packages', 'sub-app-kit'), path.join(workspace, 'kit'), { recursive: true });

  it('type-checks a consumer on its own', async () => {
    const errors = await compile(`
      import { getContext, getSessionToken, onShellData, showToast, type SessionContext } from './kit/index.js';
      const context: SessionContext | null = getContext();
      onShellData((data) => console.log(data.type));
      showToast('success', '已保存');
      void getSessionToken().then(({ token, expiresAt }) => console.log(token.length, expiresAt, context));
    `);
    expect(errors).toBe('');
  }, 60_000);

  it('still refuses what the contract does not allow', async () => {
    const errors = await compile(`
      import { showToast } from './kit/index.js';
      showToast('shout', 'no such level');
    `);
    expect(errors).toMatch(/app\.ts.*error TS2345/);
  }, 60_000);
});
