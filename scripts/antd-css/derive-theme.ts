/**
 * `npm run gen:theme`: antd's default algorithm run once on the app's seed (src/ui/theme.ts),
 * written to src/ui/theme-derivation.json. The app's theme answers antd from it instead of
 * deriving the ~400 map tokens (colour palettes among them) in the browser on every load: that
 * took 6–10 ms of the shell's first render, more than once (src/ui/theme.ts says how it is used).
 * Rerun after changing the theme's tokens or upgrading antd; src/ui/theme.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { projectRoot } from '../lib/paths.ts';
import { THEME_SEED, type ThemeDerivation } from '../../src/ui/theme.ts';

export function deriveTheme(): ThemeDerivation {
  return { seed: THEME_SEED, map: theme.defaultAlgorithm(THEME_SEED) };
}

if (import.meta.main) {
  const file = path.join(projectRoot, 'src', 'ui', 'theme-derivation.json');
  writeFileSync(file, JSON.stringify(deriveTheme(), null, 2) + '\n');
  console.log(`wrote ${path.relative(projectRoot, file)}`);
}
