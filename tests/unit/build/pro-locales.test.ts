/**
 * The adapter over ProComponents' internals (vite-plugins/pro-locales.ts): built through it, the
 * provider's intl module still knows every locale key, keeps zh-CN's texts and carries no other
 * locale's. If ProComponents moves its locale files, this fails before a build ships them all.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEPT_LOCALE, onlyChineseProLocales, PRO_INTL_MODULE } from '../../../vite-plugins/pro-locales';
import { bundleModule } from './bundle-module';

const require = createRequire(import.meta.url);
const intlModule = path.join(
  path.dirname(require.resolve('@ant-design/pro-provider/package.json')),
  'es/intl.js',
);

const bundle = (withPlugin: boolean) =>
  bundleModule(
    intlModule,
    withPlugin ? onlyChineseProLocales() : null,
    (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
  );

describe('ProComponents in zh-CN only', () => {
  it('recognises the provider’s intl module and its locale imports', () => {
    expect(PRO_INTL_MODULE.test(intlModule)).toBe(true);
    const source = readFileSync(intlModule, 'utf8');
    expect(source).toContain(`from "./locale/${KEPT_LOCALE}"`);
    expect(source).toContain('from "./locale/en_US"');
  });

  it('keeps zh-CN, empties the others, and every locale key still resolves', async () => {
    const [all, chineseOnly] = await Promise.all([bundle(false), bundle(true)]);
    // zh-CN's own texts stay; English and Japanese ones go.
    for (const code of [all, chineseOnly]) expect(code).toContain('请输入');
    expect(all).toContain('Please enter');
    expect(chineseOnly).not.toContain('Please enter');
    expect(all).toContain('入力してください');
    expect(chineseOnly).not.toContain('入力してください');
    expect(chineseOnly.length).toBeLessThan(all.length / 5);
    // The map of locales is whole: a lookup by any key finds an intl that falls back to zh-CN.
    for (const key of ['en-US', 'ja-JP', 'zh-TW']) expect(chineseOnly).toMatch(new RegExp(`["']${key}["']:`));
  });
});
