/**
 * The stylesheet of the shell's first screen (vite-plugins/antd-css) ships ProComponents' styles
 * with antd's: the browser uses one where its cache path (the hash of the token it is made
 * with, and the component's name) is in the file, and never generates it. That is right
 * while a style depends on its token alone, not on ProLayout's props or the window: these
 * cases render ProLayout the other ways the shell does and compare every style that both
 * renders register under the same path, as the browser inserts them. (That the browser's
 * paths are the file's is a browser test's: "the shell's antd and ProComponents styles come
 * from the built stylesheet", tests/e2e/shell.spec.ts.)
 */
import { execFileSync } from 'node:child_process';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ProLayoutProps } from '@ant-design/pro-layout';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { extractCss } from '../../../vite-plugins/antd-css/extract';
import { ShellSample } from '../../../vite-plugins/antd-css/shell-sample';
import { nodeBinary, packageBin, projectRoot } from '../../../tools/lib/paths';

/**
 * The styles a client render of the sample inserts, by their cache path (`data-cache-path`,
 * set outside production builds): the key the browser looks up in the stylesheet's map. With
 * ProLayout's class names, which say the width it saw (`screen-xs`…).
 */
function renderSample(layout?: Partial<ProLayoutProps>) {
  const container = document.createElement('div');
  document.body.append(container);
  const { unmount } = render(
    <StyleProvider cache={createCache()} container={container}>
      <ShellSample layout={layout} />
    </StyleProvider>,
  );
  // Keyframes go in styles of their own, without a path: they come with the style that uses them.
  const styles = new Map(
    [...container.querySelectorAll('style[data-cache-path]')].map((style) => [
      style.getAttribute('data-cache-path')!,
      style.textContent,
    ]),
  );
  const layoutClass = document.querySelector('.ant-pro-layout')?.className ?? '';
  unmount();
  container.remove();
  return { styles, layoutClass };
}

const innerWidth = window.innerWidth;
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: innerWidth, configurable: true });
});

const SIDE_MENU = { path: '/', children: [{ path: '/admin/users', name: '用户管理' }] };

describe("the shell stylesheet's ProComponents styles", () => {
  it('are in the stylesheet: ProLayout, its header, the top-bar actions', () => {
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache}>
        <ShellSample />
      </StyleProvider>,
    );
    const css = extractStyle(cache, { plain: true, types: 'style' });
    for (const selector of [
      '.ant-pro-layout',
      '.ant-pro-global-header',
      '.ant-pro-global-header-header-actions',
    ]) {
      expect(css).toContain(selector);
    }
    for (const style of renderSample().styles.values()) expect(css).toContain(style);
  });

  // Each case with what shows that it rendered otherwise than the sample: a style path of its own, or the width ProLayout saw.
  it.each<[string, Partial<ProLayoutProps>, number | undefined, RegExp]>([
    [
      'with the back-end side menu',
      { route: SIDE_MENU, menuRender: undefined },
      undefined,
      /\|ProLayoutSiderMenu$/,
    ],
    [
      'with the side menu collapsed',
      { route: SIDE_MENU, menuRender: undefined, collapsed: true },
      undefined,
      /\|ProLayoutSiderMenu$/,
    ],
    [
      'on a phone, the side menu in a drawer',
      { route: SIDE_MENU, menuRender: undefined, collapsed: false },
      390,
      /\bscreen-xs\b/,
    ],
    ['on a phone, without a side menu', {}, 390, /\bscreen-xs\b/],
    ['on a tablet', {}, 800, /\bscreen-md\b/],
  ])('do not change %s', (_, layout, width, rendered) => {
    const sample = renderSample();
    if (width) Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    const other = renderSample(layout);
    expect([other.layoutClass, ...other.styles.keys()]).toEqual(
      expect.arrayContaining([expect.stringMatching(rendered)]),
    );
    expect(sample.layoutClass).not.toMatch(/\bscreen-(xs|md)\b/);
    const shared = [...sample.styles.keys()].filter((path) => other.styles.has(path));
    // Not vacuous: ProLayout's own styles (keyed by name) are among the ones both register.
    expect(shared).toEqual(expect.arrayContaining([expect.stringMatching(/\|ProLayoutHeader$/)]));
    for (const path of shared) {
      expect(other.styles.get(path), `the style at ${path}`).toBe(sample.styles.get(path));
    }
  });
});

describe("the areas' stylesheets", () => {
  // As the build makes the files: a child process under NODE_ENV=production (vite-plugins/antd-css/plugin.ts).
  const output = execFileSync(nodeBinary(), [packageBin('tsx'), 'vite-plugins/antd-css/extract.tsx'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const { shell, areas } = JSON.parse(output) as ReturnType<typeof extractCss>;
  const map = (css: string) =>
    /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/.exec(css)![1]!.split(';');
  // The classes a file's menu styles are scoped to (antd's hash of the theme they were made in).
  const menuThemes = (css: string) =>
    [...css.matchAll(/:where\(\.(css-[a-z0-9]+)\)\.ant-menu\{/g)].map((found) => found[1]);

  it("holds the back-end's components and none of the shell's styles again", () => {
    const backEnd = areas['back-end'];
    for (const selector of [
      '.ant-menu',
      '.ant-table',
      '.ant-pagination',
      '.ant-alert',
      '.ant-form-inline',
      '.ant-descriptions',
    ])
      expect(backEnd, selector).toContain(selector);
    expect(shell).not.toContain('.ant-table');
    expect(backEnd).not.toContain('.ant-pro-layout{');
    expect(backEnd.length).toBeGreaterThan(10_000);
  });

  it("holds the user centre's components, its menu in a theme of its own", () => {
    const userCenter = areas['user-center'];
    for (const selector of ['.ant-menu', '.ant-descriptions', '.ant-list', '.ant-segmented', '.ant-popover'])
      expect(userCenter, selector).toContain(selector);
    // Not in the app's theme, whose class ProLayout's side menu carries too: styles scoped to it
    // would re-colour the side menu.
    const appTheme = /:where\(\.(css-[a-z0-9]+)\)\.ant-descriptions\{/.exec(userCenter)![1];
    expect(menuThemes(userCenter)).toHaveLength(1);
    expect(menuThemes(userCenter)).not.toContain(appTheme);
    expect(menuThemes(areas['back-end'])).not.toContain(appTheme);
    expect(userCenter).not.toContain('.ant-pro-');
  });

  it("each carries the map of its own and the shell's, since antd reads only the later file's", () => {
    for (const css of Object.values(areas)) {
      expect(map(css)).toEqual(expect.arrayContaining(map(shell)));
      expect(map(css).length).toBeGreaterThan(map(shell).length);
    }
  });
});
