import { createRequire } from 'node:module';
import { ProLayout } from '@ant-design/pro-layout';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { isProLayoutMenuKey, LAYOUT_SWR_CONFIG } from './layout-swr';

// Under Node, ProLayout loads its CommonJS build and with it SWR's CommonJS build, a
// second SWR whose context the ES one cannot reach; in the app both are the ES builds.
// The layout is wrapped here with the SWRConfig ProLayout itself sees.
const { SWRConfig: LayoutSWRConfig, default: useLayoutSWR } = createRequire(import.meta.url)(
  'swr',
) as typeof import('swr');

/** A ProLayout whose menu would come from `menu.request`: the spy says whether ProLayout fetched it. */
function layoutWithMenuRequest(wrap: (layout: ReactNode) => ReactNode) {
  const request = vi.fn(async () => []);
  render(
    wrap(
      <ProLayout layout="mix" route={{ path: '/', children: [] }} menu={{ locale: false, request }}>
        <p>页面</p>
      </ProLayout>,
    ),
  );
  return request;
}

/** Another SWR user of the layout's SWR, mounted with it: SWR fetches its data on mount. */
function BesideTheLayout({ fetcher }: { fetcher: () => Promise<string> }) {
  useLayoutSWR('beside-the-layout', fetcher);
  return null;
}

function Loaded({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSWR('something-else', fetcher);
  return <p>{data ?? '…'}</p>;
}

describe('the layout SWR config', () => {
  it("skips ProLayout's menu fetch on mount (without it, ProLayout fetches)", async () => {
    const fetched = layoutWithMenuRequest((layout) => layout);
    await waitFor(() => expect(fetched).toHaveBeenCalled());

    const beside = vi.fn(async () => '已加载');
    const skipped = layoutWithMenuRequest((layout) => (
      <LayoutSWRConfig value={{ ...LAYOUT_SWR_CONFIG, provider: () => new Map() }}>
        {layout}
        <BesideTheLayout fetcher={beside} />
      </LayoutSWRConfig>
    ));
    await screen.findAllByText('页面');
    // The fetches on mount have been made by now: the one of the SWR user mounted with the layout has.
    await waitFor(() => expect(beside).toHaveBeenCalled());
    expect(skipped).not.toHaveBeenCalled();
  });

  it('leaves every other SWR fetch below the layout alone', async () => {
    const fetcher = vi.fn(async () => '已加载');
    render(
      <SWRConfig value={{ ...LAYOUT_SWR_CONFIG, provider: () => new Map() }}>
        <Loaded fetcher={fetcher} />
      </SWRConfig>,
    );
    expect(await screen.findByText('已加载')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("recognises ProLayout's menu key only", () => {
    expect(isProLayoutMenuKey(['pro-layout-1', undefined])).toBe(true);
    expect(isProLayoutMenuKey(['pro-table-1', undefined])).toBe(false);
    expect(isProLayoutMenuKey('pro-layout-1')).toBe(false);
    expect(isProLayoutMenuKey(null)).toBe(false);
  });
});
