import { defineConfig } from 'tsup';

// The installed package's command and entry points (dist/); in the repository the
// `@zhique/source` export condition reads src/ directly, so nothing waits on this build.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    integration: 'src/integration/index.ts',
    processes: 'src/processes.ts',
    main: 'src/main.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node22',
  dts: {
    entry: { index: 'src/index.ts', integration: 'src/integration/index.ts', processes: 'src/processes.ts' },
  },
  clean: true,
  // Keep `node:` imports as written: node:sqlite has no unprefixed name.
  removeNodeProtocol: false,
});
