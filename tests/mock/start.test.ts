import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import getPort from 'get-port';
import { nodeBinary, projectRoot, typescriptArgs } from '../../tools/lib/paths';
import { AUTH } from './helpers';

// `npm start` = node --import tsx tools/start.ts, run by a shell. Started here as its own process group, like a job in a terminal.

let running: ChildProcess | undefined;

/** Whether something still accepts connections on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

afterEach(() => {
  if (running?.pid && running.exitCode === null) {
    try {
      process.kill(-running.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** pid → ppid for every process (Linux /proc). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      map.set(Number(name), ppid);
    } catch {
      // exited meanwhile
    }
  }
  return map;
}

function descendants(root: number): number[] {
  const map = parents();
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of map) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return state.slice(state.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function startApp(): Promise<{
  child: ChildProcess;
  port: number;
  mockPort: number;
  output: () => string;
}> {
  const port = await getPort();
  const mockPort = await getPort();
  // Through a shell, as npm runs a script: the launcher, with start.ts its child (`; exit`
  // keeps the shell from replacing itself with its last command).
  const child = spawn(
    '/bin/sh',
    ['-c', '"$@"; exit $?', 'sh', nodeBinary(), ...typescriptArgs('tools/start.ts')],
    {
      cwd: projectRoot,
      env: { ...process.env, PORT: String(port), MOCK_PORT: String(mockPort), DO_NOT_TRACK: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running = child;
  let output = '';
  // Up once the banner is printed; a launcher that exits first (or never prints it) fails here.
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onExit = () => done(new Error(`npm start exited before it was up:\n${output}`));
    const timer = setTimeout(() => done(new Error(`npm start did not come up in 50 s:\n${output}`)), 50_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Ctrl-C stops everything')) done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
  return { child, port, mockPort, output: () => output };
}

/** Waits until none of `pids` is alive (they are not our children: /proc is all there is to ask). */
async function expectGone(pids: number[]): Promise<void> {
  await expect.poll(() => pids.filter(alive), { timeout: 10_000, interval: 100 }).toEqual([]);
}

describe('npm start', () => {
  it('serves the app with the mock stack behind the dev server proxy, and Ctrl-C leaves nothing behind', async () => {
    const { child, port, mockPort, output } = await startApp();
    expect(output()).toContain(`http://localhost:${port}/`);
    expect(output()).toContain('__mock/scenarios');

    const scenarios = await fetch(`http://localhost:${mockPort}/__mock/scenarios`);
    expect(scenarios.status).toBe(200);
    const viaProxy = await fetch(`http://localhost:${port}/api/workbench/userconfig/v2/info`, {
      headers: { ...AUTH, Cookie: 'mock_scenario=owner' },
    });
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.headers.get('x-mock-prefer')).toBe('example=owner');

    const tree = descendants(child.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(6); // start.ts, reaper, 3 × Prism, Vite (+ its helpers)
    process.kill(-child.pid!, 'SIGINT'); // what a terminal does on Ctrl-C
    await expectGone([child.pid!, ...tree]);
    expect(await accepts(port)).toBe(false);
    expect(await accepts(mockPort)).toBe(false);
  });

  it('stops everything when the process that launched it is killed', async () => {
    const { child } = await startApp();
    const tree = descendants(child.pid!);
    process.kill(child.pid!, 'SIGKILL'); // only the launcher (the shell here, npm's in real life)
    await expectGone(tree);
  });
});

describe("the servers run in Node's own process", () => {
  it("npm start and npm run preview start Node with tsx's loader, not tsx's command", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe('node --import tsx tools/start.ts');
    expect(scripts.preview).toBe('node --import tsx tools/start.ts --preview');
  });

  // tsx's command ran the file in a child and killed it (SIGKILL) when it did not answer the
  // signal within about 60 ms: a busy gateway lost the report it writes on Ctrl-C.
  it('a busy process that gets Ctrl-C still finishes what it writes as it stops', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'busy-stop-'));
    const file = path.join(folder, 'report.json');
    try {
      const child = spawn(
        nodeBinary(),
        typescriptArgs(path.join(import.meta.dirname, 'fixtures', 'busy-on-stop.ts'), file),
        // Its own group, so afterEach can end it whatever happens here.
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
      );
      running = child;
      await new Promise<void>((resolve) =>
        child.stdout!.on('data', (d: Buffer) => d.includes('ready') && resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // well inside its busy loop
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
