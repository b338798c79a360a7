/**
 * Whether a document is being prerendered, and when it is shown: the shell's pages
 * (./page-shown.ts) and the sub-apps' frame page (src/sub-app-frame), which a browser may
 * prerender with its shell page (vite-plugins/csp.ts, PRERENDER_FRAMES_HEADER). A document
 * loaded the usual way is shown at once.
 */

/** Whether this document is being prerendered and not yet shown. */
export const isPrerendering = (): boolean =>
  typeof document !== 'undefined' && (document as { prerendering?: boolean }).prerendering === true;

/** Settles when the document is shown: at once, or when a prerendered one is activated. */
export function whenShown(): Promise<void> {
  if (!isPrerendering()) return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('prerenderingchange', () => resolve(), { once: true }),
  );
}
