/**
 * Guards ./layout-swr.ts, which matches ProLayout's undocumented menu SWR key (no public
 * prop turns the menu fetch off). It renders the installed ProLayout the way the shell does
 * (menu from `route`, no `menu.request`) and records every SWR call made below it, so an
 * upgrade that renames the key, stops fetching on mount or drops SWR fails here by name.
 */
import { createRequire } from 'node:module';
import { ProLayout } from '@ant-design/pro-layout';
import { render, screen, waitFor } from '@testing-library/react';
import type { Key, Middleware } from 'swr';
import { describe, expect, it } from 'vitest';
import { isProLayoutMenuKey, LAYOUT_SWR_CONFIG } from './layout-swr';

// ProLayout's CommonJS build reaches SWR's CommonJS build under Node (see ./layout-swr.test.tsx).
const { SWRConfig: LayoutSWRConfig, default: useLayoutSWR } = createRequire(import.meta.url)(
  'swr',
) as typeof import('swr');

/** An SWR user mounted beside the layout: once it has fetched, ProLayout's mount effects have run too. */
const PROBE = 'guard-probe';
function Probe() {
  useLayoutSWR(PROBE, () => 'ok');
  return null;
}

const ADAPTER = 'src/layout/layout-swr.ts';

/** Renders the shell's kind of ProLayout; says which keys it used with SWR and which it fetched. */
async function shellLayout(middlewares: Middleware[]) {
  const keys: Key[] = [];
  const fetched: Key[] = [];
  const recorder: Middleware = (useSWRNext) =>
    function useRecordedSWR(key, fetcher, config) {
      keys.push(key);
      const recorded = fetcher && ((...args: unknown[]) => (fetched.push(key), fetcher(...args)));
      return useSWRNext(key, recorded, config);
    };
  render(
    <LayoutSWRConfig value={{ use: [recorder, ...middlewares], provider: () => new Map() }}>
      <ProLayout layout="mix" route={{ path: '/', children: [] }} menu={{ locale: false }}>
        <p>页面</p>
      </ProLayout>
      <Probe />
    </LayoutSWRConfig>,
  );
  await screen.findAllByText('页面');
  await waitFor(() => expect(fetched).toContain(PROBE));
  const layoutOnly = (list: Key[]) => list.filter((key) => key !== PROBE);
  return { keys: layoutOnly(keys), fetched: layoutOnly(fetched) };
}

describe('the ProLayout internals layout-swr.ts relies on', () => {
  it('ProLayout still fetches its menu through SWR on mount, under a key layout-swr.ts recognises', async () => {
    const { keys, fetched } = await shellLayout([]);
    expect(keys.length, `ProLayout no longer calls useSWR for its menu: ${ADAPTER} can go`).toBeGreaterThan(
      0,
    );
    expect(
      fetched.length,
      `ProLayout no longer fetches its menu on mount without menu.request: ${ADAPTER} can go`,
    ).toBeGreaterThan(0);
    for (const key of keys) {
      expect(
        isProLayoutMenuKey(key),
        `ProLayout's menu SWR key changed (now ${JSON.stringify(key)}); update isProLayoutMenuKey in ${ADAPTER}`,
      ).toBe(true);
    }
  });

  it("with the layout config, the shell's ProLayout makes no fetch on mount", async () => {
    const { keys, fetched } = await shellLayout(LAYOUT_SWR_CONFIG.use ?? []);
    expect(keys.length).toBeGreaterThan(0);
    expect(fetched, `ProLayout fetched its menu on mount despite ${ADAPTER}`).toEqual([]);
  });
});
