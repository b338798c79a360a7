import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config';

/**
 * Children as other teams ship them (`npm run test:children`): built from source with Vite and
 * with webpack, served from their own origin, hosted by the production build; and a Vite child
 * from its own dev server under `npm start`, hot-reloaded. Each group starts the app itself on
 * ports of its own. Same browser and options as the browser tests; no web server of the config's.
 */
export default defineConfig({
  ...baseConfig,
  testDir: '.',
  timeout: 120_000,
  outputDir: '../../test-results/e2e-children',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../../test-results/e2e-children.json' }]]
    : 'list',
  webServer: undefined,
  use: { ...baseConfig.use, baseURL: undefined },
});
