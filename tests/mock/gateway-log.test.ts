import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLogFromEnv, startMockStack, type MockStack } from '@zhique/workbench-mock';
import { AUTH } from './helpers';

// `npm start` prints its URL banner once; a line per request would scroll it away at once.

let stack: MockStack | undefined;

afterEach(async () => {
  await stack?.stop();
  stack = undefined;
  vi.restoreAllMocks();
});

/** Everything the stack wrote through console.log / console.warn while `run` ran. */
async function logged(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  await run();
  return lines;
}

async function ask(url: string): Promise<void> {
  const response = await fetch(`${url}/api/workbench/userconfig/v2/info`, {
    headers: { ...AUTH, 'X-Mock-Scenario': 'owner' },
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe('gateway request log', () => {
  it('is off by default: the start line is there, a successful request is not', async () => {
    // The default: neither the option nor MOCK_LOG says otherwise.
    vi.stubEnv('MOCK_LOG', '');
    const lines = await logged(async () => {
      stack = await startMockStack();
      await ask(stack.url);
    });
    vi.unstubAllEnvs();
    expect(lines.some((line) => line.startsWith('[mock] gateway on'))).toBe(true);
    expect(lines.filter((line) => line.startsWith('[gateway]'))).toEqual([]);
  });

  it('logs a line per request when asked to', async () => {
    const lines = await logged(async () => {
      stack = await startMockStack({ logRequests: true });
      await ask(stack.url);
    });
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[gateway\] GET \/api\/workbench\/userconfig\/v2\/info → 200 getUserConfig \[owner\]/,
      ),
    );
  });

  it('MOCK_LOG=requests turns it on (a comma-separated list)', () => {
    expect(requestLogFromEnv(undefined)).toBe(false);
    expect(requestLogFromEnv('')).toBe(false);
    expect(requestLogFromEnv('requests')).toBe(true);
    expect(requestLogFromEnv('prism, Requests')).toBe(true);
    expect(requestLogFromEnv('request')).toBe(false);
  });
});

describe('mock warm-up', () => {
  it('runs in the background and a stop in the middle of it is clean', async () => {
    const lines = await logged(async () => {
      stack = await startMockStack({ warm: true });
      await stack.stop();
    });
    expect(lines.filter((line) => line.includes('warm-up'))).toEqual([]);
  });
});
