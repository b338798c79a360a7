/**
 * Watches the child's document for modals, so the shell can cover its own chrome while one
 * is open (src/micro-apps/modal-cover.ts). A modal is
 * - a native `<dialog>` opened with `showModal()` (it matches `:modal`), or
 * - an element with `role="dialog"` or `"alertdialog"` and `aria-modal="true"` that is shown
 *   (has a box, is not `visibility: hidden`) — how antd, Element Plus and ant-design-vue
 *   build theirs.
 * With it goes the colour of its mask, so the shell dims its part of the page the same way:
 * a native dialog's `::backdrop`, or the fixed element covering the frame's corner behind an
 * ARIA dialog (the library's mask).
 */
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

/** Calls `report` whenever the child's modal state changes (first with the state now). */
export function watchModals(report: (state: ModalState) => void): () => void {
  let last = '';
  let scheduled = 0;
  const check = () => {
    scheduled = 0;
    const state = currentModal();
    const key = `${state.open}|${state.mask ?? ''}`;
    if (key === last) return;
    last = key;
    report(state);
  };
  const schedule = () => {
    scheduled ||= window.requestAnimationFrame(check);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open', 'style', 'class', 'hidden', 'role', 'aria-modal'],
  });
  // A dialog closed with Esc or `close()`; CSS transitions that end a library's leave animation.
  document.addEventListener('close', schedule, true);
  document.addEventListener('cancel', schedule, true);
  document.addEventListener('transitionend', schedule, true);
  document.addEventListener('animationend', schedule, true);
  check();
  return () => {
    observer.disconnect();
    window.cancelAnimationFrame(scheduled);
    document.removeEventListener('close', schedule, true);
    document.removeEventListener('cancel', schedule, true);
    document.removeEventListener('transitionend', schedule, true);
    document.removeEventListener('animationend', schedule, true);
  };
}

/** Where the child's `[data-guide]` elements are (for the shell's tour), reported when they move. */
export function watchGuideTargets(
  report: (targets: Record<string, { left: number; top: number; width: number; height: number }>) => void,
): () => void {
  let last = '';
  let scheduled = 0;
  const check = () => {
    scheduled = 0;
    const targets: Record<string, { left: number; top: number; width: number; height: number }> = {};
    for (const element of document.querySelectorAll<HTMLElement>('[data-guide]')) {
      const name = element.dataset.guide;
      if (!name) continue;
      const { left, top, width, height } = element.getBoundingClientRect();
      targets[name] = { left, top, width, height };
    }
    const key = JSON.stringify(targets);
    if (key === last) return;
    last = key;
    report(targets);
  };
  const schedule = () => {
    scheduled ||= window.requestAnimationFrame(check);
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  window.addEventListener('resize', schedule);
  window.addEventListener('scroll', schedule, true);
  check();
  return () => {
    observer.disconnect();
    window.cancelAnimationFrame(scheduled);
    window.removeEventListener('resize', schedule);
    window.removeEventListener('scroll', schedule, true);
  };
}
