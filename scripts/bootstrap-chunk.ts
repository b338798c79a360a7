/**
 * Build only: the bootstrap calls (src/app/early-start.ts) are an entry of the build of their
 * own, so they and what only they bring in (React Query's client, the transport, the session's
 * queries) get a chunk of their own, which the shell's page evaluates as one of its stages
 * (scripts/first-paint.ts), right after React and before antd. The shell's entry imports it as
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
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** The entry's name (`rolldownOptions.input`), and so its chunk's name. */
export const BOOTSTRAP_CHUNK = 'bootstrap-calls';
export const BOOTSTRAP_ENTRY = 'src/app/early-start.ts';

/** The chunk files `fileName` loads statically, itself included. */
function chunkClosure(fileName: string, bundle: OutputBundle): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(fileName);
  return seen;
}

/** Fails the build unless the bootstrap calls' chunk exists and only `shellEntry`'s page loads it. */
export function bootstrapCallsGuard(shellEntry: string): Plugin {
  return {
    name: 'workbench-bootstrap-calls',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry);
      const calls = entries.find((chunk) => chunk.name === BOOTSTRAP_CHUNK);
      if (!calls)
        this.error(`bootstrap-calls: no ${BOOTSTRAP_CHUNK} entry chunk was built (${BOOTSTRAP_ENTRY})`);
      for (const page of entries) {
        if (page === calls || page.name === shellEntry) continue;
        if (chunkClosure(page.fileName, bundle).has(calls.fileName))
          this.error(
            `bootstrap-calls: ${page.fileName} would load ${calls.fileName} and send the shell's bootstrap calls`,
          );
      }
    },
  };
}
