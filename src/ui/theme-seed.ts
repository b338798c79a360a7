/**
 * The app's antd design tokens (used by ./theme.ts) and the seed antd's algorithm is given for
 * them. Apart from ./theme.ts so that `npm run gen:theme` (vite-plugins/antd-css/derive-theme.ts) can
 * read them without the derivation it writes, e.g. when that file is missing or in conflict.
 */
import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';

export type SeedToken = Parameters<MappingAlgorithm>[0];
export type MapToken = ReturnType<MappingAlgorithm>;
/**
 * Colours that reach WCAG AA (4.5:1) for text: antd's defaults for links (#1677ff),
 * secondary text (#8c8c8c), errors (#ff4d4f), status tags and the light preset tag
 * colours fall short on white or on their tinted backgrounds; the primary blue is a
 * shade darker than #1f6feb so that it also reads on the light-blue selected rows; a
 * hovered or pressed link stays readable too.
 */
export const TOKEN = {
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

/**
 * antd's default algorithm for THEME_SEED, worked out at build time (./theme-derivation.json,
 * `npm run gen:theme`): the seed, and the map's entries that are not the seed's own
 * (`Object.assign({}, seed, derived)` is the map, keys in antd's order; the seed is not shipped twice).
 */
export interface ThemeDerivation {
  seed: SeedToken;
  derived: Partial<MapToken>;
}
