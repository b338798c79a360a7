/**
 * Prints the CSS of the shell's first screen (./shell-sample.tsx) with the cache map
 * that tells antd's CSS-in-JS these styles are already on the page, so the browser skips
 * generating and inserting them (@ant-design/cssinjs `CSS_FILE_STYLE`).
 *
 * antd and ProComponents key a style by the hash of the token it was made with and the
 * component's name (antd adds the class prefixes), so a style made here is used in the
 * browser only where the browser would make the same one. ProComponents' token is the app's
 * theme with ProLayout's own token: the sample renders ProLayout with the shell's
 * (SHELL_LAYOUT_TOKEN), or their styles would ship unused. Their token also carries the id
 * antd gives each theme it makes (a counter: antd's default theme, ProComponents' empty theme,
 * the app's), so this process and the browser must make them in the same order; the browser
 * test "the shell's antd and ProComponents styles come from the built stylesheet" fails if
 * they do not. tests/unit/build/antd-css.test.tsx checks that the styles depend on nothing
 * else (ProLayout's props, the window's width).
 * Run with NODE_ENV=production: the class names must be the production build's.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { ShellSample } from './shell-sample';

export function extractShellCss(): string {
  if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ShellSample />
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: 'style' });
}

if (import.meta.main) process.stdout.write(extractShellCss());
