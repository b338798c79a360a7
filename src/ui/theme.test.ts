import { ProLayout } from '@ant-design/pro-layout';
import { ConfigProvider, theme, type MappingAlgorithm } from 'antd';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from '@/constants/limits';
import derivation from './theme-derivation.json';
import { deriveMapToken, SHELL_LAYOUT_TOKEN, THEME } from './theme';
import { THEME_SEED } from './theme-seed';

describe('the theme and the spec', () => {
  // The layout collapses at antd's "lg" breakpoint (the side menu, the module tabs): it must be
  // the spec's mobile breakpoint, in antd's defaults and in the app's theme.
  it("antd's lg breakpoint is the spec's mobile breakpoint", () => {
    expect(theme.getDesignToken(THEME).screenLG).toBe(MOBILE_BREAKPOINT_PX);
  });
});

describe("the theme's derivation, worked out at build time", () => {
  const STALE = 'src/ui/theme-derivation.json is stale: run `npm run gen:theme` and commit it';

  it("is antd's default algorithm for the app's seed, as the installed antd computes it", () => {
    const map = Object.assign({}, derivation.seed, derivation.derived);
    const derived = theme.defaultAlgorithm(THEME_SEED);
    expect(derivation.seed, STALE).toEqual(THEME_SEED);
    expect(map, STALE).toEqual(derived);
    // The order too: class names hash the token as antd orders it.
    expect(Object.keys(map), STALE).toEqual(Object.keys(derived));
  });

  /** The seeds antd's algorithm is given while `tree(algorithm)` renders. */
  function seedsGiven(tree: (algorithm: MappingAlgorithm) => ReturnType<typeof createElement>) {
    const given: Parameters<MappingAlgorithm>[0][] = [];
    renderToString(
      tree((seed, mapToken) => {
        given.push(seed);
        return deriveMapToken(seed, mapToken);
      }),
    );
    return given;
  }

  function Probe() {
    theme.useToken();
    return null;
  }

  it("answers every seed the shell's layout gives antd, exactly as antd would, key order included", () => {
    // The root theme and ProLayout (its provider passes a whole computed token, its layout adds
    // controlHeightLG, its header changes component tokens). The header's way back to the app's
    // theme (AppDesignTokens) is the root's theme, seed included.
    const given = seedsGiven((algorithm) =>
      createElement(
        ConfigProvider,
        { theme: { ...THEME, algorithm } },
        createElement(Probe),
        createElement(
          ProLayout,
          {
            layout: 'mix',
            location: { pathname: '/' },
            route: { path: '/', children: [] },
            menuRender: false,
            token: SHELL_LAYOUT_TOKEN,
            headerContentRender: () => createElement(Probe),
          },
          createElement(Probe),
        ),
      ),
    );
    expect(given.length).toBeGreaterThanOrEqual(3);
    for (const seed of given) {
      const antdDerives = vi.spyOn(theme, 'defaultAlgorithm');
      const answered = deriveMapToken(seed);
      expect(antdDerives, 'derived in the browser instead of answered').not.toHaveBeenCalled();
      antdDerives.mockRestore();
      const derived = theme.defaultAlgorithm(seed);
      expect(answered).toEqual(derived);
      expect(Object.keys(answered)).toEqual(Object.keys(derived));
    }
  });

  it('gives a copy each time, and leaves a seed of its own to antd', () => {
    // A copy: antd and ProComponents merge into what they are given.
    const answered = deriveMapToken(THEME_SEED);
    expect(answered).toEqual(theme.defaultAlgorithm(THEME_SEED));
    expect(answered).not.toBe(deriveMapToken(THEME_SEED));
    const other = { ...THEME_SEED, colorPrimary: '#00b96b' };
    expect(deriveMapToken(other)).toEqual(theme.defaultAlgorithm(other));
    expect(deriveMapToken(other).colorPrimary).toBe('#00b96b');
  });
});
