/**
 * Build only: every script, stylesheet and SVG the build writes in its assets folder (the hashed
 * files, cached for a year) is also written compressed beside itself, once: brotli at its
 * highest quality (`file.js.br`) and gzip at level 9 (`file.js.gz`). A server then sends the
 * smaller file to a browser that accepts it, without compressing on every request: nginx's
 * `brotli_static` and `gzip_static` (deploy/nginx), sirv in the bench (tools/bench/static-server.ts).
 *
 * Why at build time: brotli's quality 11 is too slow to run per request (a server compressing
 * on the fly uses 4–6), and it makes the first load's scripts about 14 % smaller than gzip -9
 * (docs/frontend.md, "The first load"). The pages themselves (index.html, the frame page) are
 * not compressed here: nginx writes each response's nonce into them.
 *
 * Node's own zlib does the work; vite-plugin-compression2 would too, but it emits the files
 * into the bundle (where this build's other plugins read the chunks) and patches Vite's manifest
 * plugin and `process.stdout.write` to do it.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is compressed, in the build's assets folder (`build.assetsDir`): what a browser downloads as text. */
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Smaller files are sent as they are (nginx's `gzip_min_length` is the same). */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The compressed copies of one file (none smaller than the file is kept). */
async function precompressFile(file: string): Promise<string[]> {
  const source = await readFile(file);
  if (source.length < PRECOMPRESS_MIN_BYTES) return [];
  const copies: [string, Buffer][] = [
    [
      `${file}.br`,
      await brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    [`${file}.gz`, await gzipped(source, { level: 9 })],
  ];
  const kept = copies.filter(([, bytes]) => bytes.length < source.length);
  // Written under another name, then renamed: a build stopped halfway leaves no cut-off copy
  // that a server would send (a missing one it replaces by compressing on the fly).
  await Promise.all(
    kept.map(async ([name, bytes]) => {
      try {
        await writeFile(`${name}.tmp`, bytes);
        await rename(`${name}.tmp`, name);
      } catch (error) {
        await rm(`${name}.tmp`, { force: true });
        throw error;
      }
    }),
  );
  return kept.map(([name]) => name);
}

export function precompressAssets(): Plugin {
  let assetsDir = 'assets';
  return {
    name: 'workbench-precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = config.build.assetsDir;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.dirname(options.file ?? '');
      // zlib's asynchronous calls run on libuv's thread pool: the files are compressed side by side.
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => fileName.startsWith(`${assetsDir}/`) && COMPRESSIBLE.test(fileName))
          .map((fileName) => precompressFile(path.join(outDir, fileName))),
      );
    },
  };
}
