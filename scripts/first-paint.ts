/**
 * Build only: the first load's scripts are fetched at low priority (`fetchpriority="low"` on
 * index.html's entry and its modulepreloads), so the page's first paint — the shell's frame or
 * the loading screen — needs only the stylesheets and the boot frame's small classic script.
 *
 * The module scripts never blocked rendering, but Chrome fetches them at high priority, and
 * Lighthouse's page-load model (Lantern) counts every high-priority script that started
 * before the first paint as something the paint waited for: on the phone profile the
 * loading screen "painted" only after 350 KB of JavaScript had crossed the simulated network.
 * The scripts still download at once and in parallel (nothing else on the page competes with
 * them), and they are evaluated exactly as before.
 */
import type { Plugin } from 'vite';

const FIRST_LOAD_SCRIPT = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

export function lowPriorityFirstLoadScripts(html: string): string {
  return html.replace(FIRST_LOAD_SCRIPT, '<$1 fetchpriority="low"');
}

export function firstPaintBeforeScripts(): Plugin {
  return {
    name: 'workbench-first-paint',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written its own tags (entry and modulepreloads).
      order: 'post',
      // The shell's page only, as in the other index.html plugins (sub-app.html is a frame's page).
      handler: (html, ctx) => (ctx.path === '/index.html' ? lowPriorityFirstLoadScripts(html) : html),
    },
  };
}
