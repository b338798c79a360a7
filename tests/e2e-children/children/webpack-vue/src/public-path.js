// micro-app's documented file: chunks and assets from where the child is deployed.
// webpack's free variable, assigned before anything else is imported.
if (window.__MICRO_APP_ENVIRONMENT__) {
  __webpack_public_path__ = window.__MICRO_APP_PUBLIC_PATH__;
}
