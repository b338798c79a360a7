/**
 * `npm run bench:start`: how long `npm start` takes until a newcomer can use it.
 * Starts `tools/start.ts` (mock stack + Vite dev server) `START_RUNS` times (default 5)
 * on free ports and prints, per run and as medians:
 * - mock ready: the gateway answers `/__mock/health` with every service up;
 * - app ready: the dev server serves `/` and the first API call of a signed-in load
 *   (`GET /api/workbench/userconfig/v2/info`, through Vite's proxy) has answered.
 * Figures only — no pass/fail.
 */
import path from 'node:path';
import getPort from 'get-port';
import { spawnManaged } from '@zhique/workbench-mock/processes';
import { nodeBinary, projectRoot, typescriptArgs } from '../lib/paths';

const RUNS = Number(process.env.START_RUNS ?? 5);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

async function once(): Promise<{ mockMs: number; appMs: number }> {
  const [port, mockPort] = [await getPort(), await getPort()];
  const started = performance.now();
  const child = spawnManaged(
    'npm start',
    nodeBinary(),
    typescriptArgs(path.join(projectRoot, 'tools', 'start.ts')),
    { cwd: projectRoot, env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort) } },
  );
  try {
    await until(async () => {
      const res = await fetch(`http://127.0.0.1:${mockPort}/__mock/health`);
      const body = (await res.json()) as { services: Record<string, { status: string }> };
      return Object.values(body.services).every((s) => s.status === 'up');
    });
    const mockMs = performance.now() - started;
    await until(async () => (await fetch(`http://localhost:${port}/`)).ok);
    await until(async () => {
      const res = await fetch(`http://localhost:${port}/api/workbench/userconfig/v2/info`, {
        headers: { Authorization: 'Basic bench', 'X-Tenant-Id': 't-personal-1001' },
      });
      return res.ok;
    });
    return { mockMs, appMs: performance.now() - started };
  } finally {
    await child.stop();
  }
}

const runs: { mockMs: number; appMs: number }[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const ms = (x: number) => `${Math.round(x)} ms`;
console.log(`npm start, ${RUNS} runs`);
console.log(`  mock stack ready (median):  ${ms(median(runs.map((r) => r.mockMs)))}`);
console.log(`  app ready (median):         ${ms(median(runs.map((r) => r.appMs)))}`);
console.log(
  `  per run (mock / app):       ${runs.map((r) => `${ms(r.mockMs)} / ${ms(r.appMs)}`).join(', ')}`,
);
