/**
 * The build writes each hashed script and stylesheet a second and third time, brotli- and
 * gzip-compressed, beside itself (vite-plugins/precompress.ts): what nginx's `brotli_static` and
 * `gzip_static` send. The pages themselves and files too small to gain stay as they are.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressAssets } from '../../../vite-plugins/precompress';
import { fixtureFolders } from './fixture-folder';

const folders = fixtureFolders('precompress-');

/** Builds a page with one script (of about `scriptBytes`) and one small stylesheet. */
async function buildPage(scriptBytes: number): Promise<string> {
  const words = Array.from({ length: scriptBytes / 16 }, (_, i) => `"w${String(i).padStart(9, '0')}",`);
  const root = folders.write({
    'index.html':
      '<!doctype html><html><body><script type="module" src="/src/main.js"></script></body></html>',
    'src/main.js': `import './small.css';\ndocument.title = [${words.join('')}].join(' ');`,
    'src/small.css': 'body { margin: 0 }',
  });
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [precompressAssets()],
    build: { outDir: 'dist', minify: false },
  });
  return path.join(root, 'dist');
}

const filesIn = (dir: string) => readdirSync(dir).sort();

describe('the build’s pre-compressed assets', () => {
  it('writes brotli and gzip beside each script, which decompress to the file itself; not the page, not a small file', async () => {
    const out = await buildPage(8 * 1024);
    const assets = filesIn(path.join(out, 'assets'));
    const script = assets.find((name) => name.endsWith('.js'))!;
    expect(assets).toContain(`${script}.br`);
    expect(assets).toContain(`${script}.gz`);
    expect(assets.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const source = readFileSync(path.join(out, 'assets', script));
    expect(brotliDecompressSync(readFileSync(path.join(out, 'assets', `${script}.br`)))).toEqual(source);
    expect(gunzipSync(readFileSync(path.join(out, 'assets', `${script}.gz`)))).toEqual(source);
    // Brotli's highest quality: smaller than gzip -9 on text.
    expect(readFileSync(path.join(out, 'assets', `${script}.br`)).length).toBeLessThan(
      readFileSync(path.join(out, 'assets', `${script}.gz`)).length,
    );
    // The page is not: nginx writes each response's nonce into it.
    expect(existsSync(path.join(out, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(out, 'index.html.gz'))).toBe(false);
    // A file under the threshold stays as it is.
    const styles = assets.find((name) => name.endsWith('.css'))!;
    expect(readFileSync(path.join(out, 'assets', styles)).length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    expect(assets.filter((name) => name.startsWith(styles))).toEqual([styles]);
  });
});
