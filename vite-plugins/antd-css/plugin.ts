/**
 * Build only: the shell's antd styles as a CSS file, linked first in <head> so the
 * app's own styles.css still comes after it (./extract.tsx says what is in it and
 * why the browser then skips generating them). The dev server keeps run-time styles:
 * its class names are antd's development ones.
 *
 * The management back-end's further styles are a second file, named right after it by a
 * `disabled` link, which the browser neither fetches nor applies: the boot script links it when
 * the load starts on a back-end page (vite-plugins/boot-frame), before the app's scripts are
 * requested, with a link of its own, which does not hold the first paint back; the app's first
 * render waits for it (a second at most). Every other page, and a back-end page reached inside the app, generates those
 * styles at run time as before (antd reads its map of styles once, as it renders first).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { emittedAsset } from '../lib/emitted-asset.ts';
import { BACK_END_STYLES_PLACEHOLDER } from '../../src/constants/boot-frame.ts';
import { nodeBinary, packageBin } from '../../tools/lib/paths.ts';

const SHELL_ASSET = 'antd-shell.css';
const BACK_END_ASSET = 'antd-back-end.css';

export function antdShellCss(): Plugin {
  let base = '/';
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
      const css = JSON.parse(output) as { shell: string; backEnd: string };
      this.emitFile({ type: 'asset', name: SHELL_ASSET, source: css.shell });
      this.emitFile({ type: 'asset', name: BACK_END_ASSET, source: css.backEnd });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The shell's page only: a sub-app's frame (sub-app.html) gets none of the shell's styles.
        if (ctx.path !== '/index.html') return [];
        const shell = emittedAsset(ctx, SHELL_ASSET);
        const backEnd = emittedAsset(ctx, BACK_END_ASSET);
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: base + shell.fileName },
            injectTo: 'head-prepend',
          },
          {
            tag: 'link',
            attrs: {
              rel: 'stylesheet',
              href: base + backEnd.fileName,
              disabled: true,
              [BACK_END_STYLES_PLACEHOLDER]: true,
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
