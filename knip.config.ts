/**
 * knip (npm run lint:deps, part of npm test): no unused files, exports or dependencies,
 * and no package imported without being declared. Entry points it cannot see by itself
 * are listed here, each with the reason it is an entry.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    // The app (the repository's root) and its tools.
    '.': {
      entry: [
        // Loaded by vite-plugins/antd-css/plugin.ts in a tsx child process at build time.
        'vite-plugins/antd-css/extract.tsx',
        // The children the browser tests build as other teams do (tests/e2e-children): their own
        // entries, configs and Vue components; the webpack one is built by a script run with tsx.
        'tests/e2e-children/children/*/src/main.js',
        'tests/e2e-children/children/vite-vue/vite.config.js',
        'tests/e2e-children/build-webpack-child.ts',
        // A process tests/mock/start.test.ts runs with Node and tsx's loader, by path.
        'tests/mock/fixtures/busy-on-stop.ts',
      ],
      project: [
        'src/**/*.{ts,tsx}',
        '{vite-plugins,tools}/**/*.{ts,tsx,mjs,js}',
        'tests/**/*.{ts,tsx}',
        'tests/e2e-children/children/**/*.{js,vue}',
        'generated/**/*.ts',
        'deploy/**/*.ts',
      ],
      ignoreDependencies: [
        // CLIs the scripts run from node_modules by path (tools/lib/paths.ts, lint-api.ts, docs.ts, gen.ts).
        '@stoplight/spectral-cli',
        '@redocly/cli',
        'openapi-typescript',
        // A webpack loader named by string in the children's build (tests/e2e-children/build-webpack-child.ts).
        'css-loader',
      ],
    },
    // The contracts (its exports map gives its entries) and the custom functions of its
    // Spectral ruleset (openapi/.spectral.yaml names them).
    'packages/contracts': {
      entry: ['openapi/spectral/*.js'],
      project: ['src/**/*.ts', 'openapi/**/*.js', 'types/*.d.ts'],
    },
    // The checker: its library and its command (the exports map and the bin give the entries).
    'packages/contract-verify': {
      entry: ['bin/*.js'],
      project: ['src/**/*.ts', 'bin/*.js'],
    },
    // The mock stack: its command (bin) and entries (exports map), and the sample sub-apps, plain
    // browser scripts it serves (or webpack bundles) as they are.
    'packages/mock-stack': {
      entry: ['bin/*.js', 'sub-apps/**/*.js', 'prism/*.cjs'],
      project: ['src/**/*.ts', 'bin/*.js', 'sub-apps/**/*.js', 'prism/*.cjs'],
      // Resolved by path: Prism's command, run with `node --require` (src/lib/prism.ts), and the
      // classic sample's CSS loader for webpack (src/classic-sample.ts).
      ignoreDependencies: ['@stoplight/prism-cli', 'css-loader'],
    },
    // The kit other teams use in their sub-apps.
    'packages/sub-app-kit': {
      entry: ['index.{js,d.ts}'],
      project: ['*.{js,d.ts}'],
    },
  },
  // orval emits a whole client per document; which of its hooks the app uses follows the features.
  // The path types and the kit's copy of the contract's types are generated the same way, for users.
  ignoreIssues: {
    'generated/**': ['exports', 'types'],
    'packages/contracts/types/**': ['exports', 'types'],
    'packages/sub-app-kit/contract.d.ts': ['exports', 'types'],
  },
  // The sample sub-apps import the kit by URL: the mock stack serves packages/sub-app-kit at /kit/.
  ignoreUnresolved: [/^(\.\.\/)+kit\/index\.js$/],
  // Debian's openssl, which the nginx smoke test runs to make the example site's certificates.
  ignoreBinaries: ['openssl'],
};

export default config;
