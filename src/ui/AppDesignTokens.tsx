/**
 * antd's design-token context with what the app's root ConfigProvider gives its children
 * (`theme={THEME}`): the app's theme, without a ConfigProvider's other work.
 *
 * - Above the root provider (src/app/App.tsx). A ConfigProvider styles the icons with the
 *   theme of the provider above it (antd's `useResetIconStyle`), which for the root is antd's
 *   default theme: deriving it, flattening and hashing its ~500 tokens took 20–28 ms of the
 *   first render's first task, for an icon reset the app's theme registers anyway. With this
 *   above it, antd's token cache works out one theme, the app's.
 * - Inside ProLayout's header, around the module tabs and each top-bar action. The header has
 *   a token context of its own (a transparent layout header), so every component there (badge,
 *   avatar, dropdown, tooltip…) had its styles generated a second time; back in the app's
 *   theme they share the root's. A ConfigProvider with the same theme did this before, five
 *   times on the first screen, each merging the form messages, re-registering the icon
 *   styles and hashing its token again.
 *
 * Design tokens only: antd's config context keeps the header's theme config, so a
 * ConfigProvider nested in the top bar would build on the header's theme, not the app's (none
 * is; give it `theme={{ ...THEME, inherit: false }}` if one comes).
 */
import { createTheme } from '@ant-design/cssinjs';
import { theme } from 'antd';
import type { ContextType, ReactNode } from 'react';
import { THEME } from './theme';

type DesignTokens = ContextType<typeof theme._internalContext>;

/** What ConfigProvider gives its children for `theme={THEME}` at the root (antd's `useTheme` and `memoTheme`). */
function appDesignTokens(): DesignTokens {
  const { token: appToken, algorithm, components: appComponents, ...rest } = THEME;
  // What antd would do with another option (cssVar, hashed, a component's own algorithm) is not mirrored here.
  if (Object.keys(rest).length > 0 || Object.values(appComponents ?? {}).some((c) => 'algorithm' in c)) {
    throw new Error(
      `AppDesignTokens mirrors THEME's token, algorithm and components only, not: ${Object.keys(rest)}`,
    );
  }
  const token = { ...theme.defaultSeed, ...appToken };
  const components = { ...appComponents };
  return {
    hashed: theme.defaultConfig.hashed,
    // The same Theme instance as the provider's: createTheme keeps the themes it made, by algorithm.
    theme: algorithm ? createTheme(algorithm) : undefined,
    token,
    components,
    override: { override: token, ...components },
  };
}

const APP_DESIGN_TOKENS = appDesignTokens();
const DesignTokenContext = theme._internalContext;

export function AppDesignTokens({ children }: { children: ReactNode }) {
  return <DesignTokenContext value={APP_DESIGN_TOKENS}>{children}</DesignTokenContext>;
}
