/**
 * The build's switch to React Router's production files (vite-plugins/react-router-production.ts):
 * the files are where the plugin looks, they are the production build (development warnings
 * off), and both entry points the app reaches (`react-router`, `react-router/dom`) are aliased.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  reactRouterProduction,
  reactRouterProductionFiles,
} from '../../../vite-plugins/react-router-production';

describe('React Router in production builds', () => {
  it('finds the production build beside the development one', () => {
    const files = reactRouterProductionFiles();
    expect(existsSync(files.index)).toBe(true);
    expect(existsSync(files.dom)).toBe(true);
    const dir = path.dirname(files.index);
    const chunks = readdirSync(dir).filter((name) => name.startsWith('chunk-') && name.endsWith('.mjs'));
    const flags = chunks.flatMap((name) =>
      [...readFileSync(path.join(dir, name), 'utf8').matchAll(/var ENABLE_DEV_WARNINGS = (\w+);/g)].map(
        (match) => match[1],
      ),
    );
    expect(flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(['false']));
  });

  it('is the copy react-router-dom was released with (the alias would hide a mismatch)', () => {
    const require = createRequire(import.meta.url);
    const router = require('react-router/package.json') as { version: string };
    const dom = require('react-router-dom/package.json') as { dependencies: Record<string, string> };
    expect(dom.dependencies['react-router']).toBe(router.version);
  });

  it('aliases both entry points, for builds only', () => {
    const plugin = reactRouterProduction();
    expect(plugin.apply).toBe('build');
    const config = (plugin.config as () => { resolve: { alias: Alias[] } })();
    const target = (id: string) =>
      config.resolve.alias.find((alias) => (alias.find as RegExp).test(id))?.replacement;
    const files = reactRouterProductionFiles();
    expect(target('react-router')).toBe(files.index);
    expect(target('react-router/dom')).toBe(files.dom);
    expect(target('react-router-dom')).toBeUndefined();
  });
});
