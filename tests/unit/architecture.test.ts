/**
 * The layer rule of eslint.config.js (ARCHITECTURE) fires: real ESLint, the project's own
 * config, an import that crosses a line. If import resolution or the plugin broke, the rule
 * would pass everything silently; this fails instead.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tools/lib/paths';

const eslint = new ESLint({ cwd: projectRoot });

/** The layer-rule messages for `code` as if it were the file `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

describe('the architecture rule', () => {
  it.each([
    [
      'a feature imports another feature',
      'src/features/notices/x.ts',
      "export * from '@/features/tenant/clipboard';\n",
      'feature may not import feature',
    ],
    [
      'the layout imports a feature',
      'src/layout/x.ts',
      "export * from '@/features/notices/coalesce';\n",
      'layout may not import feature',
    ],
    [
      'ui imports a feature',
      'src/ui/x.ts',
      "export * from '@/features/notices/coalesce';\n",
      'ui may not import feature',
    ],
    [
      'constants import config',
      'src/constants/x.ts',
      "export * from '@/config/env';\n",
      'constants may not import config',
    ],
    [
      'the app is imported from below',
      'src/session/x.ts',
      "export * from '@/app/Shell';\n",
      'session may not import app',
    ],
    [
      'a tool imports the app',
      'tools/x.ts',
      "export * from '../src/ui/format';\n",
      'tools may not import ui',
    ],
    [
      'the mock stack imports a build plugin',
      'packages/mock-stack/src/x.ts',
      "export * from '../../../vite-plugins/csp';\n",
      'mock-stack may not import vite-plugins',
    ],
    [
      'a build plugin imports the mock stack',
      'vite-plugins/x.ts',
      "export * from '@zhique/workbench-mock';\n",
      'vite-plugins may not import mock-stack',
    ],
    [
      "the frame runtime (on the child's origin) imports the shell's hosting code",
      'src/sub-app-frame/x.ts',
      "export * from '@/sub-app-host/app-storage';\n",
      'sub-app-frame may not import sub-app-host',
    ],
    [
      "the shell's hosting code imports the frame runtime",
      'src/sub-app-host/x.ts',
      "export * from '@/sub-app-frame/storage-fallback';\n",
      'sub-app-host may not import sub-app-frame',
    ],
    [
      'the frame runtime imports a shared component of the shell',
      'src/sub-app-frame/x.ts',
      "export * from '@/ui/format';\n",
      'sub-app-frame may not import ui',
    ],
    [
      'the frame runtime imports the session (the shell’s token)',
      'src/sub-app-frame/x.ts',
      "export * from '@/session/storage';\n",
      'sub-app-frame may not import session',
    ],
    [
      'the app imports a tool',
      'src/ui/x.ts',
      "export * from '../../tools/lib/paths';\n",
      'ui may not import tools',
    ],
    [
      'the contracts package imports the app',
      'packages/contracts/src/x.ts',
      "export * from '../../../src/constants/routes';\n",
      'contracts may not import constants',
    ],
    [
      'the checker package imports the mock stack',
      'packages/contract-verify/src/x.ts',
      "export * from '@zhique/workbench-mock';\n",
      'contract-verify may not import mock-stack',
    ],
  ])('refuses it when %s', async (_what, file, code, expected) => {
    expect(await layerErrors(file, code)).toEqual([expect.stringContaining(expected)]);
  });

  it.each([
    [
      'a feature imports its own files and the core',
      'src/features/notices/x.ts',
      "export * from './coalesce';\nexport * from '@/ui/format';\nexport * from '@/api/transport';\n",
    ],
    [
      'the app composes features into the layout',
      'src/app/x.ts',
      "export * from '@/features/notices/coalesce';\nexport * from '@/layout/TopActions';\n",
    ],
    [
      'both sides of the frame wall share the messages',
      'src/sub-app-frame/x.ts',
      "export * from '@/sub-app-protocol/messages';\n",
    ],
    ['the host shares them too', 'src/sub-app-host/x.ts', "export * from '@/sub-app-protocol/messages';\n"],
    ['a tool reads the spec constants', 'tools/x.ts', "export * from '../src/constants/routes';\n"],
    ['a tool starts the mock stack', 'tools/x.ts', "export * from '@zhique/workbench-mock';\n"],
    [
      'the mock stack serves the kit and uses the checker',
      'packages/mock-stack/src/x.ts',
      "export * from '@zhique/workbench-sub-app-kit';\nexport * from '@zhique/workbench-contract-verify';\n",
    ],
    [
      'the checker reads the contracts by their package name',
      'packages/contract-verify/src/x.ts',
      "export * from '@zhique/workbench-contracts/reader';\n",
    ],
  ])('allows it when %s', async (_what, file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
