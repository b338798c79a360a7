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
 * imports (the routes, the config) through chunks both pages load, as for any two entries. A
 * group took those modules in, and the frame page then loaded the group's chunk and sent the
 * shell's bootstrap calls. `bootstrapCallsGuard` fails the build if a page other than the
 * shell's would load the chunk.
 *
 * What the shell's entry (and its lazy pages) share with the bootstrap calls goes into the calls'
 * chunk too (`BOOTSTRAP_SHARED_GROUP`): left to Rolldown, each set of modules with its own set of
 * importers was a chunk of its own, nine files of 0.3–5.6 KB (the storage, the config, the
 * services' names, React Query…) that the shell's first load requested one by one.
 */
import type { ChunkingContext, CodeSplittingGroup, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksInLoadOrder } from './lib/chunk-graph.ts';

/** The entry's name (`rolldownOptions.input`), and so its chunk's name. */
export const BOOTSTRAP_CHUNK = 'bootstrap-calls';
export const BOOTSTRAP_ENTRY = 'src/app/early-start.ts';

const isBootstrapEntry = (id: string) => id.replaceAll('\\', '/').endsWith(`/${BOOTSTRAP_ENTRY}`);

/** `id` and every module that imports it statically, directly or not. */
function staticImportersOf(id: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const todo = [id];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(ctx.getModuleInfo(next)?.importers ?? []));
  }
  return seen;
}

/**
 * Whether the bootstrap calls import `id` (directly or not) and every page that loads it at once
 * loads the calls too: an entry that imports it statically also imports the calls' entry.
 */
function sharedWithTheCallsOnly(id: string, ctx: ChunkingContext): boolean {
  const importers = staticImportersOf(id, ctx);
  const calls = [...importers].find(isBootstrapEntry);
  if (calls === undefined) return false;
  const loadersOfTheCalls = staticImportersOf(calls, ctx);
  return [...importers].every(
    (importer) => !ctx.getModuleInfo(importer)?.isEntry || loadersOfTheCalls.has(importer),
  );
}

/**
 * A chunk group that puts into the calls' chunk what the bootstrap calls import and the shell's
 * page shares with them, but not what the frame page shares (the routes, the config): its
 * modules stay in chunks both pages load. Their dependencies are not taken along
 * (`includeDependenciesRecursively`), since those may be the frame page's too.
 */
export const BOOTSTRAP_SHARED_GROUP: CodeSplittingGroup = {
  name: (id, ctx) => (sharedWithTheCallsOnly(id, ctx) ? BOOTSTRAP_CHUNK : null),
  tags: ['$initial'],
  includeDependenciesRecursively: false,
};

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
