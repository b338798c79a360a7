// micro-app's documented public-path file: embedded, the chunks load from where the
// shell says the app lives; on its own, from the build's publicPath.
if (window.__MICRO_APP_ENVIRONMENT__) {
  // webpack's free variable: where its runtime loads chunks from.
  __webpack_public_path__ = window.__MICRO_APP_PUBLIC_PATH__;
}
