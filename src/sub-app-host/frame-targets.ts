/**
 * The shell's own overlays (the guide tour) point at elements of a sub-app, which lives in
 * its frame on another origin: the shell cannot look inside. The frame reports where the
 * elements marked `data-guide="…"` are (channel.ts, `guide-targets`), and the shell puts a
 * transparent stand-in of its own over each, at the same place and size, for the overlay to
 * point at.
 */
import type { SubAppName } from '@/config/env';
import { guideTargetIn } from './channel';

const STAND_IN = 'data-sub-app-stand-in';

/** Removes the stand-ins (the app that reported their targets is leaving). */
export function removeStandIns(): void {
  for (const standIn of document.querySelectorAll(`[${STAND_IN}]`)) standIn.remove();
}

/** A stand-in over the element `[data-guide="<name>"]` of a sub-app, or null when none shows. */
export function standInFor(name: string): HTMLElement | null {
  for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-sub-app]')) {
    if (frame.closest('[inert]')) continue;
    const inner = guideTargetIn(frame.dataset.subApp as SubAppName, name);
    if (!inner?.width || !inner.height) continue;
    const outer = frame.getBoundingClientRect();
    let standIn = [...document.querySelectorAll<HTMLElement>(`[${STAND_IN}]`)].find(
      (element) => element.getAttribute(STAND_IN) === name,
    );
    if (!standIn) {
      standIn = document.createElement('div');
      standIn.setAttribute(STAND_IN, name);
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
