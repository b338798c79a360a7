/**
 * Child processes that never outlive the script that started them.
 *
 * Every child runs in its own process group (`detached: true`), so stopping it
 * stops whatever it spawned too (Vite's esbuild, ...), and a terminal's Ctrl-C
 * reaches only us: we decide the order of shutdown. Three nets catch the rest:
 * - `stopAll()` / each handle's `stop()`: SIGTERM to the group, SIGKILL after a grace period;
 * - a synchronous SIGKILL of every live group on `process.on('exit')`;
 * - a tiny "reaper" process holding a pipe from us: when we die in any way
 *   (even SIGKILL), the pipe closes and the reaper kills the groups still registered.
 *
 * Hand-written because no library covers it: execa and friends clean up through
 * `signal-exit`, which cannot run when we are SIGKILLed, and stop only the child itself,
 * not the group it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  readonly exited: Promise<number | string>;
  /** Whether the process has exited. */
  hasExited(): boolean;
  /** Last lines of output, for error messages. */
  tail(): string;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves when the leader has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Called for each output line (stdout and stderr). When absent the output is only kept for `tail()`. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Inherit the terminal instead of piping (for interactive tools such as Vite). */
  inherit?: boolean;
}

const live = new Map<number, ManagedProcess>();
let reaperStdin: Writable | undefined;
let hooksInstalled = false;

// The reaper reads "+pgid" / "-pgid" lines; on end of input it kills what is left.
const reaperSource = `
const groups = new Set();
let buf = '';
const killAll = (sig) => { for (const g of groups) { try { process.kill(-g, sig); } catch {} } };
const finish = () => {
  if (groups.size === 0) process.exit(0);
  killAll('SIGTERM');
  setTimeout(() => { killAll('SIGKILL'); process.exit(0); }, 1500);
};
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1);
    const n = Number(line.slice(1));
    if (!Number.isInteger(n) || n <= 0) continue;
    if (line[0] === '+') groups.add(n); else if (line[0] === '-') groups.delete(n);
  }
});
process.stdin.on('end', finish);
process.stdin.on('error', finish);
`;

function ensureReaper(): void {
  if (reaperStdin) return;
  const reaper = spawn(process.execPath, ['-e', reaperSource], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { PATH: process.env.PATH ?? '' },
  });
  reaper.unref();
  const stdin = reaper.stdin;
  if (!stdin) return;
  stdin.on('error', () => undefined);
  // Do not let the pipe keep our event loop alive.
  (stdin as unknown as { unref?: () => void }).unref?.();
  reaperStdin = stdin;
}

function tellReaper(line: string): void {
  try {
    reaperStdin?.write(`${line}\n`);
  } catch {
    // the reaper is gone; the exit hook still covers a normal exit
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const p of live.values()) killGroup(p.pid, 'SIGKILL');
  });
}

/** Spawns `command args` in its own process group and tracks it until it exits. */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ManagedProcess {
  installHooks();
  ensureReaper();
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
    detached: true,
    stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) {
    throw new Error(`${name}: could not start ${command}`);
  }
  const pid = child.pid;
  const lines: string[] = [];
  let done = false;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      live.delete(pid);
      tellReaper(`-${pid}`);
      // Whatever the leader left behind in its group goes with it.
      killGroup(pid, 'SIGKILL');
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      lines.push(String(error));
      if (!done) {
        done = true;
        live.delete(pid);
        tellReaper(`-${pid}`);
        resolve('error');
      }
    });
  });

  const collect = (stream: 'stdout' | 'stderr') => {
    let pending = '';
    return (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      let index: number;
      while ((index = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, index).replace(/\r$/, '');
        pending = pending.slice(index + 1);
        lines.push(line);
        if (lines.length > 60) lines.shift();
        options.onLine?.(line, stream);
      }
    };
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));

  const handle: ManagedProcess = {
    name,
    pid,
    child,
    exited,
    hasExited: () => done,
    tail: () => lines.join('\n'),
    async stop(graceMs = 4000) {
      if (done) return;
      killGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  live.set(pid, handle);
  tellReaper(`+${pid}`);
  return handle;
}

interface ProcStat {
  ppid: number;
  pgrp: number;
  start: string;
}

function readStat(pid: number | 'self'): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    //  cutime cstime priority nice threads itrealvalue starttime ..." — comm may contain spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), pgrp: Number(fields[2]), start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/**
 * Calls `onGone` when a process that launched us dies (Linux; a no-op elsewhere).
 * Watched are the ancestors in our own process group — the job a shell or a test runner
 * started, e.g. npm → sh → tsx → us. `npm start` killed with SIGTERM or SIGKILL does not
 * pass the signal on, so without this the stack would live on as orphans.
 */
function watchAncestors(onGone: () => void, intervalMs = 1000): void {
  const self = readStat('self');
  if (!self) return;
  const chain: { pid: number; start: string }[] = [];
  for (let pid = process.ppid; pid > 1 && chain.length < 16;) {
    const stat = readStat(pid);
    if (!stat || stat.pgrp !== self.pgrp) break;
    chain.push({ pid, start: stat.start });
    pid = stat.ppid;
  }
  if (chain.length === 0) return;
  const timer = setInterval(() => {
    if (chain.some(({ pid, start }) => readStat(pid)?.start !== start)) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
}

/**
 * Runs `cleanup` once on SIGINT, SIGTERM or SIGHUP, then exits (130/143/129).
 * A second signal while cleaning up exits at once (the exit hook still kills the groups).
 */
export function onTerminate(cleanup: () => Promise<void>, options: { watchParents?: boolean } = {}): void {
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) process.exit(code);
    stopping = true;
    cleanup().then(
      () => process.exit(code),
      (error: unknown) => {
        console.error(error);
        process.exit(code);
      },
    );
  };
  const codes: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const signal of Object.keys(codes) as NodeJS.Signals[]) {
    process.on(signal, () => stop(codes[signal] ?? 1));
  }
  if (options.watchParents) {
    watchAncestors(() => {
      console.error('[stop] the process that started us has gone; stopping');
      stop(129);
    });
  }
}
