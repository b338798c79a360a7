/**
 * The shell's own overlays (the guide tour) point at elements of a sub-app, which lives
 * in its frame. A frame is on the shell's origin, so the shell can find the element and
 * put a transparent stand-in of its own over it, at the same place and size, for the
 * overlay to point at.
 */
const STAND_IN = 'data-sub-app-stand-in';

/** The frame's document, or null when it is not readable (another origin). */
function readable(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

export function standInFor(selector: string): HTMLElement | null {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-sub-app]')) {
    const target = readable(frame)?.querySelector(selector);
    if (!target) continue;
    const outer = frame.getBoundingClientRect();
    const inner = target.getBoundingClientRect();
    if (!inner.width || !inner.height) continue;
    let standIn = [...document.querySelectorAll<HTMLElement>(`[${STAND_IN}]`)].find(
      (element) => element.getAttribute(STAND_IN) === selector,
    );
    if (!standIn) {
      standIn = document.createElement('div');
      standIn.setAttribute(STAND_IN, selector);
      standIn.setAttribute('aria-hidden', 'true');
      document.body.append(standIn);
    }
    Object.assign(standIn.style, {
      position: 'absolute',
      left: `${outer.left + frame.clientLeft + inner.left + window.scrollX}px`,
      top: `${outer.top + frame.clientTop + inner.top + window.scrollY}px`,
      width: `${inner.width}px`,
      height: `${inner.height}px`,
      pointerEvents: 'none',
    });
    return standIn;
  }
  return null;
}
