import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import baseConfig from '../../playwright.config';

/**
 * The nginx smoke test (`npm run test:nginx`): the production build behind a real nginx
 * with deploy/nginx's configuration, in front of the mock stack (deploy/serve-nginx.ts).
 * Same browser and options as the browser tests; its own ports, so both can run at once.
 */
const PORT = Number(process.env.NGINX_E2E_PORT ?? 4273);
const MOCK_PORT = Number(process.env.NGINX_E2E_MOCK_PORT ?? 4210);
export const baseURL = `http://localhost:${PORT}`;
/** The product sample on an origin of its own (the gateway's, by IP), as real sub-apps are. */
export const PRODUCT_URL = `http://127.0.0.1:${MOCK_PORT}/__mock/apps/product/`;

export default defineConfig({
  ...baseConfig,
  testDir: '.',
  outputDir: `../../test-results/e2e-nginx-${PORT}`,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../../test-results/e2e-nginx.json' }]]
    : 'list',
  use: { ...baseConfig.use, baseURL },
  webServer: {
    command: 'node_modules/.bin/node --import tsx deploy/serve-nginx.ts',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    url: `${baseURL}/__mock/scenarios`,
    env: { PORT: String(PORT), MOCK_PORT: String(MOCK_PORT), VITE_MICRO_APP_PRODUCT_URL: PRODUCT_URL },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
