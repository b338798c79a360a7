/**
 * Lint, house rules included. `npm run lint` fails on any warning (--max-warnings 0).
 *
 * Read the `ARCHITECTURE` block first: it is the design's layering (README, "How it is
 * built") as a rule, so a newcomer learns from it which folder may use which, and a change
 * that crosses a line fails `npm test` naming the two layers. tests/unit/architecture.test.ts
 * proves the rule fires.
 */
import js from '@eslint/js';
import eslintReact from '@eslint-react/eslint-plugin';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What the layout and the features build on: everything below them. */
const UNDER_THE_CHROME = [
  'constants',
  'config',
  'api',
  'generated',
  'session',
  'access',
  'ui',
  'validation',
  'sub-app-host',
];

/**
 * The layers, lowest first. Each may import itself and the layers it lists; nothing else.
 * The contracts flow into generated code, the transport, the session and access layers,
 * the layout and the features; a lower layer never imports a higher one. One edge runs the
 * other way by design: orval's generated calls go through the transport's mutators
 * (src/api/services.ts), so generated imports api, and api never imports generated.
 */
const ARCHITECTURE = {
  /** The spec's texts, limits, codes, routes and services: plain data, imports nothing of ours. */
  constants: [],
  /** Environment (API base, SSO and sub-app URLs). */
  config: ['constants'],
  /** The one place where form rules live (yup). */
  validation: ['constants'],
  /** Small shared components and forms (their rules from validation); they know no feature. */
  ui: ['constants', 'config', 'validation'],
  /** The one transport: prefixes, headers, timeout, envelope, error catalogue. */
  api: ['constants', 'config', 'contracts'],
  /** `npm run gen` output: orval hooks call the transport through src/api/services. */
  generated: ['api'],
  /** Server menus → routes, menu and button permissions. */
  access: ['constants', 'config'],
  /** Token, tenant, stored items, sign-in, bootstrap, expiry. */
  session: ['constants', 'config', 'api', 'generated', 'access', 'ui'],
  /**
   * The messages between the shell and a sub-app's frame, and the time limits of hosting: the
   * only code the two sides share (plain data and checks).
   */
  'sub-app-protocol': ['constants'],
  /** Runs in the shell: hosting the embedded sub-apps; features talk to them through its channel (and its listeners' registry) only. */
  'sub-app-host': ['constants', 'config', 'api', 'generated', 'session', 'access', 'ui', 'sub-app-protocol'],
  /**
   * Runs on a sub-app's own origin, in one JavaScript context with another team's code (the
   * sub-app.html entry): never the shell's code, which it could only reach by copying it there.
   */
  'sub-app-frame': ['constants', 'sub-app-protocol'],
  /** The shell's chrome (ProLayout, top bar, tabs, footer); features are handed in by the app. */
  layout: UNDER_THE_CHROME,
  /** One folder per capability; a feature never imports another (what two share moves down). */
  feature: UNDER_THE_CHROME,
  /** The composition root: providers, router, and the features put into the layout. */
  app: [...UNDER_THE_CHROME, 'sub-app-protocol', 'layout', 'feature'],
  /** Development-only aids (the contract findings badge); main.tsx loads them only in dev builds. */
  'dev-tools': ['constants', 'ui'],
  /** src/main.tsx: starts the shell (sub-app.html starts the frame runtime, src/sub-app-frame/main.ts). */
  entry: ['app', 'dev-tools'],
  /**
   * The mock stack package (packages/mock-stack): a product for QA and the local runners, in
   * Node; the contracts, the checker's library (the integration gateway's live checks) and the kit.
   */
  'mock-stack': ['contracts', 'contract-verify', 'sub-app-kit'],
  /** The app's Vite build plugins (vite-plugins/): Node, at build time; never the app itself. */
  'vite-plugins': ['tools'],
  /**
   * Developer chores (tools/): code generation, lint, docs, benchmarks, the fuzz walk, the
   * runners of `npm start` and `npm run preview`; they may use the products and the plugins.
   */
  tools: ['generated', 'contracts', 'contract-verify', 'mock-stack', 'vite-plugins'],
  /** The sub-app kit other teams copy: self-contained, imports nothing of ours. */
  'sub-app-kit': [],
  /** The contracts package (packages/contracts): the documents, their types and a reader; nothing of ours. */
  contracts: [],
  /** The conformance checker package (packages/contract-verify): the contracts only. */
  'contract-verify': ['contracts'],
};

/** Where each layer lives. */
const ELEMENTS = [
  // The workspace packages first: their own src/ folders are not the app's entry below.
  { type: 'contracts', pattern: 'packages/contracts' },
  { type: 'contract-verify', pattern: 'packages/contract-verify' },
  { type: 'mock-stack', pattern: 'packages/mock-stack' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  ...[
    'app',
    'constants',
    'config',
    'validation',
    'ui',
    'api',
    'access',
    'session',
    'sub-app-protocol',
    'sub-app-host',
    'sub-app-frame',
    'layout',
    'dev-tools',
  ].map((layer) => ({ type: layer, pattern: `src/${layer}` })),
  /** What is left directly in src/: main.tsx, the entry index.html loads. */
  { type: 'entry', pattern: 'src/*.{ts,tsx}', partialMatch: false },
  { type: 'generated', pattern: 'generated' },
  { type: 'sub-app-kit', pattern: 'packages/sub-app-kit' },

  /** Node, never bundled into the app: the build plugins and the chores. */
  { type: 'vite-plugins', pattern: 'vite-plugins' },
  { type: 'tools', pattern: 'tools' },
  /** Test support and the tests outside src/. */
  { type: 'tests', pattern: 'tests' },
];

const layerPolicies = Object.entries(ARCHITECTURE).map(([layer, allowed]) => ({
  from: { element: { type: layer } },
  // A feature's own folder is allowed below, by name; the other layers may import themselves.
  allow: { to: { element: { types: { anyOf: layer === 'feature' ? allowed : [layer, ...allowed] } } } },
}));

const architecture = {
  files: [
    'src/**/*.{ts,tsx}',
    '{vite-plugins,tools}/**/*.{ts,tsx,mjs}',
    'tests/**/*.{ts,tsx}',
    'packages/**/*.js',
    'packages/*/src/**/*.ts',
  ],
  plugins: { boundaries },
  settings: {
    'boundaries/elements': ELEMENTS,
    'boundaries/files': [
      { category: 'test', pattern: ['**/*.test.{ts,tsx}', '**/test-*.ts', '**/*.fixtures.ts'] },
    ],
    'import/resolver': { typescript: { project: './tsconfig.json' } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          'Architecture (eslint.config.js, ARCHITECTURE): {{ from.element.type }} may not import {{ to.element.type }}.',
        policies: [
          ...layerPolicies,
          // A feature imports only its own files.
          {
            from: { element: { type: 'feature' } },
            allow: {
              to: {
                element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
              },
            },
          },
          // Node code and src/ stay apart. The declared exceptions: the build plugin that renders the
          // shell's theme to extract antd's CSS and works out its map tokens (`npm run gen:theme`),
          // and src/constants (the spec's codes, texts and routes: plain data the docs generator,
          // the fuzz walk and the tests share with the app).
          {
            from: { file: { path: 'vite-plugins/antd-css/**' } },
            allow: {
              to: {
                file: { path: ['src/ui/theme.ts', 'src/ui/theme-seed.ts', 'src/ui/AppDesignTokens.tsx'] },
              },
            },
          },
          {
            from: { element: { types: { anyOf: ['vite-plugins', 'tools'] } } },
            allow: { to: { element: { type: 'constants' } } },
          },
          // The frame runtime's reaches outside the protocol, by file: the nonce reader and the
          // prerendering state it shares with the shell's page, and the app names' type.
          {
            from: { element: { type: 'sub-app-frame' } },
            allow: {
              to: { file: { path: ['src/ui/csp-nonce.ts', 'src/ui/prerendering.ts', 'src/config/env.ts'] } },
            },
          },
          // Tests may reach every layer (a test proves a layer from the outside).
          { from: { element: { type: 'tests' } }, allow: { to: { element: { type: '*' } } } },
          // A test inside src/ may also use the shared test support in tests/.
          { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'tests' } } } },
          // Production code never imports a test helper.
          { from: { file: { categories: '!test' } }, disallow: { to: { file: { categories: 'test' } } } },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'packages/*/dist',
      'dist-*',
      '.*.mjs',
      'generated',
      'coverage',
      'node_modules',
      'docs/api',
      'test-results',
      '.children-dev',
      'packages/contracts/openapi/spectral',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // The workspace packages resolve to their sources (the `@zhique/source` export condition).
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: './tsconfig.json',
          conditionNames: [
            '@zhique/source',
            'types',
            'import',
            'esm2020',
            'es2020',
            'es2015',
            'require',
            'node',
            'node-addons',
            'browser',
            'default',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Imports: no cycles, no duplicates, one order (builtins, packages, our aliases, relatives).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [
            { pattern: '@/**', group: 'internal' },
            { pattern: '@generated/**', group: 'internal' },
          ],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
        },
      ],
      // Components never call fetch: data comes through the generated hooks and the one transport.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the generated hooks or src/api (the one transport).' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx', '{vite-plugins,tools}/**/*.tsx'],
    extends: [eslintReact.configs['recommended-typescript'], jsxA11y.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Focus on page load stays forbidden on DOM elements. A component's autoFocus prop is about
      // what the user just opened (antd's Dropdown focuses its menu, an edit field its input).
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  architecture,
  {
    // The transport itself, the Node code and tests may use fetch.
    files: [
      'src/api/**',
      '{vite-plugins,tools}/**',
      'packages/*/src/**',
      'packages/mock-stack/sub-apps/**',
      'tests/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-globals': 'off' },
  },
);
