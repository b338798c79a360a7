import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (no browser download here) against the
 * production build served by `npm run preview` with the mock stack behind it.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4110);
export const baseURL = `http://localhost:${PORT}`;
/** A sub-app on an origin of its own: the mock gateway's sample, by IP rather than by name. */
export const SUB_APP_ORIGIN_PRODUCT_URL = `http://127.0.0.1:${MOCK_PORT}/__mock/apps/product/`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Separate output per port, so parallel runs (different ports) do not remove each other's artifacts.
  outputDir: `test-results/e2e-${PORT}`,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node_modules/.bin/node --import tsx tools/start.ts --preview',
    url: `${baseURL}/__mock/scenarios`,
    // The product sample is served from another origin (the gateway's, by IP), as real sub-apps
    // are: its frame loads it across origins under its own policy. start.ts rebuilds for it.
    env: {
      PORT: String(PORT),
      MOCK_PORT: String(MOCK_PORT),
      VITE_MICRO_APP_PRODUCT_URL: SUB_APP_ORIGIN_PRODUCT_URL,
    },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
