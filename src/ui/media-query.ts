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

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
