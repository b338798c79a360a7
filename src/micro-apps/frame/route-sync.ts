/**
 * The shell URL is the one source of truth for the child's route. The frame keeps a
 * single history entry of its own: a child's `pushState` becomes a `replaceState` here
 * and a `location` message to the shell, which pushes the entry on its own history.
 * Back/forward and shell navigation (rail, menus, notice links) come back as `navigate`:
 * the frame's URL is replaced and the child hears a `popstate`, as micro-app's native
 * router mode promises (and, upstream, does not always deliver).
 */
export interface RouteSync {
  /** The shell moved to `path` (a route of this app): move the child's router there. */
  navigate(path: string): void;
}

export const currentPath = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

export function syncRoutes(report: (path: string, replace: boolean) => void): RouteSync {
  const nativeReplace = History.prototype.replaceState;
  let reported = currentPath();
  const tell = (replace: boolean) => {
    const path = currentPath();
    if (path === reported) return;
    reported = path;
    report(path, replace);
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

  return {
    navigate(path) {
      const before = window.location.href;
      if (path === currentPath()) return;
      nativeReplace.call(window.history, null, '', path);
      reported = currentPath();
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      if (new URL(before).hash !== window.location.hash) {
        window.dispatchEvent(
          new HashChangeEvent('hashchange', { oldURL: before, newURL: window.location.href }),
        );
      }
    },
  };
}
