import microApp from '@micro-zoe/micro-app';

let started = false;

/**
 * Starts the micro-app framework once: iframe sandbox (ES-module sub-apps),
 * native router mode (sub-apps see the browser URL under their base route), and
 * an empty page for the sandbox iframe — without it the iframe loads the shell itself.
 */
export function startMicroApps(): void {
  if (started) return;
  started = true;
  // micro-app finds the real window through `Function('return window')()` unless these
  // exist: an eval, which the Content Security Policy forbids (no 'unsafe-eval').
  const host = window as unknown as { rawWindow?: Window; rawDocument?: Document };
  host.rawWindow ??= window;
  host.rawDocument ??= document;
  microApp.start({ iframe: true, 'router-mode': 'native', iframeSrc: '/empty.html' });
}
