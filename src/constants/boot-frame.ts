/**
 * The frame of the shell that index.html paints before any script of the app runs
 * (vite-plugins/boot-frame): what it needs to know, and where it finds it. The shell records
 * these facts after each render (src/layout/MainLayout.tsx); the next load's boot script
 * reads them with the session token, and paints the frame only when both are there.
 */
import type { SubAppName } from './routes';

export interface BootFrameFacts {
  /** The module tabs, in order (none in a frozen tenant). */
  tabs: SubAppName[];
  /** The app the home page (`/`) lands on; null when it lands elsewhere (renewal). */
  landing: SubAppName | null;
  /** The tip bar is offered (personal space on page1); the user may have closed it since. */
  tipBar: boolean;
  /** The tenant is frozen: no feedback, renewal only. */
  frozen: boolean;
  /**
   * The management back-end's root (from the server's permissions), null without one: a load
   * that starts on one of its pages fetches that page's code with the shell's (src/app/pages.ts).
   * Missing in facts recorded before it existed.
   */
  adminPath?: string | null;
}
