/**
 * Build only: ProComponents' provider imports all 33 of its locales into the first load
 * (`@ant-design/pro-provider/es/intl.js`, about 12 KB gzip) although the shell speaks zh-CN
 * alone (SPEC: every text is the spec's Chinese). Each locale but zh-CN is built as an empty
 * table (one module that all of them share; the provider only reads them): the provider's lookup
 * then falls back to zh-CN, as it does for any key a locale lacks.
 *
 * An adapter over a library's internals, guarded by tests/unit/build/pro-locales.test.ts: if
 * ProComponents moves or renames its locale files, the test says so before a build ships them.
 */
import type { Plugin } from 'vite';

/** The provider's intl module and the locale it keeps. */
export const PRO_INTL_MODULE = /[\\/]@ant-design[\\/]pro-provider[\\/]es[\\/]intl\.js$/;
export const KEPT_LOCALE = 'zh_CN';
const LOCALE_IMPORT = /^\.\/locale\/([a-z]{2}_[A-Z]{2})$/;
const EMPTY = '\0workbench-empty-pro-locale';

export function onlyChineseProLocales(): Plugin {
  return {
    name: 'workbench-pro-locales',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !PRO_INTL_MODULE.test(importer)) return null;
      const locale = LOCALE_IMPORT.exec(source)?.[1];
      if (!locale || locale === KEPT_LOCALE) return null;
      return EMPTY;
    },
    load(id) {
      return id === EMPTY ? 'export default {};' : null;
    },
  };
}
