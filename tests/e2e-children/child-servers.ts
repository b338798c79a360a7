/**
 * Two children shaped like micro-app's own examples, built and served the way their teams
 * would: a Vue 3 child built by Vite (micro-app's dev/children/vite4: hash routes, its lifecycle
 * under its name, registered late, then an error) and a Vue 3 child built by webpack with
 * vue-loader (its Vue CLI example: `window.mount`/`window.unmount`, a public path, history
 * routes under the base route, a lazy chunk). Built into node_modules/.cache, served from a
 * server of their own (another origin than the shell's, CORS open as a team's CDN is); the
 * Vite child also runs from its own dev server, from a copy the test may edit.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import getPort from 'get-port';
import sirv from 'sirv';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = path.join(import.meta.dirname, 'children');
const OUT = path.join(ROOT, 'node_modules', '.cache', 'workbench-children');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

/** The paths the built children are served under (their `base` / `publicPath`). */
export const VITE_CHILD_PATH = '/vite-child/';
export const WEBPACK_CHILD_PATH = '/webpack-child/';

function run(command: string, args: string[], cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Builds both children (`vite build`; webpack with vue-loader, from build-webpack-child.ts). */
export async function buildChildren(): Promise<{ vite: string; webpack: string }> {
  const vite = path.join(OUT, 'vite-vue');
  const webpack = path.join(OUT, 'webpack-vue');
  await run(bin('vite'), ['build', path.join(SOURCES, 'vite-vue'), '--outDir', vite, '--emptyOutDir']);
  await run(bin('tsx'), [path.join(import.meta.dirname, 'build-webpack-child.ts'), webpack]);
  return { vite, webpack };
}

export interface Served {
  origin: string;
  close(): Promise<void>;
}

/** Serves the built children on a port of their own, CORS open, each route to its index.html. */
export async function serveChildren(dirs: { vite: string; webpack: string }): Promise<Served> {
  const mounts = [
    { prefix: VITE_CHILD_PATH, files: sirv(dirs.vite, { single: true, dev: true }) },
    { prefix: WEBPACK_CHILD_PATH, files: sirv(dirs.webpack, { single: true, dev: true }) },
  ];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const mount = mounts.find((m) => (req.url ?? '/').startsWith(m.prefix));
    if (!mount) {
      res.writeHead(404).end();
      return;
    }
    req.url = `/${(req.url ?? '/').slice(mount.prefix.length)}`;
    mount.files(req, res, () => void res.writeHead(404).end());
  });
  const port = await getPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface DevServer extends Served {
  /** The copy the dev server serves: edit its files to see hot reload. */
  dir: string;
  /** What the dev server printed so far. */
  readonly output: string;
}

/**
 * The Vite child from its own dev server (`vite`), from a copy in .children-dev (inside the
 * repository, so it resolves `vue` from its node_modules; not under node_modules or
 * test-results, which Vite's watcher ignores).
 */
export async function startViteDevServer(): Promise<DevServer> {
  const dir = path.join(ROOT, '.children-dev', 'vite-vue');
  if (existsSync(dir)) rmSync(dir, { recursive: true });
  cpSync(path.join(SOURCES, 'vite-vue'), dir, { recursive: true });
  const port = await getPort();
  const child = spawn(bin('vite'), [dir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${origin}${VITE_CHILD_PATH}`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the Vite dev server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    dir,
    get output() {
      return output;
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
