/** The socket's pure parts; the socket itself is tested against the mock stack in tests/realtime. */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKOFF, jitteredDelays, newFrameId, parseNewMessage, registerFrame } from './notice-socket';

describe('notice socket helpers', () => {
  it('builds the register frame of the contract', () => {
    expect(registerFrame('u-1001', 'id-1')).toEqual({
      id: 'id-1',
      content: 'register',
      type: 1,
      exp: { uid: 'u-1001' },
    });
  });

  it('makes unique RFC 4122 ids', () => {
    const ids = new Set(Array.from({ length: 50 }, newFrameId));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes ids without randomUUID too (pages served over plain http are not a secure context)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    try {
      expect(newFrameId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newFrameId()).not.toBe(newFrameId());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('recognises only new-message frames', () => {
    const frame = {
      id: 'm-1',
      content: 'new_message',
      type: 2,
      exp: { uid: 'u-1001', app_id: 'A0001', scene_no: 'S-1' },
    };
    expect(parseNewMessage(JSON.stringify(frame))).toEqual(frame);
    expect(
      parseNewMessage(JSON.stringify({ id: 'x', content: 'registered', type: 3, exp: { uid: 'u-1001' } })),
    ).toBeNull();
    expect(parseNewMessage('not json')).toBeNull();
    expect(parseNewMessage('null')).toBeNull();
    expect(parseNewMessage(new ArrayBuffer(4))).toBeNull();
  });

  it('draws a fresh jittered delay each time partysocket reads one', () => {
    const draws = [0, 1, 0.5];
    const delays = jitteredDelays(
      { ...DEFAULT_BACKOFF, minDelayMs: 1000, maxDelayMs: 30_000, jitter: 0.5 },
      () => draws.shift() ?? 0,
    );
    expect(delays.minReconnectionDelay).toBe(1000);
    expect(delays.minReconnectionDelay).toBe(500);
    expect(delays.maxReconnectionDelay).toBe(22_500);
    expect(delays.reconnectionDelayGrowFactor).toBe(DEFAULT_BACKOFF.growFactor);
  });
});
