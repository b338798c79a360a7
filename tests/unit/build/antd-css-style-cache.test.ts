/**
 * Guards scripts/antd-css/style-cache.ts, which reads @ant-design/cssinjs's private style
 * cache to keep antd's styles and drop ProComponents' (no public API selects them). Each
 * case renders the installed antd and pro-components and compares with what the public
 * `extractStyle` gives for the same render, so an upgrade that changes the cache or its
 * keys fails here with a message that names the adapter.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Avatar, Button, Layout, Modal, Spin } from 'antd';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShellSample } from '../../../scripts/antd-css/shell-sample';
import { extractAntdStyles } from '../../../scripts/antd-css/style-cache';

const ADAPTER = 'scripts/antd-css/style-cache.ts';

/** The styles `node` registers, in a cache of its own. */
function rendered(node: ReactNode) {
  const cache = createCache();
  renderToString(createElement(StyleProvider, { cache }, node));
  return cache;
}

/** All of them, through the public API only: what the adapter is compared with. */
function allStyles(node: ReactNode): string {
  return extractStyle(rendered(node), { plain: true, types: 'style' });
}

const antdOnly = () =>
  createElement(
    Fragment,
    null,
    createElement(Button, null, '-'),
    createElement(Spin),
    createElement(Avatar),
    createElement(Modal, { open: false }),
    createElement(Layout, null, createElement(Layout.Header)),
  );

const PRO_SELECTOR = /\.ant-pro[\w-]*/;

describe("the antd stylesheet's style-cache adapter, against the installed antd and pro-components", () => {
  it("keeps every style antd's own components register", () => {
    const kept = extractAntdStyles(rendered(antdOnly()));
    expect(
      kept,
      `antd's style cache key format changed: the adapter dropped some of antd's own styles; see ${ADAPTER}`,
    ).toBe(allStyles(antdOnly()));
    for (const selector of ['.ant-btn', '.ant-spin', '.ant-avatar', '.ant-modal', '.ant-layout']) {
      expect(kept, `no ${selector} in antd's extracted styles; see ${ADAPTER}`).toContain(selector);
    }
  });

  it("drops ProComponents' styles and keeps the antd ones ProLayout renders", () => {
    const everything = allStyles(createElement(ShellSample));
    // Not vacuous: the shell sample does register ProComponents' styles.
    expect(everything).toMatch(PRO_SELECTOR);

    const kept = extractAntdStyles(rendered(createElement(ShellSample)));
    expect(
      kept.match(PRO_SELECTOR)?.[0],
      `ProComponents' style cache keys now look like antd's: their styles would ship in the antd stylesheet; see ${ADAPTER}`,
    ).toBeUndefined();
    expect(kept, `antd's Layout (rendered by ProLayout) was dropped; see ${ADAPTER}`).toContain(
      '.ant-layout',
    );
    expect(kept.length).toBeLessThan(everything.length);
  });
});
