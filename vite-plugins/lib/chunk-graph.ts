import type { OutputBundle } from 'rolldown';

/**
 * The chunk files `roots` load, the roots included, each after every chunk it imports
 * (dependencies first): what they import at once, and what they import lazily too with `lazy`.
 */
export function chunksInLoadOrder(bundle: OutputBundle, roots: string[], { lazy = false } = {}): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    chunk.imports.forEach(visit);
    if (lazy) chunk.dynamicImports.forEach(visit);
    order.push(fileName);
  };
  roots.forEach(visit);
  return order;
}
