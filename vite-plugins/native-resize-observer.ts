/**
 * Build only: antd's size observer (rc-resize-observer, in every page's first load) imports
 * resize-observer-polyfill, 3.3 KB gzip, which at run time hands back the browser's own
 * `ResizeObserver` whenever there is one. Every browser the build targets has one (es2022:
 * Chrome 94, Firefox 93, Safari 16; ResizeObserver came in Chrome 64, Firefox 69, Safari 13.1),
 * so the import resolves to the browser's, and the polyfill's code is never shipped.
 *
 * Guarded by tests/unit/build/native-resize-observer.test.ts: if rc-resize-observer stops
 * importing the polyfill, the test says this plugin can go.
 */
import type { Plugin } from 'vite';

export const RESIZE_OBSERVER_POLYFILL = 'resize-observer-polyfill';
const NATIVE = '\0workbench-native-resize-observer';

export function nativeResizeObserver(): Plugin {
  return {
    name: 'workbench-native-resize-observer',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === RESIZE_OBSERVER_POLYFILL ? NATIVE : null;
    },
    load(id) {
      return id === NATIVE ? 'export default globalThis.ResizeObserver;' : null;
    },
  };
}
