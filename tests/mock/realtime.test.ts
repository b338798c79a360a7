import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { loadRealtimeContract, REALTIME_PATH } from '../../packages/mock-stack/src/realtime';
import { get } from './helpers';

let stack: MockStack;
const open: WebSocket[] = [];

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  for (const socket of open) socket.terminate();
  await stack?.stop();
});

const contract = loadRealtimeContract();
const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** A socket that records every frame it receives. */
interface Client {
  socket: WebSocket;
  frames: Record<string, unknown>[];
  /** Resolves once `count` frames matching `match` have arrived (in total). */
  waitFor(
    match: (frame: Record<string, unknown>) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>[]>;
}

async function connect(): Promise<Client> {
  const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}${REALTIME_PATH}`);
  open.push(socket);
  const frames: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const check of waiters) check();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    waitFor(match, count = 1, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.filter(match);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} frame(s); got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

const isNew = (f: Record<string, unknown>) =>
  f.type === contract.newMessage.type && f.content === contract.newMessage.content;
const isAck = (f: Record<string, unknown>) => f.type === contract.ack?.type;

async function register(client: Client, uid: string): Promise<void> {
  const id = `reg-${uid}-${Math.random().toString(16).slice(2)}`;
  client.socket.send(JSON.stringify({ id, content: 'register', type: contract.register.type, exp: { uid } }));
  if (contract.ack) {
    const [ack] = await client.waitFor((f) => isAck(f) && f.id === id);
    expect(ack).toEqual({ id, content: contract.ack.content, type: contract.ack.type, exp: { uid } });
    if (contract.ack.schema)
      expect(ajv.validate(contract.ack.schema, ack), JSON.stringify(ajv.errors)).toBe(true);
  } else {
    await waitUntilRegistered(uid);
  }
}

/** The users the mock's socket hub has registered. */
async function registeredUids(): Promise<string[]> {
  return ((await (await get(`${stack.url}/__mock/realtime/clients`)).json()) as { uids: string[] }).uids;
}

async function waitUntilRegistered(uid: string): Promise<void> {
  await expect.poll(registeredUids, { timeout: 5000, message: `${uid} never registered` }).toContain(uid);
}

/**
 * Resolves once the server has answered a ping on this socket. The server writes to a
 * socket in order and `ws` emits what arrives in order, so every frame the server sent
 * to it before the ping has been received by then.
 */
function roundTrip(client: Client): Promise<void> {
  return new Promise((resolve) => {
    client.socket.once('pong', () => resolve());
    client.socket.ping();
  });
}

async function push(body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}/__mock/realtime/push`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('realtime socket', () => {
  it('reads the frame shapes from the AsyncAPI contract', () => {
    expect(contract.register.type).toBe(1);
    expect(contract.newMessage).toMatchObject({ type: 2, content: 'new_message' });
    expect(contract.ack).toMatchObject({ type: 3, content: 'registered' });
  });

  it('register, then push: the new-message event arrives, valid against the contract', async () => {
    const client = await connect();
    await register(client, 'u-1001');

    const clients = (await (await get(`${stack.url}/__mock/realtime/clients`)).json()) as { uids: string[] };
    expect(clients.uids).toContain('u-1001');

    const { status, json } = await push({ uid: 'u-1001', app_id: 'A0001', scene_no: 'S-1024' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      delivered: 1,
      notices: [{ session: 'default|default', gids: [expect.any(String)] }],
    });
    const [event] = await client.waitFor(isNew);
    expect(event).toMatchObject({
      content: 'new_message',
      type: 2,
      exp: { uid: 'u-1001', app_id: 'A0001', scene_no: 'S-1024' },
    });
    expect(typeof event?.id).toBe('string');
    if (contract.newMessage.schema)
      expect(ajv.validate(contract.newMessage.schema, event), JSON.stringify(ajv.errors)).toBe(true);
    client.socket.close();
  });

  it('count > 1 sends a burst of distinct frames; a targeted push reaches only that user', async () => {
    const alice = await connect();
    const bob = await connect();
    await register(alice, 'u-alice');
    await register(bob, 'u-bob');

    const burst = await push({ uid: 'u-alice', count: 5 });
    expect(burst.json.delivered).toBe(5);
    const frames = await alice.waitFor(isNew, 5);
    expect(new Set(frames.map((f) => f.id)).size).toBe(5);
    expect(frames.every((f) => (f.exp as { uid: string }).uid === 'u-alice')).toBe(true);

    // Everyone (no uid): both receive one; bob got nothing from the targeted burst.
    const everyone = await push();
    expect(everyone.json.delivered).toBeGreaterThanOrEqual(2);
    const [bobFrame] = await bob.waitFor(isNew, 1);
    expect((bobFrame?.exp as { uid: string }).uid).toBe('u-bob');
    await alice.waitFor(isNew, 6);
    // The pushes were written to the sockets before they were answered: after a round trip
    // on bob's socket, anything the burst had sent him would be here.
    await roundTrip(bob);
    expect(bob.frames.filter(isNew)).toHaveLength(1);

    // An unknown user: nothing delivered; the notice waits in the caller's default session.
    expect((await push({ uid: 'u-nobody' })).json).toMatchObject({
      delivered: 0,
      notices: [{ session: 'default|default', gids: [expect.any(String)] }],
    });
    alice.socket.close();
    bob.socket.close();
  });

  it('a user with two sockets gets the event on both', async () => {
    const first = await connect();
    const second = await connect();
    await register(first, 'u-twice');
    await register(second, 'u-twice');
    const { json } = await push({ uid: 'u-twice', count: 2 });
    expect(json.delivered).toBe(4);
    await first.waitFor(isNew, 2);
    await second.waitFor(isNew, 2);
    const clients = (await (await get(`${stack.url}/__mock/realtime/clients`)).json()) as {
      clients: { uid: string; connections: number }[];
    };
    expect(clients.clients).toContainEqual({ uid: 'u-twice', connections: 2 });
    first.socket.close();
    second.socket.close();
  });

  it('ignores unparseable or foreign frames and keeps working', async () => {
    const client = await connect();
    client.socket.send('not json');
    client.socket.send('{"type": 1}');
    client.socket.send(JSON.stringify({ type: 1, exp: {} }));
    client.socket.send(JSON.stringify([1, 2, 3]));
    client.socket.send('null');
    client.socket.send(Buffer.from([0xff, 0x00, 0x13]), { binary: true });
    client.socket.send(JSON.stringify({ id: 'x', content: 'hello', type: 9, exp: { uid: 'u-odd' } }));
    await register(client, 'u-robust');
    expect((await push({ uid: 'u-robust' })).json.delivered).toBe(1);
    await client.waitFor(isNew);
    const { uids } = (await (await get(`${stack.url}/__mock/realtime/clients`)).json()) as { uids: string[] };
    expect(uids).not.toContain('u-odd');
    client.socket.close();
  });

  it('forgets a user whose socket closed', async () => {
    const client = await connect();
    await register(client, 'u-gone');
    await new Promise<void>((resolve) => {
      client.socket.once('close', () => resolve());
      client.socket.close();
    });
    await expect
      .poll(registeredUids, { timeout: 5000, message: 'u-gone is still listed' })
      .not.toContain('u-gone');
  });

  it('rejects a bad push body', async () => {
    expect((await push('{oops')).status).toBe(400);
    expect((await push({ count: 0 })).status).toBe(400);
    expect((await push({ uid: 42 })).status).toBe(400);
    expect((await push([1])).status).toBe(400);
  });

  it('refuses sockets on other paths', async () => {
    const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/api/message/v1/other`);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('error', () => resolve('error'));
    });
    expect(outcome).toBe('error');
    socket.terminate();
  });
});
