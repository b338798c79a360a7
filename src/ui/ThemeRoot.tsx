/**
 * The design-token context above the app's root ConfigProvider. A ConfigProvider styles the
 * icons with the theme of the provider above it (antd's `useResetIconStyle`), which for the
 * root is antd's default theme: deriving it, flattening and hashing its ~500 tokens took
 * 20–28 ms of the first render's first task, for an icon reset the app's theme also
 * registers. Above the root, this context says what the root provider itself will say, so
 * the root's icon styles use the app's theme and antd's token cache computes it once.
 */
import { createTheme } from '@ant-design/cssinjs';
import { theme } from 'antd';
import type { ContextType, ReactNode } from 'react';
import { deriveMapToken, THEME } from './theme';

type DesignTokens = ContextType<typeof theme._internalContext>;

/** What ConfigProvider gives its children for `theme={THEME}` at the root (antd's `useTheme` and `memoTheme`). */
function rootDesignTokens(): DesignTokens {
  const token = { ...theme.defaultSeed, ...THEME.token };
  const components = { ...THEME.components };
  return {
    hashed: theme.defaultConfig.hashed,
    // The same Theme instance as the provider's: createTheme caches by the algorithm.
    theme: createTheme(deriveMapToken),
    token,
    components,
    override: { override: token, ...components },
  };
}

const ROOT_DESIGN_TOKENS = rootDesignTokens();
const DesignTokenContext = theme._internalContext;

export function ThemeRoot({ children }: { children: ReactNode }) {
  return <DesignTokenContext value={ROOT_DESIGN_TOKENS}>{children}</DesignTokenContext>;
}
