/** The app's antd theme: set at the root (src/app/App.tsx); AppDesignTokens.tsx gives it back inside ProLayout's header. */
import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import DERIVATION from './theme-derivation.json';
import { TOKEN, type MapToken, type SeedToken, type ThemeDerivation } from './theme-seed';

const derivation = DERIVATION as unknown as ThemeDerivation;

/**
 * The precomputed map for `seed`, when antd's algorithm gives exactly that: the seed has the
 * app's seed tokens (a seed token the app leaves empty, such as `colorTextBase`, may carry the
 * value antd fills in for it), whatever other tokens it brings along. antd derives the map
 * from the seed tokens alone and keeps the other tokens as they are (ProComponents' provider
 * passes a whole computed token, ProLayout adds `controlHeightLG`): the seed with the derived
 * entries over it is its result, key order included (src/ui/theme.test.ts checks it for every
 * seed ProLayout passes).
 */
function precomputedMap(seed: SeedToken): MapToken | null {
  const given = seed as unknown as Record<string, unknown>;
  const base = derivation.seed as unknown as Record<string, unknown>;
  const derived = derivation.derived as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    if (given[key] === base[key]) continue;
    if (base[key] === '' && given[key] === derived[key]) continue;
    return null;
  }
  // Object.assign, not spread syntax: V8 spreads ~400 keys onto a smaller object slowly (about
  // 3 ms the first time and worse after, against 0.3 ms for Object.assign; same keys, same order).
  return Object.assign({}, seed, derivation.derived) as MapToken;
}

/**
 * antd's default algorithm, answered from vite-plugins/antd-css/derive-theme.ts's output for the
 * app's seed: deriving the ~400 map tokens (the colour palettes among them) took 6–10 ms
 * of the shell's first render each time, for the root theme, ProComponents' provider and
 * ProLayout's layout. Any other seed (a theme that changes a seed token) is derived by antd.
 */
export const deriveMapToken: MappingAlgorithm = (seed, mapToken) =>
  (!mapToken && precomputedMap(seed)) || (theme.defaultAlgorithm as MappingAlgorithm)(seed, mapToken);

export const THEME: ThemeConfig = {
  token: TOKEN,
  algorithm: deriveMapToken,
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorInfo: '#0958d9',
      colorError: '#cf1322',
      // Preset colours (<Tag color="gold">): the text shade, where antd's 7th fails on the 1st.
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
  },
};

/**
 * A menu in a page's own column (the user centre's): no border at its side. The theme of its own
 * also gives its styles a class of their own: made in the app's theme, they match ProLayout's
 * side menu too (it carries the app's class beside its own), and re-coloured it for the rest of
 * the visit once the user centre had been shown.
 */
export const PAGE_MENU_THEME: ThemeConfig = { components: { Menu: { activeBarBorderWidth: 0 } } };

/**
 * ProLayout's own tokens in the shell (its `token` prop, src/layout/MainLayout.tsx). Its
 * styles, and every ProComponents style on the first screen, come from this and the app's
 * theme alone; the build renders them with it (vite-plugins/antd-css/shell-sample.tsx).
 */
export const SHELL_LAYOUT_TOKEN = {
  // Opaque: ProLayout's default is a translucent, blurred header (what scrolls under it shows through as a glow).
  header: { heightLayoutHeader: 56, colorBgHeader: '#fff' },
  pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 16 },
};
