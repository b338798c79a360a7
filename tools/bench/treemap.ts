/**
 * `npm run bench:treemap`: what the first load's JavaScript is made of. Builds the app with
 * rollup-plugin-visualizer's raw data (into dist-treemap/, not dist/), takes the chunks the
 * built index.html loads first (tools/lib/first-load.ts), and prints their modules'
 * sizes by package and by module: rendered bytes and gzip of each module on its own (the sum
 * of the latter is larger than the chunks' gzip, which compresses modules together; the
 * order is what to read). Figures only.
 *
 *   npm run bench:treemap                 packages and the 25 largest modules
 *   TREEMAP_TOP=60 npm run bench:treemap  more modules
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { visualizer } from 'rollup-plugin-visualizer';
import { build } from 'vite';
import { firstLoadScripts } from '../lib/first-load';
import { projectRoot } from '../lib/paths';

const OUT = path.join(projectRoot, 'dist-treemap');
const DATA = path.join(OUT, 'treemap.json');
const TOP = Number(process.env.TREEMAP_TOP ?? 25);

/** The parts of rollup-plugin-visualizer's raw data read here. */
interface RawData {
  nodeParts: Record<string, { renderedLength: number; gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** A module's path in the project: the visualizer gives ids from the project root, with a leading slash. */
const projectPath = (id: string) => id.replace(/^\0/, '').replace(/^\//, '');

/** `react-dom`, `@ant-design/pro-layout`, or `(app) src/layout` for the project's own code. */
function owner(id: string): string {
  const inPackage = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (inPackage) return inPackage[1]!.replace(/\\/g, '/');
  const parts = projectPath(id).split('/');
  return `(app) ${parts.slice(0, Math.max(1, Math.min(2, parts.length - 1))).join('/')}`;
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  await build({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
    plugins: [visualizer({ filename: DATA, template: 'raw-data', gzipSize: true })],
  });
  const { app, classic } = firstLoadScripts(readFileSync(path.join(OUT, 'index.html'), 'utf8'));
  const firstLoad = new Set([...app, ...classic].map((url) => url.replace(/^\//, '')));
  const data = JSON.parse(readFileSync(DATA, 'utf8')) as RawData;

  const modules: { id: string; owner: string; rendered: number; gzip: number }[] = [];
  for (const meta of Object.values(data.nodeMetas)) {
    for (const [chunk, part] of Object.entries(meta.moduleParts)) {
      if (!firstLoad.has(chunk)) continue;
      const { renderedLength, gzipLength } = data.nodeParts[part]!;
      if (renderedLength > 0)
        modules.push({ id: meta.id, owner: owner(meta.id), rendered: renderedLength, gzip: gzipLength });
    }
  }
  const byOwner = new Map<string, { rendered: number; gzip: number; count: number }>();
  for (const m of modules) {
    const entry = byOwner.get(m.owner) ?? { rendered: 0, gzip: 0, count: 0 };
    entry.rendered += m.rendered;
    entry.gzip += m.gzip;
    entry.count += 1;
    byOwner.set(m.owner, entry);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log(`First load: ${firstLoad.size} files, ${modules.length} modules (each module's own size).`);
  console.log('\n rendered     gzip  modules  package');
  for (const [name, entry] of [...byOwner].sort((a, b) => b[1].gzip - a[1].gzip))
    console.log(`${kb(entry.rendered)} ${kb(entry.gzip)} ${String(entry.count).padStart(8)}  ${name}`);
  console.log(`\nThe ${TOP} largest modules:`);
  for (const m of modules.sort((a, b) => b.gzip - a.gzip).slice(0, TOP))
    console.log(`${kb(m.rendered)} ${kb(m.gzip)}  ${projectPath(m.id)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
