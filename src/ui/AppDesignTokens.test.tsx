import { createCache, StyleProvider, Theme } from '@ant-design/cssinjs';
import { ConfigProvider, theme } from 'antd';
import { use, type ContextType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppDesignTokens } from './AppDesignTokens';
import { THEME } from './theme';

afterEach(() => {
  vi.restoreAllMocks();
});

type Seen = { token: ReturnType<typeof theme.useToken>['token']; hashId: string };

/**
 * Renders `tree(probe)` on a fresh style cache: what each probe saw (by name) and the themes
 * antd derived a token for.
 */
function render(tree: (probe: (name: string) => ReactNode) => ReactNode) {
  const derived: Theme<never, never>[] = [];
  const getDerivativeToken = Theme.prototype.getDerivativeToken;
  vi.spyOn(Theme.prototype, 'getDerivativeToken').mockImplementation(function (
    this: Theme<never, never>,
    token,
  ) {
    derived.push(this);
    return getDerivativeToken.call(this, token);
  });
  const seen: Record<string, Seen> = {};
  function Probe({ name }: { name: string }) {
    const { token, hashId } = theme.useToken();
    seen[name] = { token, hashId };
    return null;
  }
  renderToString(
    <StyleProvider cache={createCache()}>
      {tree((name) => (
        <Probe name={name} />
      ))}
    </StyleProvider>,
  );
  vi.restoreAllMocks();
  return { derived, seen };
}

/** A provider with a token context of its own, as ProLayout's header has. */
const HEADER_THEME = { components: { Layout: { headerBg: 'transparent' } } };

const ADAPTER = 'src/ui/AppDesignTokens.tsx no longer gives what a ConfigProvider of the app theme gives';

describe('AppDesignTokens', () => {
  it('is the design-token context a root ConfigProvider of the app theme gives its children', () => {
    const seen: ContextType<typeof theme._internalContext>[] = [];
    function Read() {
      seen.push(use(theme._internalContext));
      return null;
    }
    renderToString(
      <ConfigProvider theme={THEME}>
        <Read />
      </ConfigProvider>,
    );
    renderToString(
      <AppDesignTokens>
        <Read />
      </AppDesignTokens>,
    );
    const [provider, ours] = seen;
    // What antd's useToken reads from it, the theme by identity (its id is in the token cache key).
    expect(ours!.theme, ADAPTER).toBe(provider!.theme);
    for (const key of ['token', 'hashed', 'override', 'components', 'cssVar'] as const) {
      expect(ours![key], `${ADAPTER}: ${key}`).toEqual(provider![key]);
    }
  });

  it("spares the root provider antd's default theme: one theme is derived, the app's", () => {
    const root = (children: ReactNode) => <ConfigProvider theme={THEME}>{children}</ConfigProvider>;
    const without = render((probe) => root(probe('root')));
    // Without it the root's icon styles derive antd's default theme first (so the guard can fail).
    expect(new Set(without.derived).size).toBe(2);

    const withIt = render((probe) => <AppDesignTokens>{root(probe('root'))}</AppDesignTokens>);
    expect(withIt.derived, ADAPTER).toHaveLength(1);
    expect(withIt.derived[0]).toBe(without.derived.at(-1));
    // Nothing changes below the root: the same tokens, the same class-name hash.
    expect(withIt.seen.root!.hashId).toBe(without.seen.root!.hashId);
    expect(withIt.seen.root!.token).toEqual(without.seen.root!.token);
  });

  it("gives the app's theme back inside a provider of another theme, as a ConfigProvider of the app's theme did", () => {
    const { seen } = render((probe) => (
      <AppDesignTokens>
        <ConfigProvider theme={THEME}>
          {probe('root')}
          <ConfigProvider theme={HEADER_THEME}>
            {probe('header')}
            <AppDesignTokens>{probe('back')}</AppDesignTokens>
            <ConfigProvider theme={{ ...THEME, inherit: false }}>{probe('provider')}</ConfigProvider>
          </ConfigProvider>
        </ConfigProvider>
      </AppDesignTokens>
    ));
    expect(seen.header!.hashId).not.toBe(seen.root!.hashId);
    expect(seen.back!.hashId).toBe(seen.root!.hashId);
    expect(seen.back!.token).toEqual(seen.root!.token);
    expect(seen.back).toEqual(seen.provider);
  });
});
