/**
 * The shell's side of the channel: micro-app's data rules (merge, deliver on change,
 * force), data set before a frame starts reaches it, both directions checked against
 * the contract, and only the connected frame's messages count.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectFrame, onAnyAppEvent, onAppEvent, sendToApp, setSharedContext } from './channel';
import { FRAME_CHANNEL } from './frame-protocol';

const frames: HTMLIFrameElement[] = [];
function newFrame() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  const posted = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
  const fromFrame = (data: object, source: Window | null = frame.contentWindow) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: FRAME_CHANNEL, ...data },
        origin: window.location.origin,
        source,
      }),
    );
  const sent = () =>
    posted.mock.calls.map(([message]) => message as { kind: string; [key: string]: unknown });
  return { frame, fromFrame, sent };
}
const callbacks = () => ({ mounted: vi.fn(), failed: vi.fn(), moved: vi.fn() });

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

describe('the channel to an app frame', () => {
  it('gives a starting frame the data already set, then each change, merged as micro-app does', () => {
    sendToApp('product', { type: 'route', subRoute: 'classifiedManagement' });
    const { frame, fromFrame, sent } = newFrame();
    const connection = connectFrame('product', frame, callbacks());
    fromFrame({ kind: 'ready' });
    expect(sent()[0]).toMatchObject({
      kind: 'init',
      data: { type: 'route', subRoute: 'classifiedManagement' },
    });

    sendToApp('product', { type: 'route', subRoute: 'classifiedManagement' }); // unchanged: not sent
    sendToApp('product', { type: 'route', subRoute: 'attributeManagement' });
    sendToApp('product', { type: 'route', subRoute: 'attributeManagement' }, { force: true });
    expect(sent().slice(1)).toEqual([
      expect.objectContaining({
        kind: 'data',
        data: { type: 'route', subRoute: 'attributeManagement' },
        force: false,
      }),
      expect.objectContaining({ kind: 'data', force: true }),
    ]);
    // Leaving: the app's unmount runs at once, before the frame is removed (a message would be too late).
    const unmount = vi.fn();
    Object.assign(frame.contentWindow!, { __workbenchSubAppFrame: { unmount } });
    connection.disconnect();
    expect(unmount).toHaveBeenCalledTimes(1);
    sendToApp('product', { type: 'route', subRoute: 'commodityManagement' });
    expect(sent().filter((m) => m.kind === 'data')).toHaveLength(2); // no longer connected
  });

  it('refuses to send what breaks the contract', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { frame, fromFrame, sent } = newFrame();
    connectFrame('manual', frame, callbacks());
    fromFrame({ kind: 'ready' });
    sendToApp('manual', { type: 'route', subRoute: 'nowhere' } as never);
    sendToApp('manual', { type: 'refresh', scene_no: 'S-1', at: -1 });
    expect(sent().filter((m) => m.kind === 'data')).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('passes on the app’s messages of the contract, and drops the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { frame, fromFrame } = newFrame();
    connectFrame('channel', frame, callbacks());
    const own = vi.fn();
    const any = vi.fn();
    const stopOwn = onAppEvent('channel', own);
    const stopAny = onAnyAppEvent(any);
    fromFrame({ kind: 'dispatch', data: { type: 'open', dialog: 'feedback' } });
    fromFrame({ kind: 'dispatch', data: { type: 'open', dialog: 'logout' } });
    fromFrame({ kind: 'dispatch', data: 'not an object' });
    stopOwn();
    stopAny();
    expect(own.mock.calls).toEqual([[{ type: 'open', dialog: 'feedback' }]]);
    expect(any.mock.calls).toEqual([['channel', { type: 'open', dialog: 'feedback' }]]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reports mounted, failed and the app’s own moves; ignores other windows', () => {
    const { frame, fromFrame } = newFrame();
    const other = newFrame();
    const on = callbacks();
    connectFrame('engine', frame, on);
    fromFrame({ kind: 'location', path: '/micro-app-engine/projects', replace: false, state: { idx: 2 } });
    fromFrame({ kind: 'mounted' }, other.frame.contentWindow);
    fromFrame({ kind: 'mounted' });
    fromFrame({ kind: 'error', reason: 'GET x answered 404' });
    expect(on.moved).toHaveBeenCalledWith('/micro-app-engine/projects', false, { idx: 2 });
    expect(on.mounted).toHaveBeenCalledTimes(1);
    expect(on.failed).toHaveBeenCalledWith('GET x answered 404');
  });

  it('a shell move before the frame is ready is sent right after its data', () => {
    const { frame, fromFrame, sent } = newFrame();
    const connection = connectFrame('engine', frame, callbacks());
    connection.navigate('/micro-app-engine/projects', { idx: 1 });
    expect(sent()).toEqual([]);
    fromFrame({ kind: 'ready' });
    expect(sent().map((m) => m.kind)).toEqual(['init', 'navigate']);
    expect(sent()[1]).toMatchObject({ path: '/micro-app-engine/projects', state: { idx: 1 } });
  });

  it('shares the session context with every frame', () => {
    const { frame, fromFrame, sent } = newFrame();
    connectFrame('manual', frame, callbacks());
    fromFrame({ kind: 'ready' });
    const context = {
      user: { id: 'u-1', name: '张三', phone: '13800000000', avatarUrl: 'https://x/a.png' },
      tenant: { id: 't-1', name: '织雀', personal: false, frozen: false, owner: true },
      locale: 'zh-CN' as const,
      homePage: 'page1' as const,
    };
    setSharedContext({ context });
    expect(sent().at(-1)).toMatchObject({ kind: 'global-data', data: { context } });
  });
});
