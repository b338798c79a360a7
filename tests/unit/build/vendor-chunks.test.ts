import path from 'node:path';
import { rolldown, type OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_VENDOR_CHUNKS } from '../../../vite-plugins/vendor-chunks';
import { fixtureFolders } from './fixture-folder';

/** The group a module would land in: the highest priority group whose test matches. */
function groupOf(id: string): string | null {
  const matching = FIRST_LOAD_VENDOR_CHUNKS.filter(
    (group) => group.test instanceof RegExp && group.test.test(id),
  );
  matching.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  return matching[0] ? String(matching[0].name) : null;
}

const nm = (file: string) => `/repo/node_modules/${file}`;

describe('first-load vendor chunks', () => {
  it('puts each library of the first load in its own vendor chunk', () => {
    expect(groupOf(nm('react/cjs/react.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('react-dom/cjs/react-dom-client.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('scheduler/cjs/scheduler.production.js'))).toBe('vendor-react');
    expect(groupOf(nm('react-router/dist/production/index.mjs'))).toBe('vendor-react');
    expect(groupOf(nm('react-router-dom/dist/index.mjs'))).toBe('vendor-react');
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
    expect(groupOf(nm('react-is/cjs/react-is.production.js'))).toBeNull();
    expect(groupOf(nm('react-router-native/dist/index.js'))).toBeNull();
    expect(groupOf(nm('@tanstack/react-query/build/modern/index.js'))).toBeNull();
    expect(groupOf(nm('antd-style/es/index.js'))).toBeNull();
    expect(groupOf('/repo/src/layout/MainLayout.tsx')).toBeNull();
  });
});

const fixture = fixtureFolders('vendor-chunks-');

/** Writes files (path → source) into a new folder and bundles its src/main.js with the vendor groups. */
async function bundle(files: Record<string, string>): Promise<OutputChunk[]> {
  const root = fixture.write(files);
  const build = await rolldown({ input: path.join(root, 'src/main.js'), cwd: root, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ codeSplitting: { groups: FIRST_LOAD_VENDOR_CHUNKS } });
    return output.filter((file): file is OutputChunk => file.type === 'chunk');
  } finally {
    await build.close();
  }
}

describe('first-load vendor chunks in a build', () => {
  // What `tags: ['$initial']` is for: a library only a lazy page imports is not pulled into a
  // vendor chunk (the first load would then fetch it), it stays with the lazy page.
  it('take the libraries of the first load, and leave one only a lazy page uses to that page', async () => {
    const chunks = await bundle({
      'node_modules/antd/es/button.js': 'export const button = "button";',
      'node_modules/antd/es/tour.js': 'export const tour = "tour";',
      'src/main.js':
        'import { button } from "antd/es/button.js";\nconsole.log(button, import("./lazy-page.js"));',
      'src/lazy-page.js': 'export { tour } from "antd/es/tour.js";',
    });
    const chunkOf = (file: string) =>
      chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path.join(fixture.root, file))));

    const firstLoad = chunkOf('node_modules/antd/es/button.js');
    expect(firstLoad?.name).toBe('vendor-antd');
    expect(chunks.find((chunk) => chunk.isEntry)?.imports).toContain(firstLoad?.fileName);
    expect(chunkOf('node_modules/antd/es/tour.js')?.fileName).toBe(chunkOf('src/lazy-page.js')?.fileName);
  });
});
