/**
 * vite-plugins/tinycolor-on-fast-color: built through it, ProComponents' style helpers answer
 * from antd's colour parser instead of a second colour library, and every answer is the string
 * tinycolor gives (ProComponents keys its styles by them, and the build's style files are keyed
 * the same). If pro-provider starts calling anything else of tinycolor's, the first test fails:
 * extend ./tinycolor.ts and its comparison here, or drop the plugin.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TinyColor as Upstream } from '@ctrl/tinycolor';
import { theme, type ThemeConfig } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME } from '@/ui/theme';
import { TinyColor } from '../../../vite-plugins/tinycolor-on-fast-color/tinycolor';
import {
  PRO_PROVIDER_STYLE,
  tinycolorOnFastColor,
} from '../../../vite-plugins/tinycolor-on-fast-color/plugin';
import { bundleModule } from './bundle-module';

const require = createRequire(import.meta.url);
const proProviderStyle = path.join(
  path.dirname(require.resolve('@ant-design/pro-provider/package.json')),
  'es/useStyle/index.js',
);

/** Every colour of a theme's design token: each string tinycolor reads as one, in any notation. */
function colours(config: ThemeConfig): string[] {
  const token = theme.getDesignToken(config) as unknown as Record<string, unknown>;
  return Object.values(token).filter(
    (value): value is string => typeof value === 'string' && new Upstream(value).isValid,
  );
}

/** A fixed spread of colours: every channel's ends and middle, and odd values between. */
function spread(): string[] {
  const values = [0, 1, 17, 64, 127, 128, 200, 254, 255];
  const out: string[] = [];
  for (const r of values)
    for (const g of values)
      for (const b of values) {
        const hex = (n: number) => n.toString(16).padStart(2, '0');
        out.push(`#${hex(r)}${hex(g)}${hex(b)}`, `rgba(${r}, ${g}, ${b}, 0.45)`);
      }
  return out;
}

const themes: Record<string, ThemeConfig> = {
  "the app's": THEME,
  "antd's default": {},
  dark: { algorithm: theme.darkAlgorithm },
  compact: { algorithm: theme.compactAlgorithm },
};

describe("ProComponents' colours on antd's colour parser", () => {
  it('pro-provider uses tinycolor only for setAlpha and lighten', () => {
    const source = readFileSync(proProviderStyle, 'utf8');
    expect(proProviderStyle.replaceAll('\\', '/').endsWith(PRO_PROVIDER_STYLE)).toBe(true);
    expect(source).toContain("import { TinyColor } from '@ctrl/tinycolor';");
    // Each use, up to the end of its statement.
    const uses = [...source.matchAll(/TinyColor\(baseColor\)[^;]*;/g)].map((m) => m[0]);
    expect(source.match(/TinyColor\(/g)).toHaveLength(2);
    expect(uses).toEqual(['TinyColor(baseColor).setAlpha(alpha).toRgbString();', 'TinyColor(baseColor);']);
    expect(source).toContain('return instance.lighten(brightness).toHexString();');
    expect(source.match(/instance\./g)).toHaveLength(1);
  });

  for (const [name, config] of Object.entries(themes))
    it(`answers as tinycolor does for ${name} theme's colours`, () => {
      const inputs = colours(config);
      expect(inputs.length).toBeGreaterThan(40);
      for (const colour of inputs) {
        for (const alpha of [0, 0.02, 0.03, 0.04, 0.06, 0.25, 0.6, 0.8, 0.95, 1])
          expect(new TinyColor(colour).setAlpha(alpha).toRgbString(), `${colour} @ ${alpha}`).toBe(
            new Upstream(colour).setAlpha(alpha).toRgbString(),
          );
        for (const amount of [0, 5, 10, 33, 50, 100])
          expect(new TinyColor(colour).lighten(amount).toHexString(), `${colour} + ${amount}`).toBe(
            new Upstream(colour).lighten(amount).toHexString(),
          );
      }
    });

  it('answers as tinycolor does across the colour space, out-of-range alphas included', () => {
    for (const colour of spread()) {
      for (const alpha of [0.5, 0.333, 1.5, -1, '0.7', 'not a number'] as const)
        expect(new TinyColor(colour).setAlpha(alpha).toRgbString(), `${colour} @ ${alpha}`).toBe(
          new Upstream(colour).setAlpha(alpha as number).toRgbString(),
        );
      for (const amount of [7, 20, 64])
        expect(new TinyColor(colour).lighten(amount).toHexString(), `${colour} + ${amount}`).toBe(
          new Upstream(colour).lighten(amount).toHexString(),
        );
    }
  });

  it("parses with antd's own copy of its colour library, so none ships twice", () => {
    const fromAntd = createRequire(require.resolve('antd/package.json'));
    expect(fromAntd.resolve('@ant-design/fast-color')).toBe(require.resolve('@ant-design/fast-color'));
  });

  it("ships none of tinycolor's own code", async () => {
    // Only the colour library matters here: antd, React and the rest stay imports.
    const bundle = (withPlugin: boolean) =>
      bundleModule(
        proProviderStyle,
        withPlugin ? tinycolorOnFastColor() : null,
        (id) => !id.startsWith('.') && !id.startsWith('/') && id !== '@ctrl/tinycolor',
      );
    const upstream = await bundle(false);
    // tinycolor's table of CSS colour names comes with its parser.
    expect(upstream).toContain('aliceblue');
    const adapted = await bundle(true);
    expect(adapted).not.toContain('aliceblue');
    expect(adapted).toContain('@ant-design/fast-color');
  });
});
