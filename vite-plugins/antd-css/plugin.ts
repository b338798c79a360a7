/**
 * Build only: the shell's antd styles as a CSS file, linked first in <head> so the
 * app's own styles.css still comes after it (./extract.tsx says what is in it and
 * why the browser then skips generating them). The dev server keeps run-time styles:
 * its class names are antd's development ones.
 *
 * The further styles of the management back-end's pages and of the user centre's are a file for
 * each of these areas, named right after it by a link without `rel`, which the browser neither
 * fetches nor applies: the boot script links an area's when the load starts on one of its pages
 * (vite-plugins/boot-frame), once the first paint is on screen, as the app's scripts are
 * requested, with a link of its own; the app's first render waits for it (a second at most).
 * Every other page, and those pages reached inside the app, generate those
 * styles at run time as before (antd reads its map of styles once, as it renders first).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { emittedAsset } from '../lib/emitted-asset.ts';
import type { extractCss } from './extract.tsx';
import { PAGE_STYLES_PLACEHOLDER, type PageStylesArea } from '../../src/constants/boot-frame.ts';
import { nodeBinary, packageBin } from '../../tools/lib/paths.ts';

const SHELL_ASSET = 'antd-shell.css';
const areaAsset = (area: PageStylesArea) => `antd-${area}.css`;

export function antdShellCss(): Plugin {
  let base = '/';
  let areas: PageStylesArea[] = [];
  return {
    name: 'workbench-antd-shell-css',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      // A child process: antd's CommonJS build under NODE_ENV=production, apart from Vite's own modules.
      const output = execFileSync(
        nodeBinary(),
        [packageBin('tsx'), path.join(import.meta.dirname, 'extract.tsx')],
        {
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const css = JSON.parse(output) as ReturnType<typeof extractCss>;
      this.emitFile({ type: 'asset', name: SHELL_ASSET, source: css.shell });
      areas = Object.keys(css.areas) as PageStylesArea[];
      for (const area of areas)
        this.emitFile({ type: 'asset', name: areaAsset(area), source: css.areas[area] });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The shell's page only: a sub-app's frame (sub-app.html) gets none of the shell's styles.
        if (ctx.path !== '/index.html') return [];
        const shell = emittedAsset(ctx, SHELL_ASSET);
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: base + shell.fileName },
            injectTo: 'head-prepend',
          },
          ...areas.map((area) => ({
            tag: 'link',
            // No `rel`: a link that is no stylesheet is never fetched. A `disabled` stylesheet
            // link was not either, until Chromium 150 fetched it on every page (both files).
            attrs: {
              href: base + emittedAsset(ctx, areaAsset(area)).fileName,
              [PAGE_STYLES_PLACEHOLDER]: area,
            },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}
