/** The frame takes a welcome only from the window that embeds it and the shell's origin, with a port. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WELCOME_MS } from '@/sub-app-protocol/limits';
import { FRAME_CHANNEL, type Welcome } from '@/sub-app-protocol/messages';
import { handshake, shellOrigin } from './handshake';

const SHELL = 'https://workbench.example.com';
const welcome: Welcome = {
  channel: FRAME_CHANNEL,
  kind: 'welcome',
  app: 'manual',
  entry: 'https://apps.example.com/manual/',
  data: {},
  globalData: {},
  storage: { local: {}, session: {} },
};

/** A message on this window as the browser would deliver it. */
function deliver(data: unknown, init: { origin?: string; source?: Window | null; withPort?: boolean } = {}) {
  const { port2 } = new MessageChannel();
  const event = new MessageEvent('message', { data, origin: init.origin ?? SHELL });
  Object.defineProperty(event, 'source', { value: init.source === undefined ? window.parent : init.source });
  Object.defineProperty(event, 'ports', { value: init.withPort === false ? [] : [port2] });
  window.dispatchEvent(event);
}

let posted: [unknown, string][];
beforeEach(() => {
  posted = [];
  vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown, origin?: unknown) => {
    posted.push([message, String(origin)]);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the handshake', () => {
  it("says hello to the shell's origin only, and takes its welcome with the port", async () => {
    const shaken = handshake(SHELL);
    expect(posted).toEqual([[{ channel: FRAME_CHANNEL, kind: 'hello' }, SHELL]]);
    deliver(welcome);
    const result = await shaken;
    expect(result?.welcome).toEqual(welcome);
    expect(result?.port).toBeInstanceOf(MessagePort);
    result?.port.close();
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another window', { source: null }],
    ['no port', { withPort: false }],
  ])('ignores a welcome from %s', async (_what, init) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shaken = handshake(SHELL);
    deliver(welcome, init);
    deliver({ ...welcome, storage: undefined }); // and a malformed one from the right place
    await vi.advanceTimersByTimeAsync(WELCOME_MS);
    expect(await shaken).toBeNull();
  });
});

describe("the shell's origin", () => {
  it('is none for a page that is not in a frame (opened on its own)', () => {
    expect(window.parent).toBe(window);
    expect(shellOrigin()).toBeNull();
  });
});
