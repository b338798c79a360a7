/**
 * ProLayout renders once when it mounts, not twice (patches/@ant-design+pro-layout, see
 * docs/maintenance.md "Patched libraries"). Unpatched, two of its mount effects set state to
 * what it already meant (the menu's loading flag, through rc-util's useMergedState, which stores
 * a new array for every set; the current menu's layout props as `undefined`, omitUndefined's
 * answer for none, over the initial `{}`), and the whole layout, header and actions included,
 * rendered again right after the first commit: in the browser in the same task as that commit,
 * as synchronous work.
 */
import { createRequire } from 'node:module';
import { ProLayout } from '@ant-design/pro-layout';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAYOUT_SWR_CONFIG } from './layout-swr';

// Under Node ProLayout loads its CommonJS build and SWR's with it (see layout-swr.test.tsx): the
// layout's SWR config has to come from that SWR, as in the app, where both are the ES builds.
const { SWRConfig } = createRequire(import.meta.url)('swr') as typeof import('swr');

/** The shell's way of mounting ProLayout (MainLayout): top layout, menu from `route`, its SWR config. */
function mountLayout(menu: { loading?: boolean; onLoadingChange?: (loading?: boolean) => void } = {}) {
  // BaseProLayout calls footerRender itself, in its own render: one call per layout render.
  const layoutRendered = vi.fn(() => <footer>页脚</footer>);
  render(
    <SWRConfig value={{ ...LAYOUT_SWR_CONFIG, provider: () => new Map() }}>
      <ProLayout
        layout="top"
        route={{ path: '/', children: [] }}
        menu={{ locale: false, ...menu }}
        footerRender={layoutRendered}
      >
        <p>页面</p>
      </ProLayout>
    </SWRConfig>,
  );
  return layoutRendered;
}

/** Lets the mount effects run and whatever they set render. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('ProLayout on mount', () => {
  it('renders once: the mount effects set nothing that changed', async () => {
    const layoutRendered = mountLayout();
    expect(screen.getByText('页面')).toBeInTheDocument();
    expect(layoutRendered).toHaveBeenCalledTimes(1);
    await settle();
    expect(layoutRendered).toHaveBeenCalledTimes(1);
  });

  it('still reports a loading flag that differs from the menu fetch to onLoadingChange', async () => {
    // The menu pinned as loading while SWR has nothing to load: the layout says so, as before.
    const onLoadingChange = vi.fn();
    mountLayout({ loading: true, onLoadingChange });
    await settle();
    expect(onLoadingChange).toHaveBeenCalledWith(false, true);
  });
});
