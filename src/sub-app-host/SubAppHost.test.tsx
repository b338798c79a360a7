/**
 * The host as a user meets it: a spinner until the app's frame says its content is on screen,
 * then the app; the error with a retry when the frame says it failed or never answers; the
 * child's modal covering the whole page. The frame here is the iframe the host made, answered
 * the way the frame page answers (the handshake, then messages on the port).
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_TEXT, TEXT } from '@/constants/texts';
import { HELLO_LIMIT_MS, STARTED_LIMIT_MS } from '@/sub-app-protocol/limits';
import { FRAME_CHANNEL, type FrameToShell } from '@/sub-app-protocol/messages';
import { renderWithShell } from '../../tests/setup/render';
import { SubAppHost } from './SubAppHost';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.getElementById('sub-app-leaving')?.remove();
});

const frameOf = (container: HTMLElement) => container.querySelector<HTMLIFrameElement>('iframe');

/** Plays the frame page: says hello; returns the port of the welcome. */
function sayHello(frame: HTMLIFrameElement): () => MessagePort | undefined {
  let port: MessagePort | undefined;
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(((
    _message: unknown,
    _origin: string,
    transfer: MessagePort[],
  ) => {
    port = transfer[0];
  }) as never);
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { channel: FRAME_CHANNEL, kind: 'hello' },
      origin: new URL(frame.src).origin,
      source: frame.contentWindow,
    }),
  );
  return () => port;
}

/** Waits for the host's frame and plays its page: says hello, then speaks on the port of the welcome. */
async function openedFrame(container: HTMLElement) {
  await waitFor(() => expect(frameOf(container)).not.toBeNull());
  const frame = frameOf(container)!;
  const port = sayHello(frame)();
  expect(port).toBeDefined();
  const send = async (message: FrameToShell) => {
    await act(async () => {
      port!.postMessage(message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  };
  return { frame, send };
}

const loading = () => screen.queryByText(SHELL_TEXT.appLoading(SHELL_TEXT.apps.manual));
const failed = () => screen.queryByText(SHELL_TEXT.appFailed(SHELL_TEXT.apps.manual));

describe('the sub-app host', () => {
  it('shows a spinner, then the app once its frame says the content is on screen', async () => {
    const { container } = renderWithShell(<SubAppHost app="manual" />, {
      path: '/micro-app-manual/guide?x=1',
    });
    expect(loading()).not.toBeNull();
    const { frame, send } = await openedFrame(container);
    // Its own origin, the route it starts on and the child's entry; never the shell's window.
    const src = new URL(frame.src);
    expect(src.origin).not.toBe(window.location.origin);
    expect(src.pathname).toBe('/sub-app.html');
    expect(src.searchParams.get('route')).toBe('/micro-app-manual/guide?x=1');
    expect(src.searchParams.get('entry')).toMatch(/^https?:\/\//);
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.title).toBe(SHELL_TEXT.apps.manual);

    performance.clearMarks('sub-app-mounted');
    await send({ kind: 'mounted' });
    expect(loading()).toBeNull();
    expect(container.querySelector('.sub-app-host')?.getAttribute('data-status')).toBe('mounted');
    expect(performance.getEntriesByName('sub-app-mounted')).toHaveLength(1);
  });

  it('shows the error and a retry when the frame says the app failed; the retry starts a new frame', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderWithShell(<SubAppHost app="manual" />, { path: '/micro-app-manual/' });
    const { frame, send } = await openedFrame(container);
    await send({ kind: 'error', reason: 'GET http://apps.example/manual/ answered 404 Not Found' });
    expect(failed()).not.toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('answered 404'));

    await userEvent.click(screen.getByRole('button', { name: TEXT.retry }));
    expect(failed()).toBeNull();
    expect(loading()).not.toBeNull();
    await waitFor(() => expect(frameOf(container)).not.toBeNull());
    expect(frameOf(container)).not.toBe(frame);
  });

  it('fails a frame whose page never loads within seconds, saying so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderWithShell(<SubAppHost app="manual" />, { path: '/micro-app-manual/' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(frameOf(container)).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(HELLO_LIMIT_MS - 1_000));
    expect(failed()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(failed()).not.toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/^\[sub-app manual\] its frame page \(.+\) did not load/),
    );
  });

  it("gives a frame that said hello its whole start-up before failing it, not the page's few seconds", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderWithShell(<SubAppHost app="manual" />, { path: '/micro-app-manual/' });
    await act(() => vi.advanceTimersByTimeAsync(100));
    sayHello(frameOf(container)!);
    await act(() => vi.advanceTimersByTimeAsync(STARTED_LIMIT_MS - 1_000));
    expect(failed()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(failed()).not.toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      `[sub-app manual] its frame said nothing more within ${STARTED_LIMIT_MS / 1000} s`,
    );
  });

  it('gives a frame that greeted a prerendered page its start-up from when the page is shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => true });
    try {
      const { container } = renderWithShell(<SubAppHost app="manual" />, { path: '/micro-app-manual/' });
      await act(() => vi.advanceTimersByTimeAsync(100));
      // A browser that prerenders cross-origin frames too: the frame page loaded and greeted.
      sayHello(frameOf(container)!);
      await act(() => vi.advanceTimersByTimeAsync(STARTED_LIMIT_MS * 3));
      expect(failed()).toBeNull(); // the user has not opened the page yet: no limit runs
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('prerenderingchange'));
      await act(() => vi.advanceTimersByTimeAsync(STARTED_LIMIT_MS - 1_000));
      expect(failed()).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(failed()).not.toBeNull();
    } finally {
      Object.defineProperty(document, 'prerendering', { configurable: true, get: () => false });
    }
  });

  it("covers the whole page while the app's own modal is open, and gives it back after", async () => {
    const { container } = renderWithShell(
      <>
        <button type="button">工作台的按钮</button>
        <SubAppHost app="manual" />
      </>,
      { path: '/micro-app-manual/' },
    );
    const { send } = await openedFrame(container);
    await send({ kind: 'mounted' });
    await send({ kind: 'modal', open: true, mask: 'rgba(0, 0, 0, 0.45)' });
    expect(document.querySelectorAll('.child-modal-cover')).toHaveLength(4);
    expect(screen.getByText('工作台的按钮').closest('[inert]')).not.toBeNull();
    await send({ kind: 'modal', open: false, mask: null });
    expect(document.querySelectorAll('.child-modal-cover')).toHaveLength(0);
    expect(screen.getByText('工作台的按钮').closest('[inert]')).toBeNull();
  });
});

describe('the shell URL leads the app’s route', () => {
  it('back pressed while the app’s own move is still rendering takes the app back too', async () => {
    const { container } = renderWithShell(<SubAppHost app="manual" />, {
      path: '/micro-app-manual/',
      browserHistory: true,
    });
    await waitFor(() => expect(frameOf(container)).not.toBeNull());
    const port = sayHello(frameOf(container)!)()!;
    const told: unknown[] = [];
    port.onmessage = (event: MessageEvent) => told.push(event.data);
    const moved = (path: string) => port.postMessage({ kind: 'location', path, replace: false, state: null });
    const tasks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await act(async () => {
      moved('/micro-app-manual/list');
      await tasks(20);
    });
    expect(window.location.pathname).toBe('/micro-app-manual/list');
    // The app moves again and, before that renders, the user goes back: one render, of /list.
    await act(async () => {
      moved('/micro-app-manual/recycle');
      await tasks(20);
      window.history.back();
      await tasks(50);
    });
    expect(window.location.pathname).toBe('/micro-app-manual/list');
    await waitFor(() =>
      expect(told).toContainEqual(
        expect.objectContaining({ kind: 'navigate', path: '/micro-app-manual/list' }),
      ),
    );
  });
});
