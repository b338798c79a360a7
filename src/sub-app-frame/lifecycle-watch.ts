/**
 * micro-app's two forms of the UMD lifecycle (`window.mount`, `window['micro-app-<name>']`)
 * may appear after the entry's `load`: a module script's load is not proof its code ran
 * (micro-app's own Vite example registers after it). So the frame looks for them until the
 * render limit, not once.
 */
import { RENDER_MS } from '@/sub-app-protocol/limits';
import { hasLifecycle } from './child-api';

/** How often the frame looks for a lifecycle the child registers after its scripts ran. */
const LIFECYCLE_POLL_MS = 50;

/** Calls `registered` once `app`'s lifecycle appears, within `limitMs`; returns the stop. */
export function watchForLifecycle(app: string, registered: () => void, limitMs = RENDER_MS): () => void {
  const since = performance.now();
  const timer = window.setInterval(() => {
    if (hasLifecycle(app)) {
      window.clearInterval(timer);
      registered();
    } else if (performance.now() - since >= limitMs) {
      window.clearInterval(timer);
    }
  }, LIFECYCLE_POLL_MS);
  return () => window.clearInterval(timer);
}
