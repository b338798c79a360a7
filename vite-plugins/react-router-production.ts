/**
 * Build only: React Router 7's package exports point bundlers at its development build
 * (`dist/development`) whatever the mode, a choice its maintainers call temporary
 * (remix-run/react-router#12532, #14753). The production build beside it differs in one flag,
 * `ENABLE_DEV_WARNINGS`, and with it false the minifier drops the development warnings and
 * their texts from the first load. The dev server and the tests keep the development build.
 *
 * Guarded by tests/unit/build/react-router-production.test.ts: if the package moves the files,
 * the build would fail to resolve them, and the test says why first.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** The production build's files, next to the package's package.json. */
export function reactRouterProductionFiles(): { index: string; dom: string } {
  const root = path.dirname(require.resolve('react-router/package.json'));
  return {
    index: path.join(root, 'dist/production/index.mjs'),
    dom: path.join(root, 'dist/production/dom-export.mjs'),
  };
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'workbench-react-router-production',
    apply: 'build',
    config() {
      const files = reactRouterProductionFiles();
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: files.index },
            { find: /^react-router\/dom$/, replacement: files.dom },
          ],
        },
      };
    },
  };
}
