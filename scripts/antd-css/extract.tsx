/**
 * Prints the CSS of the shell's antd components (./shell-sample.tsx) with the cache
 * map that tells antd's CSS-in-JS these styles are already on the page, so the
 * browser skips generating and inserting them (@ant-design/cssinjs `CSS_FILE_STYLE`).
 * Run with NODE_ENV=production: the class names must be the production build's.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { renderToString } from 'react-dom/server';
import { ShellSample } from './shell-sample';

/**
 * antd keys a style by theme token and component path ([component, prefix, icon prefix]),
 * so the CSS made here is the browser's byte for byte. ProComponents key theirs by
 * component name alone (ProLayout's layout token is not in the key): those stay at run time.
 */
function isAntdStyle(cacheKey: string): boolean {
  const [kind, , ...path] = cacheKey.split('%');
  return kind === 'style' && path.length >= 2;
}

export function extractShellCss(): string {
  if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ShellSample />
    </StyleProvider>,
  );
  for (const key of [...cache.cache.keys()]) if (!isAntdStyle(key)) cache.cache.delete(key);
  return extractStyle(cache, { plain: true, types: 'style' });
}

if (import.meta.main) process.stdout.write(extractShellCss());
