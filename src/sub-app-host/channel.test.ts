/**
 * The shell's side of the channel: the handshake only with the frame's own window and
 * origin, then a port; micro-app's data rules (merge, deliver on change, force); data set
 * before a frame starts reaches it; both directions checked against the contract; requests
 * answered; unmount acknowledged or given up on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_CHANNEL } from '@/sub-app-protocol/messages';
import { onAnyAppEvent } from './app-event-listeners';
import { connectFrame, onAppEvent, sendToApp, setSharedContext } from './channel';

const FRAME_ORIGIN = 'http://manual.localhost:5173';
const ENTRY = 'http://localhost:5173/__mock/apps/x/';
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

type Message = { kind: string; [key: string]: unknown };
const frames: HTMLIFrameElement[] = [];
const ports: MessagePort[] = [];

function newFrame() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  const welcomes: { message: Message; origin: string; port: MessagePort }[] = [];
  const received: Message[] = [];
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(((
    message: Message,
    origin: string,
    transfer: MessagePort[],
  ) => {
    const port = transfer[0]!;
    ports.push(port);
    port.onmessage = (event: MessageEvent) => received.push(event.data as Message);
    welcomes.push({ message, origin, port });
  }) as never);
  const hello = (source: Window | null = frame.contentWindow, origin = FRAME_ORIGIN) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { channel: FRAME_CHANNEL, kind: 'hello' }, origin, source }),
    );
  /** A message from the frame on the port of its latest welcome. */
  const fromFrame = async (data: Message) => {
    welcomes.at(-1)!.port.postMessage(data);
    await tick();
  };
  return { frame, hello, fromFrame, welcomes, received };
}

const callbacks = () => ({
  greeted: vi.fn(),
  mounted: vi.fn(),
  failed: vi.fn(),
  moved: vi.fn(),
  modal: vi.fn(),
  answer: vi.fn(async (request: { type: string }) =>
    request.type === 'confirm' ? true : { token: 't', expiresAt: 1 },
  ),
});
const connect = (
  app: 'manual' | 'product' | 'channel' | 'engine',
  frame: HTMLIFrameElement,
  on = callbacks(),
) => connectFrame(app, frame, FRAME_ORIGIN, ENTRY, on);

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
  for (const port of ports.splice(0)) port.close();
  vi.restoreAllMocks();
});

describe('the handshake', () => {
  it('welcomes only a hello from the frame’s own window and origin, to that origin, with a port', async () => {
    const { frame, hello, welcomes } = newFrame();
    const other = newFrame();
    connect('manual', frame);
    hello(other.frame.contentWindow); // another window
    hello(frame.contentWindow, 'http://evil.example'); // another origin
    hello(window); // the shell itself
    expect(welcomes).toHaveLength(0);
    hello();
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]!.origin).toBe(FRAME_ORIGIN);
    expect(welcomes[0]!.message).toMatchObject({ kind: 'welcome', app: 'manual', entry: ENTRY });
    // A reload of the frame says hello again: a new port, the old one closed.
    hello();
    expect(welcomes).toHaveLength(2);
  });

  it('hears nothing on the window but the hello', async () => {
    const { frame, hello } = newFrame();
    const on = callbacks();
    connect('engine', frame, on);
    hello();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { kind: 'mounted' },
        origin: FRAME_ORIGIN,
        source: frame.contentWindow,
      }),
    );
    await tick();
    expect(on.mounted).not.toHaveBeenCalled();
  });
});

describe('the channel to an app frame', () => {
  it('gives a starting frame the data already set, then each change, merged as micro-app does', async () => {
    sendToApp('product', { type: 'route', subRoute: 'classifiedManagement' });
    const { frame, hello, welcomes, received } = newFrame();
    connect('product', frame);
    hello();
    expect(welcomes[0]!.message).toMatchObject({ data: { type: 'route', subRoute: 'classifiedManagement' } });

    sendToApp('product', { type: 'route', subRoute: 'classifiedManagement' }); // unchanged: not sent
    sendToApp('product', { type: 'route', subRoute: 'attributeManagement' });
    sendToApp('product', { type: 'route', subRoute: 'attributeManagement' }, { force: true });
    await tick();
    expect(received).toEqual([
      { kind: 'data', data: { type: 'route', subRoute: 'attributeManagement' } },
      // Forced: sent again though nothing changed (the frame delivers whatever the shell sends).
      { kind: 'data', data: { type: 'route', subRoute: 'attributeManagement' } },
    ]);
  });

  it('asks the app to unmount and waits for its acknowledgement', async () => {
    const { frame, hello, fromFrame, received } = newFrame();
    const handlers = callbacks();
    const moved = handlers.moved;
    const covered = handlers.modal;
    const connection = connect('channel', frame, handlers);
    hello();
    let done = false;
    const leaving = connection.disconnect().then(() => (done = true));
    await tick();
    expect(received).toEqual([{ kind: 'unmount' }]);
    expect(done).toBe(false);
    // While it unmounts, the app can neither cover the shell nor move it.
    await fromFrame({ kind: 'modal', open: true, mask: null });
    await fromFrame({ kind: 'location', path: '/micro-app-channel/again', replace: false, state: null });
    expect(moved).not.toHaveBeenCalled();
    expect(covered).not.toHaveBeenCalled();
    await fromFrame({ kind: 'unmounted' });
    await leaving;
    sendToApp('channel', { type: 'route', subRoute: 'commodityManagement' } as never);
    await tick();
    expect(received).toEqual([{ kind: 'unmount' }]); // no longer connected
  });

  it('gives up on an unmount that is never acknowledged, after the time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { frame, hello } = newFrame();
    const connection = connect('engine', frame);
    hello();
    const leaving = connection.disconnect();
    await vi.advanceTimersByTimeAsync(3_000);
    await leaving;
    expect(warn.mock.calls[0]?.[0]).toContain('did not confirm its unmount');
    vi.useRealTimers();
  });

  it('refuses to send what breaks the contract', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { frame, hello, received } = newFrame();
    connect('manual', frame);
    hello();
    sendToApp('manual', { type: 'route', subRoute: 'nowhere' } as never);
    sendToApp('manual', { type: 'refresh', scene_no: 'S-1', at: -1 });
    await tick();
    expect(received).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('passes on the app’s messages of the contract, and drops the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { frame, hello, fromFrame } = newFrame();
    connect('channel', frame);
    hello();
    const own = vi.fn();
    const any = vi.fn();
    const stopOwn = onAppEvent('channel', own);
    const stopAny = onAnyAppEvent(any);
    await fromFrame({ kind: 'dispatch', data: { type: 'open', dialog: 'feedback' } });
    await fromFrame({ kind: 'dispatch', data: { type: 'open', dialog: 'logout' } });
    await fromFrame({ kind: 'dispatch', data: 'not an object' });
    stopOwn();
    stopAny();
    expect(own.mock.calls).toEqual([[{ type: 'open', dialog: 'feedback' }]]);
    expect(any.mock.calls).toEqual([['channel', { type: 'open', dialog: 'feedback' }]]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('answers the app’s requests of the contract and refuses the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { frame, hello, fromFrame, received } = newFrame();
    const on = callbacks();
    connect('manual', frame, on);
    hello();
    await fromFrame({ kind: 'request', id: 1, body: { type: 'confirm', title: '删除？', content: '' } });
    await fromFrame({ kind: 'request', id: 2, body: { type: 'session-token', app: 'product' } });
    await tick();
    expect(received).toEqual([
      { kind: 'answer', id: 1, ok: true, value: true },
      expect.objectContaining({ kind: 'answer', id: 2, ok: false }),
    ]);
    expect(on.answer).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reports mounted, failed, modals and the app’s own moves', async () => {
    const { frame, hello, fromFrame } = newFrame();
    const on = callbacks();
    connect('engine', frame, on);
    hello();
    await fromFrame({
      kind: 'location',
      path: '/micro-app-engine/projects',
      replace: false,
      state: { idx: 2 },
    });
    await fromFrame({ kind: 'mounted' });
    await fromFrame({ kind: 'error', reason: 'GET x answered 404' });
    await fromFrame({ kind: 'modal', open: true, mask: 'rgba(0, 0, 0, 0.5)' });
    // A mask is a colour, never a picture the app could paint over the shell with.
    await fromFrame({ kind: 'modal', open: true, mask: 'url(https://evil.example/fake-login.png)' });
    expect(on.modal).toHaveBeenLastCalledWith(true, null);
    expect(on.moved).toHaveBeenCalledWith('/micro-app-engine/projects', false, { idx: 2 });
    expect(on.mounted).toHaveBeenCalledTimes(1);
    expect(on.failed).toHaveBeenCalledWith('GET x answered 404');
    expect(on.modal).toHaveBeenCalledWith(true, 'rgba(0, 0, 0, 0.5)');
  });

  it('a shell move before the frame is ready is sent right after its welcome', async () => {
    const { frame, hello, received } = newFrame();
    const connection = connect('engine', frame);
    connection.navigate('/micro-app-engine/projects', { idx: 1 });
    hello();
    await tick();
    expect(received).toEqual([{ kind: 'navigate', path: '/micro-app-engine/projects', state: { idx: 1 } }]);
  });

  it('shares the session context with every frame', async () => {
    const { frame, hello, received } = newFrame();
    connect('manual', frame);
    hello();
    const context = {
      user: { id: 'u-1', name: '张三', phone: '13800000000', avatarUrl: 'https://x/a.png' },
      tenant: { id: 't-1', name: '织雀', personal: false, frozen: false, owner: true },
      locale: 'zh-CN' as const,
      homePage: 'page1' as const,
    };
    setSharedContext({ context });
    await tick();
    expect(received.at(-1)).toMatchObject({ kind: 'global-data', data: { context } });
  });
});
