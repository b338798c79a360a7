/**
 * Whether the window matches a media query, right from the first render and re-rendering only
 * when the answer changes.
 *
 * antd's `Grid.useBreakpoint()` starts with no answer and, once mounted, always forces its
 * component to render again from a layout effect, in the synchronous lane: in the shell's
 * first (time-sliced) render that re-rendered the whole layout in one long task.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@/constants/limits';

/** The spec's mobile breakpoint (antd's `lg`): at least this wide is a desktop. */
export const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** ProLayout's phone layout (antd's `md`, 768 px): below it the side menu is a drawer. */
export const TABLET_QUERY = '(min-width: 768px)';

/**
 * One list per query, made once: `matchMedia` parses and evaluates its query on every call,
 * and React asks for the answer on each render and again in the commit (in the shell's first
 * commit these calls took about 12 ms). A list's `matches` follows the window by itself.
 */
let made: { matchMedia: typeof window.matchMedia; lists: Map<string, MediaQueryList> } | undefined;
function mediaList(query: string): MediaQueryList {
  // Keyed by the window's matchMedia too, so a test that replaces it gets lists of its own.
  if (made?.matchMedia !== window.matchMedia) made = { matchMedia: window.matchMedia, lists: new Map() };
  let list = made.lists.get(query);
  if (!list) made.lists.set(query, (list = window.matchMedia(query)));
  return list;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaList(query).matches);
}
