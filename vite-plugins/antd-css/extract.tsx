/**
 * Prints the CSS of the shell's first screen (./shell-sample.tsx) and of each area's pages (the
 * management back-end, ./back-end-sample.tsx; the user centre, ./user-center-sample.tsx), as JSON
 * `{ shell, areas }`, each with the cache map that tells
 * antd's CSS-in-JS these styles are already on the page, so the browser skips generating and
 * inserting them (@ant-design/cssinjs `CSS_FILE_STYLE`).
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
 *
 * An area's file holds only the styles the shell's has not, and the map of both: antd reads
 * one map, the `content` of one class, and the later file's rule wins. A page loads the shell's
 * file and its area's, never two areas' (each is extracted beside the shell's alone).
 * Run with NODE_ENV=production: the class names must be the production build's.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageStylesArea } from '../../src/constants/boot-frame.ts';
import { BackEndSample } from './back-end-sample';
import { ShellSample } from './shell-sample';
import { UserCenterSample } from './user-center-sample';

/** antd's map rule, last in an extract: `.data-ant-cssinjs-cache-path{content:"path:hash;…";}`. */
const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/;

const AREA_SAMPLES: Record<PageStylesArea, () => ReactElement> = {
  'back-end': () => <BackEndSample />,
  'user-center': () => <UserCenterSample />,
};

/** Renders the samples in turn into one cache: each extract holds only what the ones before it did not. */
function extractor() {
  const cache = createCache();
  return (sample: ReactElement) => {
    renderToString(<StyleProvider cache={cache}>{sample}</StyleProvider>);
    const css = extractStyle(cache, { plain: true, types: 'style', once: true });
    const map = MAP_RULE.exec(css);
    if (!map) throw new Error("antd-css: the extract does not end with antd's cache map");
    return { css, map: map[1]! };
  };
}

export function extractCss(): { shell: string; areas: Record<PageStylesArea, string> } {
  if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');
  const shell = extractor()(<ShellSample />);
  const area = (sample: ReactElement) => {
    const extract = extractor();
    extract(<ShellSample />);
    const own = extract(sample);
    const both = [shell.map, own.map].filter(Boolean).join(';');
    return own.css.replace(MAP_RULE, `.data-ant-cssinjs-cache-path{content:"${both}";}`);
  };
  const areas = Object.fromEntries(
    Object.entries(AREA_SAMPLES).map(([name, sample]) => [name, area(sample())]),
  ) as Record<PageStylesArea, string>;
  return { shell: shell.css, areas };
}

if (import.meta.main) process.stdout.write(JSON.stringify(extractCss()));
