import { createCache, StyleProvider, Theme } from '@ant-design/cssinjs';
import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME } from './theme';
import { ThemeRoot } from './ThemeRoot';

afterEach(() => {
  vi.restoreAllMocks();
});

type Seen = { tokens: ReturnType<typeof theme.useToken>['token']; hashId: string };

/** Renders the app's root provider (with or without ThemeRoot) on a fresh style cache; what its children see and which themes antd derived. */
function renderRoot(wrap: (children: ReactNode) => ReactNode) {
  const derivedThemes: Theme<never, never>[] = [];
  const getDerivativeToken = Theme.prototype.getDerivativeToken;
  vi.spyOn(Theme.prototype, 'getDerivativeToken').mockImplementation(function (
    this: Theme<never, never>,
    token,
  ) {
    derivedThemes.push(this);
    return getDerivativeToken.call(this, token);
  });
  const seen: Seen[] = [];
  function Probe() {
    const { token, hashId } = theme.useToken();
    seen.push({ tokens: token, hashId });
    return null;
  }
  renderToString(
    <StyleProvider cache={createCache()}>
      {wrap(
        <ConfigProvider theme={THEME}>
          <Probe />
        </ConfigProvider>,
      )}
    </StyleProvider>,
  );
  vi.restoreAllMocks();
  return { derivedThemes, seen: seen[0]! };
}

describe('ThemeRoot', () => {
  it("spares the root provider antd's default theme: one theme is derived, the app's", () => {
    const without = renderRoot((children) => children);
    // Without it the root's icon styles derive antd's default theme first (the guard can fail).
    expect(new Set(without.derivedThemes).size).toBe(2);

    const withRoot = renderRoot((children) => <ThemeRoot>{children}</ThemeRoot>);
    expect(withRoot.derivedThemes).toHaveLength(1);
    expect(withRoot.derivedThemes[0]).toBe(without.derivedThemes.at(-1));
  });

  it('changes nothing below the root: the same tokens and the same class-name hash', () => {
    const without = renderRoot((children) => children).seen;
    const withRoot = renderRoot((children) => <ThemeRoot>{children}</ThemeRoot>).seen;
    expect(withRoot.hashId).toBe(without.hashId);
    expect(withRoot.tokens).toEqual(without.tokens);
  });
});
