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
    syncRoutes(report);
    window.history.pushState({ key: 1 }, '', '/micro-app-manual/list');
    window.history.replaceState({ key: 2 }, '', '/micro-app-manual/list?tab=2');
    window.history.replaceState({ key: 3 }, '', '/micro-app-manual/list?tab=2');
    expect(report.mock.calls).toEqual([
      ['/micro-app-manual/list', false],
      ['/micro-app-manual/list?tab=2', true],
    ]);
    expect(window.history.length).toBe(length);
    expect(window.history.state).toEqual({ key: 3 });
  });

  it('moves the child on the shell’s word with a popstate, and does not report it back', () => {
    window.history.replaceState(null, '', '/micro-app-product/commodityManagement');
    const report = vi.fn();
    const routes = syncRoutes(report);
    const heard: string[] = [];
    const onPop = () => heard.push(currentPath());
    window.addEventListener('popstate', onPop);
    routes.navigate('/micro-app-product/attributeManagement#top');
    routes.navigate('/micro-app-product/attributeManagement#top');
    window.removeEventListener('popstate', onPop);
    expect(heard).toEqual(['/micro-app-product/attributeManagement#top']);
    expect(report).not.toHaveBeenCalled();
  });
});
