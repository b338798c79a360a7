/**
 * vite-plugins/native-resize-observer.ts: built through it, antd's size observer uses the
 * browser's ResizeObserver and carries no polyfill. If rc-resize-observer stops importing the
 * polyfill, the first test fails: the plugin can then go.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeResizeObserver, RESIZE_OBSERVER_POLYFILL } from '../../../vite-plugins/native-resize-observer';
import { bundleModule } from './bundle-module';

// The copy antd imports (a dependency of antd's, not the app's).
const fromAntd = createRequire(createRequire(import.meta.url).resolve('antd/package.json'));
const observerUtil = path.join(
  path.dirname(fromAntd.resolve('rc-resize-observer/package.json')),
  'es/utils/observerUtil.js',
);

const bundle = (withPlugin: boolean) =>
  bundleModule(observerUtil, withPlugin ? nativeResizeObserver() : null);

describe("antd's size observer on the browser's ResizeObserver", () => {
  it('rc-resize-observer still imports the polyfill', () => {
    expect(readFileSync(observerUtil, 'utf8')).toContain(`from '${RESIZE_OBSERVER_POLYFILL}'`);
  });

  it("ships the browser's observer instead of the polyfill", async () => {
    const polyfilled = await bundle(false);
    // The polyfill's own implementation (its controller of observers) is in the bundle without it.
    expect(polyfilled).toContain('ResizeObserverController');
    const native = await bundle(true);
    expect(native).not.toContain('ResizeObserverController');
    expect(native).toContain('globalThis.ResizeObserver');
    expect(native.length).toBeLessThan(polyfilled.length / 3);
  });
});
