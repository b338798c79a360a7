/**
 * When the frame tells the shell `mounted`, and when `error`: content the child's code put on
 * screen counts, its shipped placeholder does not (unless its scripts ran cleanly and a moment
 * passed), and each limit of the render step fails with its reason. What is "visible" is
 * handed in: jsdom lays nothing out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_ERROR_MS, RENDER_MS, SHIPPED_CONTENT_GRACE_MS } from '@/sub-app-protocol/limits';
import type { NotedError } from './error-watch';
import { watchRender, type RenderOutcome } from './render-watch';

let visible = false;
const shows = () => visible;
const noError = () => undefined;
const registered = () => true;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  visible = false;
  document.body.replaceChildren();
});
afterEach(() => vi.useRealTimers());

/** The outcome once settled, or 'pending'. */
function track(promise: Promise<RenderOutcome | null>) {
  let result: RenderOutcome | null | 'pending' = 'pending';
  void promise.then((outcome) => (result = outcome));
  return () => result;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the render watch', () => {
  it("says mounted as soon as the child's code changed the page and content shows", async () => {
    const watch = watchRender(shows);
    const outcome = track(watch.outcome({ firstError: noError, registered }));
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome()).toBe('pending');
    visible = true;
    document.body.append(Object.assign(document.createElement('main'), { textContent: '手册' }));
    await flush();
    expect(outcome()).toEqual({ mounted: true });
  });

  it("does not count the frame's own script and style elements going in as the child rendering", async () => {
    visible = true; // the shipped markup shows a placeholder
    const watch = watchRender(shows);
    const outcome = track(watch.outcome({ firstError: () => ({ reason: 'x', at: 0 }), registered }));
    document.body.append(document.createElement('script'), document.createElement('style'));
    await vi.advanceTimersByTimeAsync(SHIPPED_CONTENT_GRACE_MS + 200);
    expect(outcome()).toBe('pending');
  });

  it('counts a server-rendered page (its markup shows, its scripts ran cleanly) after the grace', async () => {
    visible = true;
    const watch = watchRender(shows);
    const outcome = track(watch.outcome({ firstError: noError, registered }));
    await vi.advanceTimersByTimeAsync(SHIPPED_CONTENT_GRACE_MS - 200);
    expect(outcome()).toBe('pending');
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome()).toEqual({ mounted: true });
  });

  it('fails a child that threw and registered no lifecycle, once it had its moment to show something', async () => {
    const error: NotedError = { reason: 'ReferenceError: escapeKey1 is not defined', at: performance.now() };
    const watch = watchRender(shows);
    const outcome = track(watch.outcome({ firstError: () => error, registered: () => false }));
    await vi.advanceTimersByTimeAsync(AFTER_ERROR_MS - 200);
    expect(outcome()).toBe('pending');
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome()).toEqual({
      mounted: false,
      reason: 'the app failed before showing anything: ReferenceError: escapeKey1 is not defined',
    });
  });

  it('gives a child that threw after registering its lifecycle the whole limit, then names the error', async () => {
    const error: NotedError = { reason: 'TypeError: boom', at: performance.now() };
    const watch = watchRender(shows);
    const outcome = track(watch.outcome({ firstError: () => error, registered }));
    await vi.advanceTimersByTimeAsync(RENDER_MS - 200);
    expect(outcome()).toBe('pending');
    await vi.advanceTimersByTimeAsync(300);
    expect(outcome()).toEqual({
      mounted: false,
      reason: `the app's scripts ran but it showed nothing within ${RENDER_MS / 1000} s (TypeError: boom)`,
    });
  });

  it('gives up without an outcome when the start failed elsewhere, or when stopped', async () => {
    let abandoned = false;
    const first = track(
      watchRender(shows).outcome({ firstError: noError, registered, abandoned: () => abandoned }),
    );
    abandoned = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(first()).toBeNull();

    const watch = watchRender(shows);
    const second = track(watch.outcome({ firstError: noError, registered }));
    watch.stop();
    await flush();
    expect(second()).toBeNull();
  });
});
