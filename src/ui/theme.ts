/** The app's antd theme: set at the root (src/app/App.tsx), and again inside ProLayout's header (ROOT_THEME). */
import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import DERIVATION from './theme-derivation.json';

type SeedToken = Parameters<MappingAlgorithm>[0];
type MapToken = ReturnType<MappingAlgorithm>;

/**
 * Colours that reach WCAG AA (4.5:1) for text: antd's defaults for links (#1677ff),
 * secondary text (#8c8c8c), errors (#ff4d4f), status tags and the light preset tag
 * colours fall short on white or on their tinted backgrounds; the primary blue is a
 * shade darker than #1f6feb so that it also reads on the light-blue selected rows; a
 * hovered or pressed link stays readable too.
 */
const TOKEN = {
  colorPrimary: '#175cd3',
  colorLink: '#175cd3',
  // Hovered links darken rather than fade (antd's lighter hover tint is 2.7:1 on white).
  colorLinkHover: '#0f4aa8',
  colorLinkActive: '#0b3a85',
  borderRadius: 6,
  colorError: '#cf1322',
  colorTextTertiary: '#6b6b6b',
  // Overlays open and close without zoom or slide. With the sub-apps in frames of their own
  // origin (out of process), Chromium holds a compositor animation "pending" at its first
  // frame until the page and its frames are presented together: a dialog stood at a fifth of
  // its size for frames on end, and a click on its button landed beside it (measured: 2 of 6
  // sign-out confirms lost in headless Chromium). Without motion an overlay is where it will
  // stay the moment it appears; phones are spared the work, and nobody who asks the system for
  // less motion gets any.
  motion: false,
} satisfies ThemeConfig['token'];

/** What antd's algorithm is given for the app's theme: its default seed with the tokens above. */
export const THEME_SEED = { ...theme.defaultSeed, ...TOKEN } as SeedToken;

/** antd's default algorithm for THEME_SEED, worked out at build time (`npm run gen:theme`). */
export interface ThemeDerivation {
  seed: SeedToken;
  map: MapToken;
}
const derivation = DERIVATION as unknown as ThemeDerivation;

/**
 * The precomputed map for `seed`, when antd's algorithm gives exactly that: the seed has the
 * app's seed tokens (a seed token the app leaves empty, such as `colorTextBase`, may carry the
 * value antd fills in for it), whatever other tokens it brings along. antd derives the map
 * from the seed tokens alone and keeps the other tokens as they are (ProComponents' provider
 * passes a whole computed token, ProLayout adds `controlHeightLG`): `{ ...seed, ...map }` is
 * its result, key order included (src/ui/theme.test.ts checks it for what ProLayout passes).
 */
function precomputedMap(seed: SeedToken): MapToken | null {
  const given = seed as unknown as Record<string, unknown>;
  const base = derivation.seed as unknown as Record<string, unknown>;
  const map = derivation.map as unknown as Record<string, unknown>;
  for (const key of Object.keys(base)) {
    if (given[key] === base[key]) continue;
    if (base[key] === '' && given[key] === map[key]) continue;
    return null;
  }
  // Object.assign, not spread syntax: V8 spreads ~400 keys onto a smaller object slowly (about
  // 3 ms the first time and worse after, against 0.3 ms for Object.assign; same keys, same order).
  return Object.assign({}, seed, derivation.map);
}

/**
 * antd's default algorithm, answered from scripts/antd-css/derive-theme.ts's output for the
 * app's seed: deriving the ~400 map tokens (the colour palettes among them) took 6–10 ms
 * of the shell's first render each time, for the root theme, ProLayout's provider and
 * ProLayout's header. Any other seed (a theme that changes a seed token) is derived by antd.
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
 * The same theme, not inheriting: ProLayout's header wraps its content in a provider with
 * its own component tokens (a transparent layout header), which is a different theme, so
 * every component there (badge, avatar, dropdown, tooltip…) had its styles generated a
 * second time. The top bar's contents go back to the app's theme with this, and share its styles.
 */
export const ROOT_THEME: ThemeConfig = { ...THEME, inherit: false };
