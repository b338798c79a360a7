/**
 * Dev server only: the pre-bundled libraries (node_modules/.vite/deps) link their source
 * map instead of carrying it inline.
 *
 * Vite 8 serves each pre-bundled chunk with its whole source map appended as base64, built
 * again for every response: antd's chunk went out as 11 MB (3 MB of code) after ~0.3 s of
 * the server's time, and a fresh browser profile pulled ~20 MB of such maps before the first
 * screen. Linked, the code goes out alone and DevTools fetches `<chunk>.js.map` when it wants
 * it (Vite serves the maps of its pre-bundled chunks at that URL), still pointing into
 * node_modules. The app's own modules keep their inline maps: they are small.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

export function linkedDepsSourcemaps(): Plugin {
  return {
    name: 'workbench-linked-deps-sourcemaps',
    apply: 'serve',
    transform(code, id) {
      const optimizer = 'depsOptimizer' in this.environment ? this.environment.depsOptimizer : undefined;
      if (!optimizer?.isOptimizedDepFile(id)) return;
      // `mappings: ''` says "no source map" to Vite: it neither inlines nor makes one up.
      const file = path.basename(id.split('?')[0] ?? id);
      return { code: `${code}\n//# sourceMappingURL=${file}.map\n`, map: { mappings: '' } };
    },
  };
}
