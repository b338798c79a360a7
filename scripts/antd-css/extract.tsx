/**
 * Prints the CSS of the shell's antd components (./shell-sample.tsx) with the cache
 * map that tells antd's CSS-in-JS these styles are already on the page, so the
 * browser skips generating and inserting them (@ant-design/cssinjs `CSS_FILE_STYLE`).
 * ProComponents' styles stay at run time: ./style-cache.ts says why, and why choosing
 * them takes antd internals that no public API covers.
 * Run with NODE_ENV=production: the class names must be the production build's.
 */
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { ShellSample } from './shell-sample';
import { extractAntdStyles } from './style-cache';

export function extractShellCss(): string {
  if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ShellSample />
    </StyleProvider>,
  );
  return extractAntdStyles(cache);
}

if (import.meta.main) process.stdout.write(extractShellCss());
