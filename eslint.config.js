import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.*.mjs',
      'generated',
      'coverage',
      'node_modules',
      'docs/api',
      'test-results',
      'openapi/spectral',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Components never call fetch: data comes through the generated hooks and the one transport.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the generated hooks or src/api (the one transport).' },
      ],
    },
  },
  {
    // The transport itself, scripts and tests may use fetch.
    files: ['src/api/**', 'scripts/**', 'tests/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
