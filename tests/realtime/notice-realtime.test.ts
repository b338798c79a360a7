/**
 * The realtime notice client against the real mock stack (gateway, Prism, the
 * socket): register on open, reload on a new message (and tell the manual app),
 * burst coalescing, reconnect after the server restarts, pause while signed out,
 * close on stop. The client code is the app's own (src/features/notices), run in
 * Node with the `ws` WebSocket; the list calls go through the app's transport.
 */
import { QueryClient } from '@tanstack/react-query';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureTransport } from '@/api/transport';
import {
  RELOAD_COALESCE_MS,
  startNoticeRealtime,
  type NoticeRealtime,
} from '@/features/notices/notice-realtime';
import { removeItem, writeItem } from '@/session/storage';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';

const UID = 'u-1001';
const TID = 't-personal-1001';
const REALTIME_PATH = '/api/message/v1/ws';

/** `ws` that records what the client sends on each connection. */
class RecordingWebSocket extends WebSocket {
  static instances: RecordingWebSocket[] = [];
  readonly sent: string[] = [];
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    RecordingWebSocket.instances.push(this);
  }
  // partysocket only ever calls send(data).
  override send(data: string): void {
    this.sent.push(data);
    super.send(data);
  }
}

const registersOf = (ws: RecordingWebSocket) =>
  ws.sent.map((s) => JSON.parse(s) as { content?: string }).filter((f) => f.content === 'register');

async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
  return vi.waitFor(
    async () => {
      let value: T;
      try {
        value = await check();
      } catch (error) {
        throw new Error(`timed out waiting for ${what}: ${String(error)}`, { cause: error });
      }
      if (!value) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** The client's reconnect backoff in this test (short, so reconnecting after a restart is quick). */
const BACKOFF = { minDelayMs: 200, maxDelayMs: 1_000, growFactor: 1.5, jitter: 0.5 };
/** The app's reload coalescing window (the client runs with the app's default). */
const COALESCE_MS = RELOAD_COALESCE_MS;
/** Slack for the event loop and the local network on top of a timer of the client's. */
const MARGIN_MS = 500;
/**
 * Where the test proves that the client does nothing (no socket while paused or stopped, no
 * reload after stop), there is no event to wait for: it waits this long instead, longer than
 * any timer the client could still have running (the longest backoff, the coalescing window).
 */
const QUIET_MS = Math.max(BACKOFF.maxDelayMs, COALESCE_MS) + MARGIN_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stack: MockStack;
let port: number;
let realtime: NoticeRealtime;
let listRequests = 0;
/** For each list request: how many new-message events the client had received when it was made. */
const eventsSeenByListRequest: number[] = [];
const errors: string[] = [];
const manualRefreshes: (string | null)[] = [];
const reloads: { newestApp: string | undefined; at: number }[] = [];

async function connections(): Promise<number> {
  const res = await fetch(`${stack.url}/__mock/realtime/clients`);
  const body = (await res.json()) as { clients: { uid: string; connections: number }[] };
  return body.clients.find((c) => c.uid === UID)?.connections ?? 0;
}

async function push(body: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${stack.url}/__mock/realtime/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ uid: UID, ...body }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { delivered: number }).delivered;
}

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
  port = stack.port;
  configureTransport({
    baseUrl: stack.url,
    getToken: () => 'realtime-test-token',
    getTenantId: () => TID,
    notifyError: (m) => void errors.push(m),
    onSessionExpired: () => undefined,
    fetch: (input, init) => {
      if (String(input).endsWith('/msg/list')) {
        listRequests += 1;
        eventsSeenByListRequest.push(realtime?.socket.stats.newMessages ?? 0);
      }
      return globalThis.fetch(input, init);
    },
  });
});

afterAll(async () => {
  realtime?.stop();
  removeItem('token');
  await stack?.stop();
});

describe('realtime notice client against the mock stack', () => {
  it('stays closed while signed out, then connects and registers once when a token appears', async () => {
    removeItem('token');
    realtime = startNoticeRealtime({
      url: `ws://localhost:${port}${REALTIME_PATH}`,
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      tid: TID,
      uid: UID,
      notifyManual: (scene) => void manualRefreshes.push(scene),
      onReloaded: (list) => void reloads.push({ newestApp: list.rows[0]?.appId, at: Date.now() }),
      socket: {
        WebSocket: RecordingWebSocket,
        backoff: BACKOFF,
      },
    });
    await sleep(QUIET_MS); // a wait: nothing is to happen (a client that did connect would have by now)
    expect(realtime.socket.state).toBe('paused');
    expect(RecordingWebSocket.instances).toHaveLength(0);

    writeItem('token', 'realtime-test-token');
    await until('the user to be registered', async () => (await connections()) === 1);
    expect(realtime.socket.state).toBe('open');
    expect(RecordingWebSocket.instances).toHaveLength(1);
    const [register] = registersOf(RecordingWebSocket.instances[0]!);
    expect(register).toEqual({
      id: expect.stringMatching(/\S/),
      content: 'register',
      type: 1,
      exp: { uid: UID },
    });
    expect(registersOf(RecordingWebSocket.instances[0]!)).toHaveLength(1);
  });

  it('reloads the list on a new message and tells the manual app every time, even for the same scene', async () => {
    const before = listRequests;
    expect(await push({ app_id: 'A0001', scene_no: 'S-1024' })).toBe(1);
    await until('a reload', () => reloads.length === 1);
    expect(listRequests).toBe(before + 1);
    // The mock's list (message.yaml example) has a manual notice (A0001, S-1024) first.
    expect(reloads[0]!.newestApp).toBe('A0001');
    expect(manualRefreshes).toEqual(['S-1024']);

    // Inside the coalescing window or not, the event gets a reload of its own (then on the trailing edge).
    await push({ app_id: 'A0001', scene_no: 'S-1024' });
    await until('a second reload', () => reloads.length === 2);
    expect(manualRefreshes).toEqual(['S-1024', 'S-1024']);
    expect(errors).toEqual([]);
  });

  it('coalesces a burst: 1,000 new-message events cause at most 3 list reloads', async () => {
    // The burst starts on an idle client (its first event reloads at once): the most reloads it can cause.
    await until('the coalescing window of the last reload to pass', () =>
      reloads.every((r) => Date.now() - r.at > COALESCE_MS),
    );
    const requestsBefore = listRequests;
    const reloadsBefore = reloads.length;
    const eventsBefore = realtime.socket.stats.newMessages;
    const started = Date.now();
    expect(await push({ app_id: 'A0001', scene_no: 'S-2048', count: 1000 })).toBe(1000);
    await until('all 1,000 events', () => realtime.socket.stats.newMessages - eventsBefore === 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    // The trailing reload is the one started after the last event (no later one can follow it),
    // finished when every list request has reported its reload.
    await until(
      'the trailing reload',
      () =>
        eventsSeenByListRequest.slice(requestsBefore).includes(eventsBefore + 1000) &&
        reloads.length - reloadsBefore === listRequests - requestsBefore,
    );
    const made = listRequests - requestsBefore;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(3);
    expect(reloads.length - reloadsBefore).toBe(made);
  });

  it('reconnects by itself after the server restarts and registers once on the new connection', async () => {
    const socketsBefore = RecordingWebSocket.instances.length;
    await stack.stop();
    await until('the drop to be seen', () => realtime.socket.state === 'connecting');

    stack = await startMockStack({ port, quiet: true });
    await until('the user to be registered again', async () => (await connections()) === 1, 45_000);
    expect(realtime.socket.state).toBe('open');
    const opened = RecordingWebSocket.instances
      .slice(socketsBefore)
      .filter((ws) => ws.readyState === WebSocket.OPEN);
    expect(opened).toHaveLength(1);
    expect(registersOf(opened[0]!)).toHaveLength(1);
    // Every connection the client made registered at most once (failed attempts never opened).
    for (const ws of RecordingWebSocket.instances) expect(registersOf(ws).length).toBeLessThanOrEqual(1);
    expect(realtime.socket.stats.registers).toBe(realtime.socket.stats.opens);

    const reloadsBefore = reloads.length;
    await push({ app_id: 'A0001', scene_no: 'S-4096' });
    await until('a reload after the reconnect', () => reloads.length === reloadsBefore + 1);
  });

  it('pauses when the token is removed, resumes when it returns, and closes for good on stop', async () => {
    removeItem('token');
    expect(realtime.socket.state).toBe('paused');
    await until('the server to forget the user', async () => (await connections()) === 0);
    const socketsWhilePaused = RecordingWebSocket.instances.length;
    await sleep(QUIET_MS); // a wait: longer than the backoff, and a paused client must not retry
    expect(RecordingWebSocket.instances).toHaveLength(socketsWhilePaused);

    writeItem('token', 'realtime-test-token');
    await until('the user to be registered after sign-in', async () => (await connections()) === 1);
    expect(registersOf(RecordingWebSocket.instances.at(-1)!)).toHaveLength(1);

    realtime.stop();
    expect(realtime.socket.state).toBe('closed');
    await until('the server to forget the user', async () => (await connections()) === 0);
    const reloadsAfterStop = reloads.length;
    const socketsAfterStop = RecordingWebSocket.instances.length;
    await sleep(QUIET_MS); // a wait: a stopped client neither reconnects nor reloads, however long
    expect(RecordingWebSocket.instances).toHaveLength(socketsAfterStop);
    expect(await push({})).toBe(0); // nobody to deliver to
    expect(reloads).toHaveLength(reloadsAfterStop);
  });
});
