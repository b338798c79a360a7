/**
 * Dev server only: transforms the app's whole module graph as soon as the server
 * listens, so the first browser's ~200 module requests are answered from Vite's cache
 * instead of being transformed one waterfall step at a time (a fresh profile took 6–9 s
 * to show the signed-in home; `npm run bench:first-screen` measures it).
 *
 * Vite's own `server.warmup` follows static imports only: the pages the router and the
 * shell load lazily (callback, user center, dialogs, sub-app host) would need a list kept
 * in step with src/ by hand, and it says nothing when it is done. This walks every import,
 * lazy ones included, from the scripts of the given pages, through Vite's warm-up request
 * (`environment.warmupRequest`, which logs a module that fails and carries on), and answers
 * `GET /__dev/warmup` with `{ modules, ms }` once the graph is warm: `npm start` prints its
 * URL banner after that. Walking everything also means a library that only a lazy page
 * imports is found by the dependency optimizer now, not by a page reload in QA's browser.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

export const WARMUP_PATH = '/__dev/warmup';

interface WarmupResult {
  /** Modules transformed (app sources, pre-bundled libraries, Vite's client). */
  modules: number;
  ms: number;
}

async function warm(server: ViteDevServer, pages: string[]): Promise<WarmupResult> {
  const started = performance.now();
  const client = server.environments.client;
  // The module scripts of each page as the browser gets it (Vite's client included).
  const entries = new Set<string>();
  for (const page of pages) {
    const html = await readFile(path.join(server.config.root, page), 'utf8');
    const served = await server.transformIndexHtml(`/${page}`, html);
    for (const [, src] of served.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+)"/g)) if (src) entries.add(src);
  }
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    await client.warmupRequest(url);
    // After its transform, a module's node lists what it imports, statically or not.
    const node = await client.moduleGraph.getModuleByUrl(url);
    await Promise.all([...(node?.importedModules ?? [])].map((imported) => visit(imported.url)));
  };
  await Promise.all([...entries].map(visit));
  return { modules: seen.size, ms: Math.round(performance.now() - started) };
}

/** `pages`: the HTML files the app is served from, relative to the project root. */
export function warmModuleGraph(pages: string[]): Plugin {
  return {
    name: 'workbench-dev-warmup',
    apply: 'serve',
    configureServer(server) {
      let warmed: Promise<WarmupResult> | undefined;
      const start = () => (warmed ??= warm(server, pages));
      // A failed warm-up costs only speed: it is reported, never left to crash the server.
      server.httpServer?.once('listening', () => {
        start().catch((error: unknown) =>
          server.config.logger.warn(
            `warm-up failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      });
      server.middlewares.use(WARMUP_PATH, (_req, res) => {
        start().then(
          (result) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-store');
            res.end(JSON.stringify(result));
          },
          (error: unknown) => {
            res.statusCode = 500;
            res.end(`warm-up failed: ${error instanceof Error ? error.message : String(error)}`);
          },
        );
      });
    },
  };
}
