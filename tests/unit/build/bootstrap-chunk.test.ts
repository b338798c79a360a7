import path from 'node:path';
import {
  rolldown,
  type CodeSplittingNameFunction,
  type ModuleInfo,
  type OutputChunk,
  type Plugin as RolldownPlugin,
} from 'rolldown';
import { describe, expect, it } from 'vitest';
import {
  BOOTSTRAP_CHUNK,
  BOOTSTRAP_ENTRY,
  bootstrapCallsGuard,
  bootstrapSharedGroup,
} from '../../../vite-plugins/bootstrap-chunk';
import { fixtureFolders } from './fixture-folder';

const fixture = fixtureFolders('bootstrap-chunk-');

/**
 * Writes files (path → source) into a new folder and bundles it as the app's build does: the
 * shell's page (src/main.js, whose first import is the bootstrap calls), the frame page
 * (src/frame.js) and the bootstrap calls as an entry of their own, with the guard and the group
 * that gives the calls' chunk what the shell shares with them.
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
    const { output } = await build.generate({
      codeSplitting: { groups: [bootstrapSharedGroup(root)] },
    });
    return output.filter((file): file is OutputChunk => file.type === 'chunk');
  } finally {
    await build.close();
  }
}

const APP = {
  'src/routes.js': 'export const apiBase = "/api";',
  'src/transport.js':
    'import { apiBase } from "./routes.js";\nexport const send = (p) => fetch(apiBase + p);',
  [BOOTSTRAP_ENTRY]: 'import { send } from "../transport.js";\nexport const sent = send("/user/config");',
  'src/layout.js': 'export const layout = "layout";',
  'src/main.js': `import { sent } from "./app/early-start.ts";\nimport { layout } from "./layout.js";\nconsole.log(sent, layout);`,
  'src/frame.js': 'import { apiBase } from "./routes.js";\nconsole.log("frame", apiBase);',
};

/**
 * The app, with a module that the calls, the shell's entry and a lazy page all import, and texts
 * behind a barrel (as `@/constants/texts`) of which the calls use the shell's part alone, and a
 * lazy page the back-end's. (Rolldown merges the shared module into the calls' chunk by itself
 * in a graph this small; in the app's it made a chunk of each such set, nine of 0.3–5.6 KB as
 * sent: docs/frontend.md "The first load". The group's own decision is tested on a graph below.)
 */
const SHARED = {
  ...APP,
  'src/storage.js': 'export const token = () => localStorage.getItem("token");',
  'src/transport.js':
    'import { apiBase } from "./routes.js";\nimport { token } from "./storage.js";\nexport const send = (p) => fetch(apiBase + p, { headers: { token: token() } });',
  'src/layout.js': 'import { token } from "./storage.js";\nexport const layout = token() ? "signed in" : "";',
  'src/texts/shell.js': 'export const signIn = "登录";',
  'src/texts/admin.js': 'export const members = "成员管理";',
  'src/texts/index.js': 'export * from "./shell.js";\nexport * from "./admin.js";',
  [BOOTSTRAP_ENTRY]:
    'import { send } from "../transport.js";\nimport { signIn } from "../texts/index.js";\nexport const sent = send("/user/config?" + signIn);',
  'src/page.js':
    'import { token } from "./storage.js";\nimport { members } from "./texts/index.js";\nexport default [token, members];',
  'src/main.js': `import { sent } from "./app/early-start.ts";\nimport { layout } from "./layout.js";\nconsole.log(sent, layout, import("./page.js"));`,
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
    const routes = chunkOf('src/routes.js')!;
    expect(routes).not.toBe(calls);
    const frame = chunks.find((chunk) => chunk.name === 'frame')!;
    expect(frame.imports).toContain(routes);
    expect(frame.imports).not.toContain(calls);
  });

  it("also holds what the shell shares with them, but neither the frame page's modules nor the texts only a lazy page uses", async () => {
    const fileOf = (chunks: OutputChunk[], file: string) =>
      chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path.join(fixture.root, file))))
        ?.fileName;
    const chunks = await bundle(SHARED);
    const calls = chunks.find((chunk) => chunk.name === BOOTSTRAP_CHUNK)!;
    expect(fileOf(chunks, 'src/storage.js')).toBe(calls.fileName);
    // The frame page's modules still are not the calls' (the frame page never loads them).
    expect(fileOf(chunks, 'src/routes.js')).not.toBe(calls.fileName);
    expect(chunks.find((chunk) => chunk.name === 'frame')!.imports).not.toContain(calls.fileName);
    // Through the barrel the calls import the back-end's texts on paper, not once tree-shaken:
    // those come with the page that uses them, not with the first load.
    expect(fileOf(chunks, 'src/texts/shell.js')).toBe(calls.fileName);
    expect(fileOf(chunks, 'src/texts/admin.js')).not.toBe(calls.fileName);
  });

  it('takes a module the calls import only when every page that loads it, at once or later, loads the calls too', () => {
    // The app's graph in small: the shell's page imports the calls; the frame page does not.
    const calls = `/app/${BOOTSTRAP_ENTRY}`;
    const importers: Record<string, string[]> = {
      '/app/index.html': [],
      '/app/sub-app.html': [],
      '/app/src/main.tsx': ['/app/index.html'],
      [calls]: ['/app/src/main.tsx'],
      '/app/src/session/storage.ts': [calls, '/app/src/main.tsx', '/app/src/page.tsx'],
      '/app/src/constants/routes.ts': ['/app/src/session/storage.ts', '/app/src/sub-app-frame/main.ts'],
      '/app/src/sub-app-frame/main.ts': ['/app/sub-app.html'],
      '/app/src/sub-app-frame/later.ts': [],
      '/app/src/ui/format.ts': [calls, '/app/src/sub-app-frame/later.ts'],
      '/app/src/layout.tsx': ['/app/src/main.tsx'],
      '/app/src/page.tsx': [],
    };
    const dynamicImporters: Record<string, string[]> = {
      '/app/src/page.tsx': ['/app/src/main.tsx'],
      '/app/src/sub-app-frame/later.ts': ['/app/src/sub-app-frame/main.ts'],
    };
    const entries = new Set(['/app/index.html', '/app/sub-app.html', calls]);
    const ctx = {
      getModuleInfo: (id: string) =>
        id in importers
          ? ({
              importers: importers[id],
              dynamicImporters: dynamicImporters[id] ?? [],
              importedIds: Object.keys(importers).filter((other) => importers[other]!.includes(id)),
              isEntry: entries.has(id),
            } as ModuleInfo)
          : null,
    };
    const name = bootstrapSharedGroup('/app').name as CodeSplittingNameFunction;
    expect(name('/app/src/session/storage.ts', ctx)).toBe(BOOTSTRAP_CHUNK);
    expect(name(calls, ctx)).toBe(BOOTSTRAP_CHUNK);
    // The frame page loads it too: it stays where both pages find it.
    expect(name('/app/src/constants/routes.ts', ctx)).toBeNull();
    // So with a module the frame page loads later, through import().
    expect(name('/app/src/ui/format.ts', ctx)).toBeNull();
    // The calls do not import it: the shell's entry keeps it.
    expect(name('/app/src/layout.tsx', ctx)).toBeNull();
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
