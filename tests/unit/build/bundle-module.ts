import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * One library module bundled by Rolldown as the build would ship it, through a Vite plugin's
 * `resolveId` and `load` (or without the plugin, for the other half of the comparison). `external`
 * keeps imports out of the bundle, as the tests that look at one library's code want.
 */
export async function bundleModule(
  input: string,
  plugin: Plugin | null,
  external?: (id: string) => boolean,
): Promise<string> {
  const build = await rolldown({
    input,
    logLevel: 'silent',
    external,
    plugins: plugin
      ? [{ name: plugin.name, resolveId: plugin.resolveId as never, load: plugin.load as never }]
      : [],
  });
  try {
    const { output } = await build.generate({ format: 'esm' });
    return output[0].code;
  } finally {
    await build.close();
  }
}
