import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_VENDOR_CHUNKS } from '../../../scripts/vendor-chunks';

/** The group a module would land in: the highest priority group whose test matches. */
function groupOf(id: string): string | null {
  const matching = FIRST_LOAD_VENDOR_CHUNKS.filter(
    (group) => group.test instanceof RegExp && group.test.test(id),
  );
  matching.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  return matching[0] ? String(matching[0].name) : null;
}

const nm = (path: string) => `/repo/node_modules/${path}`;

describe('first-load vendor chunks', () => {
  it('puts each library of the first load in its own vendor chunk', () => {
    expect(groupOf(nm('react/cjs/react.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('react-dom/cjs/react-dom-client.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('scheduler/cjs/scheduler.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('@ant-design/cssinjs/es/hooks/useCacheToken.js'))).toBe('vendor-antd-base');
    expect(groupOf(nm('rc-motion/es/CSSMotion.js'))).toBe('vendor-antd-base');
    expect(groupOf(nm('@rc-component/trigger/es/index.js'))).toBe('vendor-antd-base');
    expect(groupOf(nm('@ant-design/icons/es/icons/BellOutlined.js'))).toBe('vendor-antd-base');
    expect(groupOf(nm('antd/es/button/button.js'))).toBe('vendor-antd');
    expect(groupOf(nm('@ant-design/pro-layout/es/ProLayout.js'))).toBe('vendor-pro');
    expect(groupOf(nm('@ant-design/pro-provider/es/index.js'))).toBe('vendor-pro');
  });

  it('matches Windows paths too', () => {
    expect(groupOf('C:\\repo\\node_modules\\antd\\es\\button\\button.js')).toBe('vendor-antd');
  });

  it('leaves look-alike packages and the app itself to the default chunks', () => {
    expect(groupOf(nm('react-router/dist/index.mjs'))).toBeNull();
    expect(groupOf(nm('@tanstack/react-query/build/modern/index.js'))).toBeNull();
    expect(groupOf(nm('antd-style/es/index.js'))).toBeNull();
    expect(groupOf('/repo/src/layout/MainLayout.tsx')).toBeNull();
  });

  it('groups only modules of the first load', () => {
    for (const group of FIRST_LOAD_VENDOR_CHUNKS) expect(group.tags).toEqual(['$initial']);
  });
});
