/**
 * A child's modal covers the whole page, not just its frame. The frame reports when the
 * child shows a modal (a native `<dialog>` opened with `showModal()`, or a
 * `role="dialog"`/`"alertdialog"` with `aria-modal="true"`) and the colour of its mask; while
 * one is open the shell
 * - dims everything around the frame with the same colour (four boxes around the frame's
 *   box, so the child's own mask and the shell's meet at the frame's edge), and
 * - makes the rest of the page inert: no pointer, no focus, hidden from assistive
 *   technology — every element that is not on the way from the page to the frame.
 * When the child's last modal closes, the page comes back as it was. Focus stays in the
 * child's modal and Esc works there, as in the child alone.
 *
 * The shell's own overlays opened meanwhile (a toast or a confirm the child asked for) are
 * added later, above the cover (antd's z-index 1000+), and are not made inert.
 */
const DEFAULT_MASK = 'rgba(0, 0, 0, 0.45)';
/** Above the shell's chrome (ProLayout's header, drawers' triggers), below antd's overlays (1000+). */
const Z_INDEX = '990';
const SIDES = ['top', 'right', 'bottom', 'left'] as const;

export interface ModalCover {
  release(): void;
}

export function coverAround(frame: HTMLIFrameElement, mask: string | null): ModalCover {
  const madeInert: Element[] = [];
  for (let node: Element = frame; node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.localName === 'script') continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
  }
  // The shell element that has the focus (the frame's own focus is inside the child) lets go.
  if (document.activeElement instanceof HTMLElement && document.activeElement !== frame)
    document.activeElement.blur();

  const [above, after, below, before] = SIDES.map((side) => {
    const box = document.createElement('div');
    box.className = 'child-modal-cover';
    box.dataset.side = side;
    box.setAttribute('aria-hidden', 'true');
    Object.assign(box.style, {
      position: 'fixed',
      zIndex: Z_INDEX,
      background: mask ?? DEFAULT_MASK,
      pointerEvents: 'auto',
    });
    // A click on the cover keeps the focus in the child's modal, as a click on its own mask would.
    box.addEventListener('mousedown', (event) => {
      event.preventDefault();
      frame.focus();
    });
    document.body.append(box);
    return box;
  }) as [HTMLDivElement, HTMLDivElement, HTMLDivElement, HTMLDivElement];

  // The frame can move (a window resize, the page scrolling): the boxes follow it.
  const boxes = [above, after, below, before];
  let frameRequest = 0;
  const place = () => {
    const { top, right, bottom, left } = frame.getBoundingClientRect();
    Object.assign(above.style, { left: '0', right: '0', top: '0', height: `${Math.max(0, top)}px` });
    Object.assign(below.style, { left: '0', right: '0', top: `${bottom}px`, bottom: '0' });
    Object.assign(before.style, {
      left: '0',
      width: `${Math.max(0, left)}px`,
      top: `${top}px`,
      height: `${bottom - top}px`,
    });
    Object.assign(after.style, {
      left: `${right}px`,
      right: '0',
      top: `${top}px`,
      height: `${bottom - top}px`,
    });
    frameRequest = window.requestAnimationFrame(place);
  };
  place();

  return {
    release() {
      window.cancelAnimationFrame(frameRequest);
      for (const box of boxes) box.remove();
      for (const element of madeInert) element.removeAttribute('inert');
    },
  };
}
