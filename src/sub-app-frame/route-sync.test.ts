/**
 * One history, the shell's: a child's push is replaced in the frame and reported as a
 * push; a replace as a replace; the shell's navigation comes back as a popstate the
 * child's router hears, with no report echoing back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, syncRoutes } from './route-sync';

const original = { push: History.prototype.pushState, replace: History.prototype.replaceState };
afterEach(() => {
  History.prototype.pushState = original.push;
  History.prototype.replaceState = original.replace;
});

describe('route sync in the frame', () => {
  it('turns the child’s push into a replace here and a push for the shell', () => {
    window.history.replaceState(null, '', '/micro-app-manual/');
    const length = window.history.length;
    const report = vi.fn();
    syncRoutes(report, (path) => path.startsWith('/micro-app-'));
    window.history.pushState({ key: 1 }, '', '/micro-app-manual/list');
    window.history.replaceState({ key: 2 }, '', '/micro-app-manual/list?tab=2');
    window.history.replaceState({ key: 3 }, '', '/micro-app-manual/list?tab=2');
    expect(report.mock.calls).toEqual([
      ['/micro-app-manual/list', false, { key: 1 }],
      ['/micro-app-manual/list?tab=2', true, { key: 2 }],
    ]);
    expect(window.history.length).toBe(length);
    expect(window.history.state).toEqual({ key: 3 });
  });

  it('moves the child on the shell’s word with a popstate, and does not report it back', () => {
    window.history.replaceState(null, '', '/micro-app-product/commodityManagement');
    const report = vi.fn();
    const routes = syncRoutes(report, (path) => path.startsWith('/micro-app-'));
    const heard: unknown[] = [];
    const onPop = (event: PopStateEvent) => heard.push([currentPath(), event.state]);
    window.addEventListener('popstate', onPop);
    routes.navigate('/micro-app-product/attributeManagement#top', { position: 3 });
    routes.navigate('/micro-app-product/attributeManagement#top', window.history.state);
    window.removeEventListener('popstate', onPop);
    // The child's state of that entry comes back with it (vue-router keeps its position there).
    expect(heard).toEqual([['/micro-app-product/attributeManagement#top', { position: 3 }]]);
    expect(window.history.state).toEqual({ position: 3 });
    expect(report).not.toHaveBeenCalled();
  });

  it('a plain link to one of the app’s routes moves the shell first; router links and other paths do not', () => {
    window.history.replaceState(null, '', '/micro-app-manual/');
    const report = vi.fn();
    syncRoutes(report, (path) => path.startsWith('/micro-app-manual/'));
    const link = (href: string) => {
      const a = document.createElement('a');
      a.href = href;
      document.body.append(a);
      return a;
    };
    const plain = link('/micro-app-manual/list');
    const routed = link('/micro-app-manual/recycle');
    routed.addEventListener('click', (event) => event.preventDefault());
    const elsewhere = link('/user-info/base-info');
    for (const a of [routed, elsewhere]) {
      // jsdom does not navigate; what matters is what the shell was told.
      a.addEventListener('click', (event) => event.preventDefault(), { once: true });
    }
    routed.click();
    elsewhere.click();
    expect(report).not.toHaveBeenCalled();
    // After the frame's own listener: jsdom cannot follow the link to another document.
    const stay = (event: Event) => event.preventDefault();
    window.addEventListener('click', stay);
    plain.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    window.removeEventListener('click', stay);
    expect(report).toHaveBeenCalledWith('/micro-app-manual/list', false, null);
    document.body.replaceChildren();
  });
});
