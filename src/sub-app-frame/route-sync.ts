/**
 * The shell URL is the one source of truth for the child's route. The frame keeps a
 * single history entry of its own: a child's `pushState` becomes a `replaceState` here
 * and a `location` message to the shell, which pushes the entry on its own history
 * (carrying the child's history.state). Back/forward and shell navigation (rail, menus,
 * notice links) come back as `navigate`: the frame's URL and state are replaced and the
 * child hears a `popstate`, as micro-app's native router mode promises (and, upstream,
 * does not always deliver).
 */
export interface RouteSync {
  /** The shell moved to `path` (a route of this app): move the child's router there. */
  navigate(path: string, state: unknown): void;
}

export type RouteReport = (path: string, replace: boolean, state: unknown) => void;

export const currentPath = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

export function syncRoutes(report: RouteReport, underBase: (path: string) => boolean): RouteSync {
  const nativeReplace = History.prototype.replaceState;
  let reported = currentPath();
  const tell = (replace: boolean) => {
    const path = currentPath();
    if (path === reported) return;
    reported = path;
    report(path, replace, window.history.state);
  };
  History.prototype.pushState = function pushState(this: History, state, title, url) {
    nativeReplace.call(this, state, title, url);
    tell(false);
  };
  History.prototype.replaceState = function replaceState(this: History, state, title, url) {
    nativeReplace.call(this, state, title, url);
    tell(true);
  };
  // `location.hash = …` and the child's own history.back() inside the frame.
  window.addEventListener('popstate', () => tell(true));
  window.addEventListener('hashchange', () => tell(true));

  // A plain link to one of the app's routes that no router handled reloads the frame on that
  // route (the shell sends it back to its page there): the shell URL moves first.
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (
      !(link instanceof HTMLAnchorElement) ||
      (link.target && link.target !== '_self') ||
      link.hasAttribute('download')
    ) {
      return;
    }
    const url = new URL(link.href, window.location.href);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin === window.location.origin && path !== reported && underBase(url.pathname)) {
      reported = path;
      report(path, false, null);
    }
  });

  return {
    navigate(path, state) {
      const before = window.location.href;
      if (path === currentPath() && state === window.history.state) return;
      nativeReplace.call(window.history, state, '', path);
      reported = currentPath();
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
      if (new URL(before).hash !== window.location.hash) {
        window.dispatchEvent(
          new HashChangeEvent('hashchange', { oldURL: before, newURL: window.location.href }),
        );
      }
    },
  };
}
