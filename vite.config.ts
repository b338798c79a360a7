import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type ProxyOptions } from 'vite';
// Local imports name their file (`.ts`), here and in what they import: Vite's native config loader,
// planned as the default, needs it, and Vite 8 warned about it on every start until they did.
import { antdShellCss } from './vite-plugins/antd-css/plugin.ts';
import { bootFrame } from './vite-plugins/boot-frame/plugin.ts';
import {
  BOOTSTRAP_CHUNK,
  BOOTSTRAP_ENTRY,
  bootstrapCallsGuard,
  bootstrapSharedGroup,
} from './vite-plugins/bootstrap-chunk.ts';
import { buildInputsStamp } from './vite-plugins/build-inputs.ts';
import { firstLoadCompileHints } from './vite-plugins/compile-hints.ts';
import { firstPaintBeforeScripts } from './vite-plugins/first-paint.ts';
import { nativeResizeObserver } from './vite-plugins/native-resize-observer.ts';
import { tinycolorOnFastColor } from './vite-plugins/tinycolor-on-fast-color/plugin.ts';
import { onlyChineseProLocales } from './vite-plugins/pro-locales.ts';
import { precompressAssets } from './vite-plugins/precompress.ts';
import { reactRouterProduction } from './vite-plugins/react-router-production.ts';
import { cspPreview, frameHostsDev, NONCE_PLACEHOLDER } from './vite-plugins/csp.ts';
import { linkedDepsSourcemaps } from './vite-plugins/deps-sourcemaps.ts';
import { warmModuleGraph } from './vite-plugins/dev-warmup.ts';
import { FIRST_LOAD_VENDOR_CHUNKS } from './vite-plugins/vendor-chunks.ts';

// The browser talks to one origin: the dev server (and `npm run preview`) forward API, SSO and
// mock-control calls to the local gateway on MOCK_PORT, socket included: the mock stack, or the
// integration gateway in front of a real back end (`npm start -- --upstream URL`, packages/mock-stack/src/integration),
// whose findings feed the dev build's contract badge (/__contract).
const gateway = process.env.GATEWAY_URL ?? `http://localhost:${process.env.MOCK_PORT ?? 4010}`;
const proxy: Record<string, ProxyOptions> = {
  // xfwd: the gateway learns the origin the browser used (X-Forwarded-Host), for the absolute
  // URLs it hands out (uploaded files, the examples' images: packages/mock-stack/src/static-images.ts).
  '/api': { target: gateway, changeOrigin: true, ws: true, xfwd: true },
  '/sso': { target: gateway, changeOrigin: true, xfwd: true },
  '/__mock': { target: gateway, changeOrigin: true, xfwd: true },
  '/__contract': { target: gateway, changeOrigin: true, xfwd: true },
};
const port = Number(process.env.PORT ?? 5173);
// Two pages: the shell, and the frame every sub-app runs in (src/sub-app-frame), which is
// served on the apps' own origins (`{app}.localhost:<port>` by default; vite-plugins/csp.ts).
const pages = { main: 'index.html', 'sub-app': 'sub-app.html' };

// A browser tab that closes resets its realtime socket: normal, so not logged as a proxy error.
const logger = createLogger();
const logError = logger.error.bind(logger);
logger.error = (msg, options) => {
  if (msg.includes('ws proxy') && msg.includes('ECONNRESET')) return;
  logError(msg, options);
};

export default defineConfig({
  customLogger: logger,
  // The production build's Content Security Policy and the sub-apps' frame origins: vite-plugins/csp.ts (docs/operations.md).
  // The shell's antd styles ship as a CSS file built from the same theme: vite-plugins/antd-css.
  // The first load's chunks carry V8's compile hint: vite-plugins/compile-hints.ts; they are requested
  // once the first paint is on screen, so the paint shares nothing with them: vite-plugins/first-paint.ts.
  // ProComponents brings its zh-CN texts only: vite-plugins/pro-locales.ts; React Router its production
  // build: vite-plugins/react-router-production.ts; antd's size observer the browser's ResizeObserver:
  // vite-plugins/native-resize-observer.ts.
  // index.html paints the signed-in shell's frame before any script of the app: vite-plugins/boot-frame.
  // The hashed assets are also written brotli- and gzip-compressed, for servers that send those: vite-plugins/precompress.ts.
  // Each build records what it was built from, so `npm run preview` knows when to rebuild: vite-plugins/build-inputs.ts.
  // The dev server transforms both pages' module graphs as it starts (vite-plugins/dev-warmup.ts) and
  // serves pre-bundled libraries without inline source maps (vite-plugins/deps-sourcemaps.ts).
  plugins: [
    react(),
    cspPreview(),
    frameHostsDev(),
    antdShellCss(),
    firstLoadCompileHints(),
    firstPaintBeforeScripts(),
    onlyChineseProLocales(),
    nativeResizeObserver(),
    tinycolorOnFastColor(),
    reactRouterProduction(),
    bootFrame(),
    bootstrapCallsGuard('main'),
    precompressAssets(),
    buildInputsStamp(),
    warmModuleGraph(Object.values(pages)),
    linkedDepsSourcemaps(),
  ],
  html: { cspNonce: NONCE_PLACEHOLDER },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@generated': fileURLToPath(new URL('./generated', import.meta.url)),
    },
  },
  server: { port, strictPort: true, proxy },
  preview: { port, strictPort: true, proxy },
  // VITE_OUT_DIR lets parallel builds (e.g. several browser-test runs) use separate folders.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    outDir: process.env.VITE_OUT_DIR ?? 'dist',
    // The first load's libraries in a few chunks that Chrome compiles side by side: vite-plugins/vendor-chunks.ts.
    rolldownOptions: {
      // The bootstrap calls are an entry of their own, evaluated as a stage of the shell's
      // first load and loaded by no other page: vite-plugins/bootstrap-chunk.ts.
      input: { ...pages, [BOOTSTRAP_CHUNK]: BOOTSTRAP_ENTRY },
      // What only the shell's page shares with them goes into their chunk too (bootstrapSharedGroup).
      output: {
        codeSplitting: {
          groups: [
            ...FIRST_LOAD_VENDOR_CHUNKS,
            bootstrapSharedGroup(fileURLToPath(new URL('.', import.meta.url))),
          ],
        },
      },
    },
  },
});
