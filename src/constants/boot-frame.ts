/**
 * The frame of the shell that index.html paints before any script of the app runs
 * (vite-plugins/boot-frame): what it needs to know, and where it finds it. The shell records
 * these facts after each render (src/layout/boot-frame-facts.ts); the next load's boot script
 * reads them with the session token, and paints the frame only when both are there.
 */
import type { SubAppName } from './routes';

/** The parts of the app whose pages' antd styles ship as a stylesheet of their own (vite-plugins/antd-css). */
export type PageStylesArea = 'back-end' | 'user-center';
/**
 * Each area's stylesheet: index.html names it with a link without `rel` carrying this attribute (the
 * area its value), which the browser neither fetches nor applies.
 */
export const PAGE_STYLES_PLACEHOLDER = 'data-page-styles';
/**
 * The link the boot script adds for the area's stylesheet on a load that starts on one of its
 * pages: in the page at once, its address given once the first paint is on screen. It sets
 * `data-loaded` once the file applies (or failed), and the app's first render waits for that
 * (src/app/page-styles.ts): antd reads its map of styles once, as it first renders.
 */
export const PAGE_STYLES_LINK = 'data-page-styles-link';

/**
 * A row of the management back-end's side menu, as the shell draws it (a group's rows follow
 * it, one level deeper).
 */
export interface BootFrameMenuRow {
  name: string;
  depth: number;
  /**
   * The pages the row stands for: its own, and the hidden pages it is highlighted for
   * (权限配置 highlights 角色管理); for a group, every page below it (it is open on them).
   */
  paths: string[];
  group?: boolean;
}

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
   * The home page's mode (SPEC §6): in page2 (the engine's) the user centre has no joined
   * enterprises. Missing in facts recorded before it existed.
   */
  homePage?: 'page1' | 'page2';
  /**
   * The management back-end's root (from the server's permissions), null without one: a load
   * that starts on one of its pages fetches that page's code with the shell's (src/app/pages.ts).
   * Missing in facts recorded before it existed.
   */
  adminPath?: string | null;
  /**
   * The back-end's side menu (empty without one): a load that starts on one of its pages
   * paints it, with the page's title, before the app's scripts run.
   * Missing in facts recorded before it existed.
   */
  sideMenu?: BootFrameMenuRow[];
}

/**
 * Where the user tapped the frame before the app ran: the boot script sets it on <html> (the path
 * of the tab, logo or menu entry tapped, each marked `data-boot-to` in the frame) and the shell
 * goes there once it has rendered (src/layout/boot-frame-tap.ts), so the first tap is answered.
 */
export const BOOT_TAP = 'data-boot-tap';
