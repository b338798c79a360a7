/**
 * `npm start`: the mock stack (gateway on MOCK_PORT, default 4010) and the Vite dev
 * server (PORT, default 5173), which proxies /api (socket too), /sso and /__mock to it.
 * `npm start -- --state-file qa.sqlite` (or MOCK_STATE_FILE) keeps the QA sessions of the
 * mock stack in that file, so they survive a restart.
 * `npm start -- --log-requests` (or MOCK_LOG=requests) logs a line per gateway request; by
 * default only failures are, so the URL banner stays on screen.
 * `npm run preview`: the same with the production build (`vite build` first when
 * dist/ is missing or was built from other inputs — sources, config, `VITE_*` values:
 * scripts/lib/build-inputs.ts — or always with `--build`).
 *
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stop everything; the children run in their own
 * process groups and are killed as groups, and a reaper kills them if we die abruptly.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import getPort from 'get-port';
import { WARMUP_PATH } from './dev-warmup';
import { startMockStack, type MockStack } from './mock/index';
import { scenarios } from './mock/scenarios';
import { buildFingerprint, buildIsCurrent } from './lib/build-inputs';
import { nodeBinary, packageBin, projectRoot } from './lib/paths';
import { onTerminate, spawnManaged, type ManagedProcess } from './lib/processes';
import { waitForHttp } from './lib/wait';

const { values } = parseArgs({
  options: {
    preview: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'state-file': { type: 'string' },
    'log-requests': { type: 'boolean' },
  },
});

function portFrom(name: 'PORT' | 'MOCK_PORT', fallback: number): number {
  const raw = process.env[name];
  const port = Number(raw ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`${name}=${raw} is not a port number`);
    process.exit(2);
  }
  return port;
}

const outDir = path.join(projectRoot, process.env.VITE_OUT_DIR ?? 'dist');
const buildIsStale = () => !buildIsCurrent(outDir, buildFingerprint(projectRoot, process.env));

const buildLock = path.join(projectRoot, 'node_modules', '.cache', 'workbench-start-build.lock');
let holdingBuildLock = false;
process.on('exit', () => {
  if (holdingBuildLock) rmSync(buildLock, { recursive: true, force: true });
});

/** Runs `build` holding a lock directory (a lock older than 5 minutes is taken as abandoned). */
async function withBuildLock(build: () => Promise<void>): Promise<void> {
  mkdirSync(path.dirname(buildLock), { recursive: true });
  const deadline = Date.now() + 5 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(buildLock);
      holdingBuildLock = true;
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const since = existsSync(buildLock) ? statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs : undefined;
    if (since === undefined) continue; // released meanwhile
    if (Date.now() - since > 5 * 60_000) {
      rmSync(buildLock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another build still holds ${buildLock}`);
    if (!announced) console.log('[start] waiting for another run’s vite build…');
    announced = true;
    await new Promise((r) => setTimeout(r, 500));
  }
  try {
    await build();
  } finally {
    rmSync(buildLock, { recursive: true, force: true });
    holdingBuildLock = false;
  }
}

/**
 * Waits (at most a minute) until the dev server has warmed its module graph. A failed or slow
 * warm-up costs only the first page its speed, so the banner comes anyway.
 */
async function devServerWarm(port: number): Promise<void> {
  try {
    const answer = await fetch(`http://localhost:${port}${WARMUP_PATH}`, {
      signal: AbortSignal.timeout(60_000),
    });
    await answer.body?.cancel();
  } catch {
    // shown without it
  }
}

const port = portFrom('PORT', 5173);
const mockPort = portFrom('MOCK_PORT', 4010);
const preview = values.preview;

let stack: MockStack | undefined;
let web: ManagedProcess | undefined;
let shuttingDown = false;
const stopEverything = async () => {
  shuttingDown = true;
  await web?.stop();
  await stack?.stop();
};
onTerminate(stopEverything, { watchParents: true });

async function main(): Promise<void> {
  for (const [name, value] of [
    ['PORT', port],
    ['MOCK_PORT', mockPort],
  ] as const) {
    // get-port answers another port when the one asked for is taken.
    if ((await getPort({ port: value })) !== value)
      throw new Error(`port ${value} (${name}) is already in use; set ${name} to another port`);
  }

  if (preview && (values.build || buildIsStale())) {
    // Several previews may start at once (parallel browser tests): one builds, the others wait for it.
    await withBuildLock(async () => {
      if (!values.build && !buildIsStale()) return; // built by another run meanwhile
      console.log('[start] building the app (vite build)…');
      const build = spawnManaged('vite build', nodeBinary(), [packageBin('vite'), 'build'], {
        inherit: true,
      });
      const code = await build.exited;
      if (code !== 0) throw new Error(`vite build failed (${code})`);
    });
  }

  const stackStarted = startMockStack({
    port: mockPort,
    stateFile: values['state-file'] ?? process.env.MOCK_STATE_FILE,
    logRequests: values['log-requests'], // absent: MOCK_LOG decides
    warm: true,
  });

  // Vite needs only the gateway's port, known already: it starts (and warms up) while the
  // mock stack does. Nothing reaches the gateway through it before the banner.
  const args = preview
    ? [packageBin('vite'), 'preview', '--port', String(port), '--strictPort']
    : [packageBin('vite'), '--port', String(port), '--strictPort'];
  web = spawnManaged(preview ? 'vite preview' : 'vite', nodeBinary(), args, {
    inherit: true,
    env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort) },
  });
  const server = web;
  stack = await stackStarted;
  await waitForHttp(`http://localhost:${port}/`, {
    timeoutMs: 120_000,
    abort: () => (server.hasExited() ? `${server.name} exited while starting` : undefined),
  });
  // The dev server transforms the app's module graph as it starts (scripts/dev-warmup.ts); the
  // URL is shown once that is done, so the first page opened is served from the warm cache.
  if (!preview) await devServerWarm(port);

  const open = `http://localhost:${port}/`;
  console.log(`
  Workbench (${preview ? 'production build' : 'dev server'}):  ${open}
  Scenarios:   ${open}__mock/scenarios  (choose one: ${open}__mock/scenario/NAME?next=/ — ${scenarios.map((s) => s.name).join(', ')})
  Mock gateway: ${stack.url}  (a line per request: npm start -- --log-requests)
  Ctrl-C stops everything.
`);

  // If the web server stops on its own, take the mock stack down with it.
  const code = await server.exited;
  if (shuttingDown) return;
  console.error(`[start] ${server.name} exited (${code}); stopping the mock stack`);
  await stack.stop();
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}

main().catch(async (error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  await stopEverything();
  process.exit(1);
});
