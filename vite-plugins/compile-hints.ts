/**
 * Build only: marks the first load's chunks (the entry and every chunk it imports
 * statically) with V8's explicit compile hint, so Chrome compiles their functions
 * while the files stream in, off the main thread, instead of one by one on first
 * call in the middle of the first render. Later chunks keep lazy compilation.
 * https://v8.dev/blog/explicit-compile-hints
 */
import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function firstLoadCompileHints(): Plugin {
  return {
    name: 'workbench-compile-hints',
    apply: 'build',
    // After Vite's own generateBundle work, which puts its preload map at the top of the entry.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const firstLoad = new Set<string>();
        const visit = (fileName: string) => {
          if (firstLoad.has(fileName)) return;
          firstLoad.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
        for (const chunk of chunks) {
          if (!firstLoad.has(chunk.fileName)) continue;
          chunk.code = HINT + chunk.code;
          // One more line at the top: the source map's lines move down by one.
          if (chunk.map) chunk.map.mappings = ';' + chunk.map.mappings;
        }
      },
    },
  };
}
