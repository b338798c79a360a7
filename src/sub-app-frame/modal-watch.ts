/**
 * Watches the child's document for modals, so the shell can cover its own chrome while one
 * is open (src/sub-app-host/modal-cover.ts). A modal is
 * - a native `<dialog>` opened with `showModal()` (it matches `:modal`), or
 * - an element with `role="dialog"` or `"alertdialog"` and `aria-modal="true"` that is shown
 *   (has a box, is not `visibility: hidden`) — how antd, Element Plus and ant-design-vue
 *   build theirs.
 * With it goes the colour of its mask, so the shell dims its part of the page the same way:
 * a native dialog's `::backdrop`, or the fixed element covering the frame's corner behind an
 * ARIA dialog (the library's mask).
 */
import { GUIDE_TARGETS_LIMIT, type FrameRect } from '@/sub-app-protocol/messages';

const ARIA_MODALS = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';
const TRANSPARENT = /^(transparent|rgba\(0, 0, 0, 0\))$/;

export interface ModalState {
  open: boolean;
  mask: string | null;
}

const shown = (element: Element) =>
  element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

const isModalDialog = (dialog: HTMLDialogElement) => {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open; // a browser without :modal
  }
};

function maskBehind(): string | null {
  for (const element of document.elementsFromPoint(1, 1)) {
    const style = getComputedStyle(element);
    if (style.position !== 'fixed' || TRANSPARENT.test(style.backgroundColor)) continue;
    const box = element.getBoundingClientRect();
    if (box.width >= window.innerWidth * 0.9 && box.height >= window.innerHeight * 0.9)
      return style.backgroundColor;
  }
  return null;
}

function currentModal(): ModalState {
  for (const dialog of document.querySelectorAll('dialog')) {
    if (isModalDialog(dialog)) {
      const backdrop = getComputedStyle(dialog, '::backdrop').backgroundColor;
      return { open: true, mask: backdrop && !TRANSPARENT.test(backdrop) ? backdrop : null };
    }
  }
  for (const element of document.querySelectorAll(ARIA_MODALS)) {
    if (shown(element)) return { open: true, mask: maskBehind() };
  }
  return { open: false, mask: null };
}

/**
 * Reads `read()` now and again on the next frame after any change of the document (or any of
 * `events` on `target`, in the capture phase), and calls `report` when what it read changed.
 */
function watchDocument<T>(
  read: () => T,
  report: (value: T) => void,
  observe: MutationObserverInit,
  events: [EventTarget, string][],
): () => void {
  let last = '';
  let scheduled = 0;
  const check = () => {
    scheduled = 0;
    const value = read();
    const key = JSON.stringify(value);
    if (key === last) return;
    last = key;
    report(value);
  };
  const schedule = () => {
    scheduled ||= window.requestAnimationFrame(check);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, { subtree: true, childList: true, ...observe });
  for (const [target, type] of events) target.addEventListener(type, schedule, true);
  check();
  return () => {
    observer.disconnect();
    window.cancelAnimationFrame(scheduled);
    for (const [target, type] of events) target.removeEventListener(type, schedule, true);
  };
}

/** Calls `report` whenever the child's modal state changes (first with the state now). */
export function watchModals(report: (state: ModalState) => void): () => void {
  return watchDocument(
    currentModal,
    report,
    { attributes: true, attributeFilter: ['open', 'style', 'class', 'hidden', 'role', 'aria-modal'] },
    // A dialog closed with Esc or `close()`; CSS transitions that end a library's leave animation.
    ['close', 'cancel', 'transitionend', 'animationend'].map((type) => [document, type]),
  );
}

function guideTargets(): Record<string, FrameRect> {
  // No prototype: a target named `constructor` or `__proto__` is a name like any other.
  const targets = Object.create(null) as Record<string, FrameRect>;
  for (const element of document.querySelectorAll<HTMLElement>('[data-guide]')) {
    const name = element.dataset.guide;
    if (!name || Object.hasOwn(targets, name)) continue;
    // The shell refuses a report of more than it has steps for: the first ones in the page count.
    if (Object.keys(targets).length === GUIDE_TARGETS_LIMIT) break;
    const { left, top, width, height } = element.getBoundingClientRect();
    targets[name] = { left, top, width, height };
  }
  return targets;
}

/** Where the child's `[data-guide]` elements are (for the shell's tour), reported when they move. */
export function watchGuideTargets(report: (targets: Record<string, FrameRect>) => void): () => void {
  return watchDocument(guideTargets, report, { attributes: true }, [
    [window, 'resize'],
    [window, 'scroll'],
  ]);
}
