/**
 * `npm start` as the tests run it (`node --import tsx tools/start.ts`): a child process on ports
 * of its own, its terminal kept line by line, ready when the banner is printed, stopped with Ctrl-C (SIGINT) as a person stops it —
 * which is when the integration gateway writes its recording and reports.
 */
import { spawn } from 'node:child_process';
import getPort from 'get-port';
import { nodeBinary, typescriptArgs } from '../../tools/lib/paths';

export interface RunningApp {
  url: string;
  /** Everything printed so far (stdout and stderr). */
  readonly output: string;
  stop(): Promise<number | null>;
}

/** `npm start -- ARGS` on free ports, with `env` (VITE_* settings) on top of this process's. */
export async function startApp(
  args: string[],
  timeoutMs = 180_000,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const port = await getPort();
  return run(
    [nodeBinary(), ...typescriptArgs('tools/start.ts', ...args)],
    { ...env, PORT: String(port), MOCK_PORT: String(await getPort()) },
    'Ctrl-C stops everything.',
    `http://localhost:${port}`,
    timeoutMs,
  );
}

/** `npm run mock` (the mock package's command) on a free port: the upstream of the tests, a server of its own. */
export async function startMock(timeoutMs = 120_000): Promise<RunningApp> {
  const port = await getPort();
  return run(
    ['node_modules/.bin/workbench-mock', '--quiet'],
    { MOCK_PORT: String(port) },
    '',
    `http://127.0.0.1:${port}`,
    timeoutMs,
    `http://127.0.0.1:${port}/__mock/health`,
  );
}

async function run(
  [command, ...args]: string[],
  env: Record<string, string>,
  ready: string,
  url: string,
  timeoutMs: number,
  health?: string,
): Promise<RunningApp> {
  const name = args.find((arg) => !arg.startsWith('-') && !arg.startsWith('file:')) ?? command!;
  const child = spawn(command!, args, {
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  const isReady = async () => {
    if (!health) return output.includes(ready);
    try {
      return (await fetch(health)).ok;
    } catch {
      return false;
    }
  };
  while (!(await isReady())) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    get output() {
      return output;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}
