/**
 * Build only: the shell's antd styles as a CSS file, linked first in <head> so the
 * app's own styles.css still comes after it (./extract.tsx says what is in it and
 * why the browser then skips generating them). The dev server keeps run-time styles:
 * its class names are antd's development ones.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';
import { emittedAsset } from '../lib/emitted-asset.ts';
import { nodeBinary, packageBin } from '../../tools/lib/paths.ts';

const ASSET_NAME = 'antd-shell.css';

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
      const css = execFileSync(
        nodeBinary(),
        [packageBin('tsx'), path.join(import.meta.dirname, 'extract.tsx')],
        {
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      this.emitFile({ type: 'asset', name: ASSET_NAME, source: css });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The shell's page only: a sub-app's frame (sub-app.html) gets none of the shell's styles.
        if (ctx.path !== '/index.html') return [];
        const asset = emittedAsset(ctx, ASSET_NAME);
        return [
          {
            tag: 'link',
            attrs: { rel: 'stylesheet', href: base + asset.fileName },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
