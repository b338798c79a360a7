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
/** The module that imports it, as its id ends (Vite's ids have forward slashes). */
export const PRO_PROVIDER_STYLE = '/@ant-design/pro-provider/es/useStyle/index.js';
const REPLACEMENT = path.join(import.meta.dirname, 'tinycolor.ts');

export function tinycolorOnFastColor(): Plugin {
  return {
    name: 'workbench-tinycolor-on-fast-color',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== TINYCOLOR || !importer) return null;
      const id = importer.split('?')[0]!.replaceAll('\\', '/');
      return id.endsWith(PRO_PROVIDER_STYLE) ? REPLACEMENT : null;
    },
  };
}
