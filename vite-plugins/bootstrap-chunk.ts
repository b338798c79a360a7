/**
 * Build only: the bootstrap calls (src/app/early-start.ts) are an entry of the build of their
 * own, so they and what only they bring in (React Query's client, the transport, the session's
 * queries) get a chunk of their own, which the shell's page evaluates as one of its stages
 * (vite-plugins/first-paint.ts), right after React and before antd. The shell's entry imports it as
 * before (main.tsx's first import), so the order of evaluation is the module graph's.
 *
 * Why: in the entry's chunk, sending the user-config call (a cold path through React Query, the
 * generated client and the transport) was part of the entry's evaluation, the longest task of
 * the load (about 60 ms unthrottled, 4× that on a phone); that evaluation fell to about 35 ms.
 * The call also leaves earlier: before antd and ProComponents are evaluated, not after.
 *
 * An entry rather than a chunk group: Rolldown then shares what the sub-apps' frame page also
 * imports (the routes) through chunks both pages load, as for any two entries. A
 * group took those modules in, and the frame page then loaded the group's chunk and sent the
 * shell's bootstrap calls. `bootstrapCallsGuard` fails the build if a page other than the
 * shell's would load the chunk.
 *
 * What the shell's entry (and its lazy pages) share with the bootstrap calls goes into the calls'
 * chunk too (`bootstrapSharedGroup`): left to Rolldown, each set of modules with its own set of
 * importers was a chunk of its own, nine files of 0.3–5.6 KB as sent (the storage, the config,
 * the services' names, React Query…) that the shell's first load requested one by one.
 */
import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksInLoadOrder } from './lib/chunk-graph.ts';

/** The entry's name (`rolldownOptions.input`), and so its chunk's name. */
export const BOOTSTRAP_CHUNK = 'bootstrap-calls';
export const BOOTSTRAP_ENTRY = 'src/app/early-start.ts';

/** Module ids as Vite gives them: absolute, with forward slashes. */
const moduleId = (file: string) => file.replaceAll('\\', '/');

/** `from` and every module it imports statically, directly or not. */
function staticallyImportedBy(from: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/** The modules that import `id`, directly or not; with `lazy`, through `import()` too. */
function importersOf(id: string, ctx: ChunkingContext, { lazy }: { lazy: boolean }): Set<string> {
  const seen = new Set<string>();
  const todo = [id];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    todo.push(...(info?.importers ?? []), ...(lazy ? (info?.dynamicImporters ?? []) : []));
  }
  return seen;
}

/**
 * A chunk group that puts into the calls' chunk what the bootstrap calls import and only the
 * shell's page shares with them (its entry, its lazy pages): a module that another page loads,
 * at once or later (the frame page shares the routes), stays in chunks both pages load. Decided
 * module by module from the import graph, unlike a group over folders or packages, which took
 * the frame page's modules in too (above).
 *
 * - `tags: ['$initial']` counts only imports that survive tree-shaking. Through the texts' barrel
 *   (`@/constants/texts`, `export *`) the calls import every part's texts on paper: without the
 *   tag, the back-end's, the account's and the feedback's texts would come with the first load.
 * - `includeDependenciesRecursively: false`: a module taken may import the frame page's (the
 *   routes). Rolldown's docs pair this with `strictExecutionOrder`; not needed here, since all
 *   that is taken is evaluated with early-start.ts, main.tsx's first import, and imports nothing
 *   from the shell's or the frame page's own chunks.
 */
export function bootstrapSharedGroup(root: string): CodeSplittingGroup {
  const calls = moduleId(path.resolve(root, BOOTSTRAP_ENTRY));
  // What the calls import, and the modules that load them, once per chunking pass.
  let graph: { ctx: ChunkingContext; reached: Set<string>; loaders: Set<string> } | undefined;
  const graphOf = (ctx: ChunkingContext) => {
    if (graph?.ctx !== ctx)
      graph = {
        ctx,
        reached: staticallyImportedBy(calls, ctx),
        loaders: importersOf(calls, ctx, { lazy: false }),
      };
    return graph;
  };
  return {
    name: (id, ctx) => {
      const { reached, loaders } = graphOf(ctx);
      if (!reached.has(id)) return null;
      // Every page that loads it, at once or later, loads the calls first.
      for (const importer of importersOf(id, ctx, { lazy: true }))
        if (ctx.getModuleInfo(importer)?.isEntry && !loaders.has(importer)) return null;
      return BOOTSTRAP_CHUNK;
    },
    debugName: 'bootstrap-shared',
    tags: ['$initial'],
    includeDependenciesRecursively: false,
  };
}

/**
 * Fails the build unless the bootstrap calls are a chunk of their own that `shellEntry`'s page
 * loads with its first load, and no other page loads it, at once or later.
 */
export function bootstrapCallsGuard(shellEntry: string): Plugin {
  return {
    name: 'workbench-bootstrap-calls',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter(
        (file): file is OutputChunk => file.type === 'chunk' && file.isEntry,
      );
      const calls = entries.find((chunk) => chunk.name === BOOTSTRAP_CHUNK);
      if (!calls?.facadeModuleId?.replaceAll('\\', '/').endsWith(BOOTSTRAP_ENTRY))
        this.error(`bootstrap-calls: ${BOOTSTRAP_ENTRY} was not built as the ${BOOTSTRAP_CHUNK} chunk`);
      const shell = entries.find((chunk) => chunk.name === shellEntry);
      if (!shell || !chunksInLoadOrder(bundle, [shell.fileName]).includes(calls.fileName))
        this.error(
          `bootstrap-calls: the ${shellEntry} page does not load ${calls.fileName} with its first load`,
        );
      for (const page of entries) {
        if (page === calls || page === shell) continue;
        if (chunksInLoadOrder(bundle, [page.fileName], { lazy: true }).includes(calls.fileName))
          this.error(
            `bootstrap-calls: ${page.fileName} would load ${calls.fileName} and send the shell's bootstrap calls`,
          );
      }
    },
  };
}
