/** What `npm run serve:nginx` (deploy/serve-nginx.ts) and its smoke test (tests/e2e-nginx) share. */

/** The production build it serves, apart from the browser tests' and `npm run preview`'s. */
export const NGINX_OUT_DIR = 'dist-nginx';

/**
 * Debian's brotli module for nginx (`apt-get install -y libnginx-mod-http-brotli-static`), where
 * deploy/nginx/nginx.conf loads it from. serve-nginx loads it when it is there (nginx then sends
 * the build's .br files); without it, nginx sends the .gz files only.
 */
export const BROTLI_MODULE =
  process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
