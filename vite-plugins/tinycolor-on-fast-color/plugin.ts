/**
 * Build only: ProComponents' style helpers (`@ant-design/pro-provider`'s `useStyle`, in the
 * shell's first load) import `@ctrl/tinycolor` for two calls — a colour with another alpha as
 * `rgba()`, a lighter colour as hex — and so ship a whole second colour library (about 6 KB gzip)
 * beside antd's. For that importer the import resolves to ./tinycolor.ts: the same answers, on
 * antd's parser.
 *
 * Guarded by tests/unit/build/tinycolor-on-fast-color.test.ts: it fails when pro-provider calls
 * anything else of tinycolor's, or when an answer differs from tinycolor's.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const TINYCOLOR = '@ctrl/tinycolor';
/** The module that imports it, as its path ends. */
export const PRO_PROVIDER_STYLE = path.join('@ant-design', 'pro-provider', 'es', 'useStyle', 'index.js');
const REPLACEMENT = path.join(import.meta.dirname, 'tinycolor.ts');

export function tinycolorOnFastColor(): Plugin {
  return {
    name: 'workbench-tinycolor-on-fast-color',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === TINYCOLOR && importer?.endsWith(PRO_PROVIDER_STYLE) ? REPLACEMENT : null;
    },
  };
}
