/**
 * The library patches that keep color-picker out of the first load, merge the form messages
 * once for nested providers, key a theme's token once and defer ProComponents' fallback token (patches/,
 * docs/maintenance.md "Patched libraries") change no result: each case compares the patched
 * code with the library's own path it replaced.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { token2key } from '@ant-design/cssinjs/es/util';
import * as proFallback from '@ant-design/pro-provider/es/useStyle/token';
import { prepareComponentToken as buttonToken } from 'antd/es/button/style/token';
import { AggregationColor } from 'antd/es/color-picker/color';
import ConfigProvider from 'antd/es/config-provider';
import esTheme from 'antd/es/theme';
import ValidateMessagesContext from 'antd/es/form/validateMessagesContext';
import zhCN from 'antd/es/locale/zh_CN';
import { isBright } from 'antd/es/color-picker/components/ColorPresets';
import { generateColor } from 'antd/es/color-picker/util';
import { parseColor } from 'antd/es/tooltip/util';
import { theme, version } from 'antd';
import { createElement, useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { THEME } from '@/ui/theme';
import { projectRoot } from '../../../tools/lib/paths';

const COLOURS = [
  '#000',
  '#fff',
  'rgba(0, 0, 0, 0.88)',
  'rgba(0, 0, 0, 0.3)',
  '#175cd3',
  '#ffd666',
  '#f5f5f5',
  '#7f7f7f',
];

describe('antd: button and tooltip colours without color-picker', () => {
  it('the patched modules import nothing from color-picker (it stays out of the first load)', () => {
    for (const file of ['button/style/token.js', 'tooltip/util.js']) {
      const source = readFileSync(path.join(projectRoot, 'node_modules/antd/es', file), 'utf8');
      expect(source, `antd/es/${file}: is patches/antd+*.patch applied?`).not.toMatch(
        /from '[./]*color-picker/,
      );
    }
  });

  it("a solid button's text colour is what color-picker's isBright gave", () => {
    const token = theme.getDesignToken();
    // '' too: without a colour, color-picker's colour is transparent.
    for (const colorBgSolid of [...COLOURS, '']) {
      const expected = isBright(new AggregationColor(colorBgSolid), '#fff') ? '#000' : '#fff';
      const { solidTextColor } = (buttonToken as (token: unknown) => { solidTextColor: string })({
        ...token,
        colorBgSolid,
      });
      expect(solidTextColor, colorBgSolid).toBe(expected);
    }
  });

  it("a custom tooltip colour's text colour is what color-picker's colour gave", () => {
    for (const color of COLOURS) {
      const rgb = generateColor(color).toRgb();
      const expected = (0.299 * rgb.r + 0.587 * rgb.g + 0.114 * rgb.b) / 255 < 0.5 ? '#FFF' : '#000';
      const { overlayStyle } = parseColor('ant-tooltip', color);
      expect((overlayStyle as Record<string, string>)['--ant-tooltip-color'], color).toBe(expected);
    }
  });
});

describe("antd: nested providers' form messages", () => {
  /** The form messages each probe sees, by name. */
  function messagesSeen(tree: (probe: (name: string) => ReactNode) => ReactNode) {
    const seen: Record<string, unknown> = {};
    function Probe({ name }: { name: string }) {
      seen[name] = useContext(ValidateMessagesContext);
      return null;
    }
    renderToString(tree((name) => createElement(Probe, { name })));
    return seen;
  }

  it('are merged once while they are the same, with the same result as a merge of their own', () => {
    const own = { required: '请填写${label}' };
    const seen = messagesSeen((probe) =>
      createElement(
        ConfigProvider,
        { locale: zhCN },
        probe('root'),
        createElement(ConfigProvider, { theme: { token: { colorPrimary: '#175cd3' } } }, probe('nested')),
        // New sources (an empty object of its own): merged again, by the library's own path.
        createElement(ConfigProvider, { form: { validateMessages: {} } }, probe('fresh')),
        createElement(ConfigProvider, { form: { validateMessages: own } }, probe('own')),
      ),
    );
    // One merge for both: without the patch, each provider merged its own copy.
    expect(seen.nested, 'antd/es/config-provider/index.js: is patches/antd+*.patch applied?').toBe(seen.root);
    expect(seen.fresh).not.toBe(seen.root);
    expect(seen.fresh).toEqual(seen.root);
    expect(seen.root).toMatchObject({ required: zhCN.Form!.defaultValidateMessages!.required });
    expect(seen.own).toEqual({ ...(seen.root as object), required: own.required });
  });
});

describe("cssinjs: a theme's token is keyed once", () => {
  it('the actual token gets the key the library computed for it (without CSS variables)', () => {
    for (const [build, call] of [
      ['es', 'token2key(actualToken, salt)'],
      ['lib', '(0, _util.token2key)(actualToken, salt)'],
    ]) {
      const source = readFileSync(
        path.join(projectRoot, `node_modules/@ant-design/cssinjs/${build}/hooks/useCacheToken.js`),
        'utf8',
      );
      expect(source, `${build}: is patches/@ant-design+cssinjs+*.patch applied?`).toContain(
        `actualToken._tokenKey = cssVar ? ${call} : tokenKey;`,
      );
    }
    // The app's theme and antd's default one, as the components see them (antd's useToken gives
    // them the actual token): its key is what the library's own hashing of it gives.
    const seen: { token: Record<string, unknown> }[] = [];
    function Probe() {
      seen.push(esTheme.useToken() as unknown as { token: Record<string, unknown> });
      return null;
    }
    renderToString(
      createElement(
        'div',
        null,
        createElement(ConfigProvider, { theme: THEME }, createElement(Probe)),
        createElement(Probe),
      ),
    );
    expect(seen).toHaveLength(2);
    for (const { token } of seen) {
      const { _tokenKey, ...rest } = token;
      // antd's salt: its version and the theme's `hashed` (on by default).
      expect(_tokenKey).toBe(token2key(rest, `${version}-true`));
    }
    expect(seen[0]!.token._tokenKey).not.toBe(seen[1]!.token._tokenKey);
  });
});

describe("ProComponents' fallback token", () => {
  it("is computed when first asked for, once, as antd's default theme", () => {
    // Not a module-level value any more (it was computed at import).
    expect(Object.keys(proFallback)).not.toContain('token');
    const first = proFallback.useToken();
    expect(proFallback.useToken()).toBe(first);
    expect(first.token.colorPrimary).toBe(theme.getDesignToken().colorPrimary);
    expect(first.hashId).toMatch(/^pro-\d+$/);
  });
});
