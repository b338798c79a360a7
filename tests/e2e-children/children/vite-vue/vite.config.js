/**
 * A child built the way micro-app's own Vite example (dev/children/vite4) is: Vue 3 with
 * vue-router's hash history, served under a base path, its lifecycle registered under its
 * name (UMD mode). The browser tests build it (`vite build`) and run it from its dev server
 * (`vite`, hot reload) — tests/e2e-children/child-servers.ts. No CORS setting: Vite's default
 * allows the shell's frame origins on *.localhost, as the kit README says.
 */
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/vite-child/',
  plugins: [vue()],
  logLevel: 'warn',
  // Its own dependency cache (a team's project has its own node_modules; this one shares the shell's).
  cacheDir: '.vite',
});
