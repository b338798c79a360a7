/**
 * What can stop a child from rendering: an exception its code threw, a promise it left
 * rejected, or a script the policy refused. Benign noise (ResizeObserver's loop notice, a
 * refused image or style) does not count.
 */
export interface NotedError {
  reason: string;
  /** When it happened (`performance.now()`). */
  at: number;
}

export const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? 'unknown error');

/** Starts noting the child's errors (logged under the app's name, once known); returns the first one so far. */
export function watchChildErrors(app: () => string): () => NotedError | undefined {
  let first: NotedError | undefined;
  const note = (reason: string) => {
    first ??= { reason, at: performance.now() };
  };
  window.addEventListener('error', (event) => {
    if (!/^ResizeObserver loop/.test(event.message)) note(describeError(event.error ?? event.message));
  });
  window.addEventListener('unhandledrejection', (event) => note(describeError(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => {
    const reason = `blocked by the Content Security Policy: ${event.effectiveDirective} ${event.blockedURI || '(inline)'}`;
    console.error(`[sub-app ${app() || '…'}] ${reason}`);
    if (event.effectiveDirective.startsWith('script-src')) note(reason);
  });
  return () => first;
}
