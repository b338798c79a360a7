import { defineConfig } from 'tsup';

// The installed package's command and library (dist/); in the repository the `@zhique/source`
// export condition reads src/ directly, so nothing waits on this build.
export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: { entry: 'src/index.ts' },
  clean: true,
  // Keep `node:` imports as written: node:sqlite has no unprefixed name.
  removeNodeProtocol: false,
});
