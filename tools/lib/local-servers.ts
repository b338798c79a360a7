/**
 * What the local runners share (`npm start` / `npm run preview`: tools/start.ts;
 * `npm run serve:nginx`: deploy/serve-nginx.ts): their ports, and a production build that is
 * made only when the one on disk came from other inputs.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import { spawnManaged } from '@zhique/workbench-mock/processes';
import { buildFingerprint, buildIsCurrent } from '../../vite-plugins/build-inputs';
import { nodeBinary, packageBin, projectRoot } from './paths';

/** The port an environment variable names (or `fallback`); anything else ends the run (exit 2). */
export function portFrom(name: 'PORT' | 'MOCK_PORT', fallback: number): number {
  const raw = process.env[name];
  const port = Number(raw ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`${name}=${raw} is not a port number`);
    process.exit(2);
  }
  return port;
}

/** Throws, naming the variable to change, when one of the ports is taken. */
export async function ensurePortsFree(ports: Partial<Record<'PORT' | 'MOCK_PORT', number>>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    // get-port answers another port when the one asked for is taken.
    if ((await getPort({ port })) !== port)
      throw new Error(`port ${port} (${name}) is already in use; set ${name} to another port`);
  }
}

const buildLock = path.join(projectRoot, 'node_modules', '.cache', 'workbench-start-build.lock');
let holdingBuildLock = false;
process.on('exit', () => {
  if (holdingBuildLock) rmSync(buildLock, { recursive: true, force: true });
});

/** Runs `build` holding a lock directory (a lock older than 5 minutes is taken as abandoned). */
async function withBuildLock(build: () => Promise<void>, log: (line: string) => void): Promise<void> {
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
    if (!announced) log('waiting for another run’s vite build…');
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
 * `vite build` into `outDir` (which must be where Vite builds: `VITE_OUT_DIR`) when what is
 * there was built from other inputs (sources, config, `VITE_*` values:
 * vite-plugins/build-inputs.ts), or always with `force`. Several runs may start at once
 * (parallel browser tests): one builds, the others wait for it.
 */
export async function buildWhenStale(
  outDir: string,
  { force = false, log }: { force?: boolean; log: (line: string) => void },
): Promise<void> {
  const stale = () => !buildIsCurrent(outDir, buildFingerprint(projectRoot, process.env));
  if (!force && !stale()) return;
  await withBuildLock(async () => {
    if (!force && !stale()) return; // built by another run meanwhile
    log(`building the app into ${path.relative(projectRoot, outDir)}/ (vite build)…`);
    const build = spawnManaged('vite build', nodeBinary(), [packageBin('vite'), 'build'], {
      cwd: projectRoot,
      inherit: true,
    });
    const code = await build.exited;
    if (code !== 0) throw new Error(`vite build failed (${code})`);
  }, log);
}
