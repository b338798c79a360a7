/**
 * Library work the first commit would otherwise do inside its one long task, done before it
 * in a short task of its own, while the page waits for the bootstrap calls (main.tsx).
 *
 * rc-util's `isMobile` tests the user agent against two large regular expressions; every
 * antd trigger (the top bar's dropdowns and tooltips) calls it in its first layout effect,
 * that is, inside the first commit. V8 compiles a regular expression when it first runs it
 * and again, to machine code, when it runs it a second time: 2–12 ms of that commit in the
 * bench's traces. The compiled code belongs to the expression in rc-util's module, so the
 * triggers' calls then find it compiled.
 */
import isMobile from 'rc-util/es/isMobile';
import { inNextTask } from '@/ui/next-task';

/** Does the warm-up in the next task (a message to itself: not throttled in a background tab). */
export function warmUpLibrariesSoon(): void {
  inNextTask(() => {
    isMobile();
    isMobile();
  });
}
