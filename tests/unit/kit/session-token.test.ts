/**
 * One token cache: the kit asks the frame's child API (src/sub-app-frame/child-api.ts), which
 * caches the app's token and renews it when less than a minute is left; the kit keeps none of
 * its own. A child calling `getSessionToken()` before each request, and one keeping a fresh
 * token with `onSessionToken`, cost the shell one request per token lifetime.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installChildApi } from '@/sub-app-frame/child-api';
import { getSessionToken, onSessionToken } from '../../../packages/sub-app-kit/index.js';

/** How long the workbench's app tokens live (the kit README: at most 5 minutes). */
const TOKEN_LIFE_MS = 5 * 60_000;

let asked = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  asked = 0;
  installChildApi({
    app: 'manual',
    entry: 'https://apps.example.com/manual/',
    baseRoute: '/micro-app-manual/',
    dispatchToShell: () => {},
    navigateShell: () => {},
    request: () => {
      asked++;
      return Promise.resolve({ token: `t${asked}`, expiresAt: Date.now() + TOKEN_LIFE_MS });
    },
  });
});
afterEach(() => vi.useRealTimers());

describe("the app's token", () => {
  it('is asked of the shell once while it is fresh, however often the app calls for it', async () => {
    const tokens = await Promise.all([getSessionToken(), getSessionToken()]);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    tokens.push(await getSessionToken());
    expect(tokens.map((t) => t.token)).toEqual(['t1', 't1', 't1']);
    expect(asked).toBe(1);
    // Less than a minute left: a new one.
    await vi.advanceTimersByTimeAsync(2.5 * 60_000);
    expect((await getSessionToken()).token).toBe('t2');
    expect(asked).toBe(2);
  });

  it('kept fresh by onSessionToken costs one request per token, each new one before the old expires', async () => {
    const seen: { token: string; at: number; expiresAt: number }[] = [];
    const stop = onSessionToken((token: { token: string; expiresAt: number }) =>
      seen.push({ ...token, at: Date.now() }),
    );
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    stop();
    // 20 minutes of 5-minute tokens, each renewed just under a minute early: at 0, 4:01, 8:02, 12:03, 16:04.
    expect(asked).toBe(5);
    expect(seen.map((s) => s.token)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    for (const [i, s] of seen.entries()) if (i > 0) expect(s.at).toBeLessThan(seen[i - 1]!.expiresAt);
  });
});
