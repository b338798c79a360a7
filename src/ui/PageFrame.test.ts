/**
 * PageFrame's card (and the boot frame's, which has its classes) is antd's borderless Card and
 * level-4 title drawn in plain CSS (src/styles.css). Its values are the app theme's tokens: this
 * fails when the theme changes and the CSS does not.
 */
import { readFileSync } from 'node:fs';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME } from './theme';

// Read as a file: Vitest hands CSS imports to components as empty modules. (Tests run from the project's root.)
const css = readFileSync('src/styles.css', 'utf8');
const token = theme.getDesignToken(THEME);

/** The declarations of the first top-level rule for `selector`, whitespace folded. */
function declarations(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`src/styles.css has no rule for ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries(
    body
      .split(';')
      .map((declaration) => declaration.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(':');
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()];
      }),
  );
}

const folded = (value: string) => value.replace(/\s+/g, ' ').trim();
/** A colour as the theme writes it: `rgba(0,0,0,0.88)`. */
const colour = (value: string | undefined) => value?.replace(/\s+/g, '');

describe("the page's card", () => {
  it("is drawn as antd draws a borderless Card in the app's theme", () => {
    const card = declarations('.page-frame');
    expect({ ...card, color: colour(card.color) }).toMatchObject({
      padding: `${token.paddingLG}px`,
      color: colour(token.colorText),
      'font-family': folded(token.fontFamily),
      'font-size': `${token.fontSize}px`,
      'line-height': String(token.lineHeight),
      background: token.colorBgContainer,
      'border-radius': `${token.borderRadiusLG}px`,
      'box-shadow': folded(token.boxShadowTertiary),
    });
  });

  it('has its title as antd draws a level-4 title', () => {
    const title = declarations('.page-frame-title');
    expect({ ...title, color: colour(title.color) }).toMatchObject({
      color: colour(token.colorTextHeading),
      'font-size': `${token.fontSizeHeading4}px`,
      'font-weight': String(token.fontWeightStrong),
      'line-height': String(token.lineHeightHeading4),
    });
  });
});
