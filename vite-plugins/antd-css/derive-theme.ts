/**
 * `npm run gen:theme`: antd's default algorithm run once on the app's seed (src/ui/theme-seed.ts),
 * written to src/ui/theme-derivation.json (the seed, and the map's entries that are not the
 * seed's). The app's theme answers antd from it instead of deriving the ~400 map tokens (colour palettes among them) in the browser on every load: that
 * took 6–10 ms of the shell's first render, more than once (src/ui/theme.ts says how it is used).
 * Rerun after changing the theme's tokens or upgrading antd; src/ui/theme.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { projectRoot } from '../../tools/lib/paths.ts';
import { THEME_SEED, type ThemeDerivation } from '../../src/ui/theme-seed.ts';

export function deriveTheme(): ThemeDerivation {
  const seed = THEME_SEED as unknown as Record<string, unknown>;
  const map = theme.defaultAlgorithm(THEME_SEED) as unknown as Record<string, unknown>;
  // The map's own entries, in its order: the seed's keys come first in it, so assigning these
  // over the seed rebuilds the map with the same key order.
  const derived = Object.fromEntries(Object.entries(map).filter(([key, value]) => seed[key] !== value));
  return { seed: THEME_SEED, derived };
}

if (import.meta.main) {
  const file = path.join(projectRoot, 'src', 'ui', 'theme-derivation.json');
  writeFileSync(file, JSON.stringify(deriveTheme(), null, 2) + '\n');
  console.log(`wrote ${path.relative(projectRoot, file)}`);
}
