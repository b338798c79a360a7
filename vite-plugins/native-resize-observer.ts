/**
 * Build only: antd's size observer (rc-resize-observer, in the shell's first load; antd's
 * Carousel and ProComponents' descriptions import it too) imports resize-observer-polyfill, which
 * at run time hands back the browser's own `ResizeObserver` whenever there is one. Every browser
 * that can run the build has one: its syntax (ES2022; React Query's private class fields in the
 * first load) came years after ResizeObserver (Chrome 64, Firefox 69, Safari 13.1). So the
 * import resolves to the browser's, and the polyfill's code (2.1 KB gzip of the first load) is
 * never shipped.
 *
 * Guarded by tests/unit/build/native-resize-observer.test.ts: if rc-resize-observer stops
 * importing the polyfill, the test says this plugin can go.
 */
import type { Plugin } from 'vite';

export const RESIZE_OBSERVER_POLYFILL = 'resize-observer-polyfill';
const NATIVE_RESIZE_OBSERVER_ID = '\0workbench-native-resize-observer';

export function nativeResizeObserver(): Plugin {
  return {
    name: 'workbench-native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === RESIZE_OBSERVER_POLYFILL ? NATIVE_RESIZE_OBSERVER_ID : null;
    },
    load(id) {
      return id === NATIVE_RESIZE_OBSERVER_ID ? 'export default globalThis.ResizeObserver;' : null;
    },
  };
}
