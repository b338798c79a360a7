/**
 * "Mounted" means the child rendered something a user can see: a text or a replaced
 * element (image, canvas, form control…) with a box, anywhere in the body. A child
 * whose scripts ran but left the page empty has not mounted.
 */
import { AFTER_ERROR_MS, RENDER_MS, SHIPPED_CONTENT_GRACE_MS } from '@/sub-app-protocol/limits';
import type { NotedError } from './error-watch';

const VISIBLE_ELEMENTS = 'img,svg,canvas,video,iframe,object,embed,input,button,select,textarea';
const NOT_CONTENT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'META']);

const hasBox = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};

function hasVisibleContent(root: HTMLElement = document.body): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof Element && NOT_CONTENT.has(node.tagName)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent?.trim() && node.parentElement && hasBox(node.parentElement)) return true;
    } else if ((node as Element).matches(VISIBLE_ELEMENTS) && hasBox(node as Element)) {
      return true;
    }
  }
  return false;
}

/** How often the render watch looks when nothing in the page changed (time limits, a style that made content visible). */
const RENDER_TICK_MS = 100;

export type RenderOutcome = { mounted: true } | { mounted: false; reason: string };

interface RenderRules {
  /** The child's first error so far (error-watch.ts). */
  firstError: () => NotedError | undefined;
  /** Whether the child registered its UMD lifecycle (then only showing nothing is a failure). */
  registered: () => boolean;
  /** True once the start failed elsewhere (a late mount that threw): the watch gives up, with no outcome. */
  abandoned?: () => boolean;
}

export interface RenderWatch {
  /**
   * Counted from the call (right after the child's scripts ran): mounted once the child's
   * code changed the page and content shows; a failure with its reason once a limit ran out;
   * null when abandoned.
   */
  outcome(rules: RenderRules): Promise<RenderOutcome | null>;
  stop(): void;
}

/** The frame's own additions to the page (the child's scripts and styles going in) are not the child rendering. */
const loaderOwn = (node: Node) => node instanceof Element && /^(SCRIPT|STYLE|LINK)$/.test(node.tagName);

/**
 * Starts watching the page for the child's changes: call it after the child's markup and
 * styles went in and before its scripts run. Content counts once the child's code changed the
 * page: markup its index.html ships (a "加载中…" placeholder) is not the app having rendered —
 * unless its scripts ran cleanly and a moment passed (a server-rendered page hydrates without
 * changing much).
 */
export function watchRender(visible: () => boolean = () => hasVisibleContent()): RenderWatch {
  const shipped = visible();
  let changed = false;
  /** Wakes the loop below as soon as the child changed the page (not at its next tick). */
  let wake = () => {};
  const observer = new MutationObserver((records) => {
    const byApp = (r: MutationRecord) =>
      r.type !== 'childList' || ![...r.addedNodes, ...r.removedNodes].every(loaderOwn);
    if (records.some(byApp)) {
      changed = true;
      wake();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  let stopped = false;
  const stop = () => {
    stopped = true;
    observer.disconnect();
    wake();
  };

  async function outcome({ firstError, registered, abandoned = () => false }: RenderRules) {
    const since = performance.now();
    for (;;) {
      if (stopped || abandoned()) return null;
      const now = performance.now();
      const error = firstError();
      const settledShipped = shipped && !error && now - since >= SHIPPED_CONTENT_GRACE_MS;
      if ((changed || !shipped || settledShipped) && visible()) return { mounted: true } as const;
      // A child that registered its lifecycle gets the whole limit whatever it threw: only
      // showing nothing is a failure then.
      if (!registered() && error && now - Math.max(error.at, since) >= AFTER_ERROR_MS)
        return { mounted: false, reason: `the app failed before showing anything: ${error.reason}` } as const;
      if (now - since >= RENDER_MS)
        return {
          mounted: false,
          reason:
            `the app's scripts ran but it showed nothing within ${RENDER_MS / 1000} s` +
            (error ? ` (${error.reason})` : ''),
        } as const;
      await new Promise<void>((resolve) => {
        const tick = window.setTimeout(() => resolve(), RENDER_TICK_MS);
        wake = () => {
          window.clearTimeout(tick);
          wake = () => {};
          resolve();
        };
      });
    }
  }

  return {
    outcome: async (rules) => {
      try {
        return await outcome(rules);
      } finally {
        observer.disconnect();
      }
    },
    stop,
  };
}
