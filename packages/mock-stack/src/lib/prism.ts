/**
 * Starting Prism (`@stoplight/prism-cli`) as a managed child process: one process per
 * document, on an internal port, with analytics off, resolved once it answers HTTP.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import getPort from 'get-port';
import { packageRoot } from '../package-root';
import { spawnManaged, type ManagedProcess } from './processes';
import { waitForHttp } from './wait';

/** Prism's command, run with the Node that runs us (not through its shebang). */
const PRISM = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
/** Loaded into each Prism process: its `sl-violations` header kept to ASCII (see the file). */
const PRELOAD = path.join(packageRoot, 'prism', 'sl-violations.cjs');

/** Path probed until Prism answers (any status); its log lines are not shown. */
const READY_PATH = '/__prism-ready';

export interface PrismOptions {
  /** `mock` serves examples (the only mode the project uses). */
  mode: 'mock';
  document: string;
  /** Dynamic responses (`-d --seed N`), mock mode only. */
  dynamicSeed?: number;
  label: string;
  quiet?: boolean;
  /** Prism's log level (default `warn`: no line per request). */
  verbosity?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
  startTimeoutMs?: number;
}

export interface PrismProcess {
  port: number;
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const port = await getPort();
  const args = [
    '--require',
    PRELOAD,
    PRISM,
    options.mode,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-v',
    options.verbosity ?? 'warn',
  ];
  if (options.mode === 'mock' && options.dynamicSeed !== undefined)
    args.push('-d', '--seed', String(options.dynamicSeed));
  args.push(options.document);
  const child = spawnManaged(`prism ${options.label}`, process.execPath, args, {
    env: { ...process.env, DO_NOT_TRACK: '1', NODE_ENV: 'development', FORCE_COLOR: '0' },
    onLine: options.quiet
      ? undefined
      : (line) => {
          if (!line.trim() || line.includes(READY_PATH) || line.includes('Starting Prism')) return;
          console.log(`[prism ${options.label}] ${line}`);
        },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${READY_PATH}`, {
      timeoutMs: options.startTimeoutMs ?? 60_000,
      abort: () =>
        child.hasExited() ? `Prism (${options.label}) exited while starting:\n${child.tail()}` : undefined,
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { port, url, process: child, stop: () => child.stop() };
}
