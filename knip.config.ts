/**
 * knip (npm run lint:deps, part of npm test): no unused files, exports or dependencies,
 * and no package imported without being declared. Entry points it cannot see by itself
 * are listed here, each with the reason it is an entry.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Loaded by scripts/antd-css/plugin.ts in a tsx child process at build time.
    'scripts/antd-css/extract.tsx',
    // The sample sub-apps: plain browser scripts the mock stack serves (or webpack bundles) as they are.
    'scripts/mock/sub-apps/**/*.js',
    // The kit other teams copy into their sub-apps (its own package.json).
    'packages/sub-app-kit/index.{js,d.ts}',
    // Custom functions of the Spectral ruleset (openapi/.spectral.yaml names them).
    'openapi/spectral/*.js',
    // The children the browser tests build as other teams do (tests/e2e-children): their own
    // entries, configs and Vue components; the webpack one is built by a script run with tsx.
    'tests/e2e-children/children/*/src/main.js',
    'tests/e2e-children/children/vite-vue/vite.config.js',
    'tests/e2e-children/build-webpack-child.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}',
    'scripts/**/*.{ts,tsx,mjs,js}',
    'tests/**/*.{ts,tsx}',
    'tests/e2e-children/children/**/*.{js,vue}',
    'packages/**/*.{js,d.ts}',
    'openapi/**/*.js',
    'generated/**/*.ts',
    'deploy/**/*.ts',
  ],
  // orval emits a whole client per document; which of its hooks the app uses follows the features.
  // The kit's copy of the contract's types is generated the same way, for teams to use.
  ignoreIssues: {
    'generated/**': ['exports', 'types'],
    'packages/sub-app-kit/contract.d.ts': ['exports', 'types'],
  },
  // The sample sub-apps import the kit by URL: the mock stack serves packages/sub-app-kit at /kit/.
  ignoreUnresolved: [/^(\.\.\/)+kit\/index\.js$/],
  ignoreDependencies: [
    // CLIs the scripts run from node_modules by path (scripts/lib/paths.ts, lint-api.ts, docs.ts, gen.ts).
    '@stoplight/prism-cli',
    '@stoplight/spectral-cli',
    '@redocly/cli',
    'openapi-typescript',
    // A webpack loader named by string in the classic sample's build (scripts/mock/classic-sample.ts).
    'css-loader',
  ],
};

export default config;
