import path from 'node:path';
import { rolldown, type OutputChunk, type Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_CHUNK, BOOTSTRAP_ENTRY, bootstrapCallsGuard } from '../../../vite-plugins/bootstrap-chunk';
import { fixtureFolders } from './fixture-folder';

const fixture = fixtureFolders('bootstrap-chunk-');

/**
 * Writes files (path → source) into a new folder and bundles it as the app's build does: the
 * shell's page (src/main.js, whose first import is the bootstrap calls), the frame page
 * (src/frame.js) and the bootstrap calls as an entry of their own, with the guard.
 */
async function bundle(files: Record<string, string>): Promise<OutputChunk[]> {
  const root = fixture.write(files);
  const build = await rolldown({
    input: {
      main: path.join(root, 'src/main.js'),
      frame: path.join(root, 'src/frame.js'),
      [BOOTSTRAP_CHUNK]: path.join(root, BOOTSTRAP_ENTRY),
    },
    cwd: root,
    logLevel: 'silent',
    // As Vite builds an app: entries need not keep their exports apart from what imports them.
    preserveEntrySignatures: false,
    plugins: [bootstrapCallsGuard('main') as unknown as RolldownPlugin],
  });
  try {
    const { output } = await build.generate({});
    return output.filter((file): file is OutputChunk => file.type === 'chunk');
  } finally {
    await build.close();
  }
}

const APP = {
  'src/config.js': 'export const apiBase = "/api";',
  'src/transport.js':
    'import { apiBase } from "./config.js";\nexport const send = (p) => fetch(apiBase + p);',
  [BOOTSTRAP_ENTRY]: 'import { send } from "../transport.js";\nexport const sent = send("/user/config");',
  'src/layout.js': 'export const layout = "layout";',
  'src/main.js': `import { sent } from "./app/early-start.ts";\nimport { layout } from "./layout.js";\nconsole.log(sent, layout);`,
  'src/frame.js': 'import { apiBase } from "./config.js";\nconsole.log("frame", apiBase);',
};

describe('the bootstrap calls chunk', () => {
  it('holds what only the bootstrap calls bring in; the frame page shares the rest and never loads it', async () => {
    const chunks = await bundle(APP);
    const chunkOf = (file: string) =>
      chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path.join(fixture.root, file))))
        ?.fileName;
    const calls = chunks.find((chunk) => chunk.name === BOOTSTRAP_CHUNK)!.fileName;
    expect(chunkOf(BOOTSTRAP_ENTRY)).toBe(calls);
    expect(chunkOf('src/transport.js')).toBe(calls);
    // The shell's own modules stay in its entry, which loads the calls' chunk first.
    const main = chunks.find((chunk) => chunk.name === 'main')!;
    expect(chunkOf('src/layout.js')).toBe(main.fileName);
    expect(main.imports[0]).toBe(calls);
    // What the frame page shares with the calls is in a chunk both load, not in the calls'.
    const config = chunkOf('src/config.js')!;
    expect(config).not.toBe(calls);
    const frame = chunks.find((chunk) => chunk.name === 'frame')!;
    expect(frame.imports).toContain(config);
    expect(frame.imports).not.toContain(calls);
  });

  it('fails the build when another page would load it, at once or later (and send the shell’s calls)', async () => {
    const refused = /would load .*bootstrap-calls.* and send the shell's bootstrap calls/;
    await expect(
      bundle({ ...APP, 'src/frame.js': 'import { sent } from "./app/early-start.ts";\nconsole.log(sent);' }),
    ).rejects.toThrow(refused);
    await expect(
      bundle({ ...APP, 'src/frame.js': 'import("./app/early-start.ts").then((m) => console.log(m.sent));' }),
    ).rejects.toThrow(refused);
  });
});
