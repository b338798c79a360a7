import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config';

/**
 * The integration gateway's browser tests (`npm run test:integration`): the app in a real
 * Chromium against back ends that are not the embedded mock — one that leaves its contracts on
 * purpose, the mock stack as an honest upstream, and a recorded session replayed offline. Each
 * test starts `npm start -- --upstream …` (or `--replay …`) itself, on its own ports, and reads
 * the terminal, the in-app list and the report as a user would. Same browser and options as the
 * browser tests; no web server of the config's.
 */
export default defineConfig({
  ...baseConfig,
  testDir: '.',
  timeout: 240_000,
  outputDir: '../../test-results/e2e-integration',
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../../test-results/e2e-integration.json' }]]
    : 'list',
  webServer: undefined,
  use: { ...baseConfig.use, baseURL: undefined },
});
