/**
 * The classic (non-module) sample sub-app: the product app, built from source by webpack
 * the way Vue CLI or create-react-app build theirs (deferred scripts, an extracted
 * stylesheet, a lazy chunk, a public path), into node_modules/.cache — no bundle is
 * committed. Built when the mock stack starts, and only when its inputs changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import { packageRoot } from './package-root';

const SUB_APPS = path.join(packageRoot, 'sub-apps');
const SOURCE = path.join(SUB_APPS, 'product');
/**
 * The sub-app kit, which the samples import as ../kit/ (served at /__mock/apps/kit/): the
 * installed package's folder, found as any user of the package would find it.
 */
export const KIT_DIR = path.dirname(
  fileURLToPath(import.meta.resolve('@zhique/workbench-sub-app-kit/package.json')),
);
/**
 * Where the build goes: the system's temporary folder, one per copy of this package (an
 * installed package's own folder may not be writable); rebuilt only when its inputs change.
 */
export const CLASSIC_SAMPLE_DIR = path.join(
  tmpdir(),
  `workbench-mock-${createHash('sha256').update(packageRoot).digest('hex').slice(0, 12)}`,
  'product',
);
const STAMP = path.join(CLASSIC_SAMPLE_DIR, '.inputs');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** A digest of everything the build reads: sources, shared files, the kit, this file, webpack's version. */
function inputsDigest(): string {
  const hash = createHash('sha256');
  const files = [SOURCE, path.join(SUB_APPS, 'shared'), KIT_DIR].flatMap(filesUnder).sort();
  for (const file of [...files, import.meta.filename]) hash.update(file).update(readFileSync(file));
  hash.update(webpack.version);
  return hash.digest('hex');
}

function config(): webpack.Configuration {
  return {
    mode: 'production',
    context: SOURCE,
    entry: { app: './src/main.js' },
    target: ['web', 'es2019'],
    output: {
      path: CLASSIC_SAMPLE_DIR,
      // Where it is deployed; embedded, src/public-path.js takes micro-app's public path instead.
      publicPath: '/__mock/apps/product/',
      filename: 'js/[name].[contenthash:8].js',
      chunkFilename: 'js/[name].[contenthash:8].js',
      chunkLoadingGlobal: 'webpackJsonp_product',
      clean: true,
    },
    // css-loader by its resolved path: webpack would look for it from the sample's folder.
    module: {
      rules: [
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, createRequire(import.meta.url).resolve('css-loader')],
        },
      ],
    },
    // The kit is imported as ../kit/ (its URL beside the samples); on disk it is the kit's package.
    resolve: { alias: { [path.join(SUB_APPS, 'kit')]: KIT_DIR } },
    plugins: [
      new HtmlWebpackPlugin({ template: './index.html', scriptLoading: 'defer' }),
      new MiniCssExtractPlugin({ filename: 'css/[name].[contenthash:8].css' }),
    ],
    devtool: false,
    performance: { hints: false },
    stats: 'errors-only',
  };
}

let building: Promise<void> | undefined;

/** Builds the classic sample unless the last build had the same inputs. */
export function buildClassicSample(log: (line: string) => void = () => {}): Promise<void> {
  return (building ??= (async () => {
    const digest = inputsDigest();
    if (
      existsSync(STAMP) &&
      readFileSync(STAMP, 'utf8') === digest &&
      statSync(CLASSIC_SAMPLE_DIR).isDirectory()
    ) {
      return;
    }
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      webpack(config(), (error, stats) => {
        if (error) return reject(error);
        if (stats?.hasErrors()) return reject(new Error(stats.toString('errors-only')));
        resolve();
      });
    });
    writeFileSync(STAMP, digest);
    log(`[mock] built the classic sample sub-app (webpack ${webpack.version}) in ${Date.now() - started} ms`);
  })().finally(() => {
    building = undefined;
  }));
}
