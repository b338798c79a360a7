/**
 * Build only: index.html paints the signed-in shell's frame — tip bar, top bar with the logo
 * and the module tabs, an empty content area saying what is loading, footer — before any
 * script of the app runs, for a user whose session is in the browser. React's first render
 * replaces it (createRoot empties #root), so Lighthouse's LCP is the frame's paint rather than
 * the app's, and nothing shifts: the frame's boxes are the shell's (same classes from the app's
 * stylesheet, the top bar's geometry in ./frame.css).
 *
 * Honest about what comes: the frame is drawn from what the shell recorded on its last render
 * (`BootFrameFacts`, src/layout/MainLayout.tsx) — the tabs, the home page's app, whether the tip
 * bar is offered (and not closed since), a frozen tenant — together with the session token.
 * Without both, or on a page that is not the shell's (sign-in callback, 404, entrance,
 * invite link, the back-end), the plain loading screen shows as before. The top bar's actions
 * (the bell's count, the avatar) are not drawn: they come with the app.
 *
 * CSP: the decision is a small classic script from 'self' (`boot-frame-*.js`, in <head>, before
 * the body is parsed): it only sets attributes on <html>; the stylesheet shows what they select.
 * No inline script, no inline style element.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { emittedAsset } from '../lib/emitted-asset.ts';
import { ROUTES, type SubAppName } from '../../src/constants/routes.ts';
import { STORAGE_KEYS } from '../../src/constants/storage-keys.ts';
import { APP_TITLE, SHELL_TEXT } from '../../src/constants/texts/shell.ts';

const APPS = Object.keys(ROUTES.subApps) as SubAppName[];

/** What the boot script needs: storage keys, the shell's own pages, the apps' paths. */
export interface BootConfig {
  keys: { token: string; facts: string; tipBarClosed: string };
  /**
   * Pages inside the shell's frame other than the apps' (the home page `/` is one too), as
   * src/access/route-set.ts has them: for everyone, for a frozen tenant only, for any other.
   */
  shellPaths: { any: string[]; frozen: string[]; open: string[] };
  apps: Record<string, string>;
}

export const BOOT_CONFIG: BootConfig = {
  keys: { token: STORAGE_KEYS.token, facts: STORAGE_KEYS.bootFrame, tipBarClosed: STORAGE_KEYS.tipBarClosed },
  shellPaths: {
    any: [ROUTES.userCenter.root],
    frozen: [ROUTES.renewal],
    open: [ROUTES.activityFeedbackDetail, ROUTES.questionFeedbackDetail],
  },
  apps: ROUTES.subApps,
};

/**
 * The boot script (plain ES2017, a classic script): decides from storage and the URL whether
 * the frame shows, and which of its parts. Sets `data-boot-frame` (the current app, or empty),
 * `data-boot-tabs`, `data-boot-tip-bar`, `data-boot-frozen` on <html>; nothing when it is unsure.
 */
export function bootScript(config: BootConfig): string {
  return `(function () {
  var config = ${JSON.stringify(config)};
  try {
    var storage = window.localStorage;
    var read = function (key) {
      var raw = storage.getItem(key);
      return raw === null ? null : JSON.parse(raw);
    };
    var token = read(config.keys.token);
    // BootFrameFacts (src/constants/boot-frame.ts), as the shell wrote them.
    var facts = read(config.keys.facts);
    if (typeof token !== 'string' || !token || !facts || !Array.isArray(facts.tabs)) return;
    var path = window.location.pathname;
    var within = function (prefix) {
      return path === prefix || path.indexOf(prefix + '/') === 0;
    };
    // A frozen tenant has no app and no feedback page, only the renewal page (route-set.ts);
    // where the shell would answer 404 instead, the frame is not painted.
    var frozen = facts.frozen === true;
    var pages = config.shellPaths.any.concat(frozen ? config.shellPaths.frozen : config.shellPaths.open);
    var app = null;
    for (var name in config.apps) if (within(config.apps[name])) app = name;
    if (app !== null && (frozen || (facts.tabs.indexOf(app) < 0 && app !== 'channel'))) return;
    if (path === '/') app = facts.landing;
    else if (app === null && !pages.some(within)) return;
    var html = document.documentElement;
    html.setAttribute('data-boot-frame', app || '');
    html.setAttribute('data-boot-tabs', facts.tabs.join(' '));
    if (facts.tipBar && read(config.keys.tipBarClosed) !== true) html.setAttribute('data-boot-tip-bar', '');
    if (facts.frozen) html.setAttribute('data-boot-frozen', '');
  } catch (error) {
    // Storage unavailable or unreadable: the plain loading screen.
  }
})();
`;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The frame's markup, inside #root before index.html's loading screen. */
export function frameMarkup(): string {
  const perApp = (text: (app: SubAppName) => string, className: string) =>
    APPS.map((app) => `<span class="${className}" data-app="${app}">${escape(text(app))}</span>`).join('');
  return `<div class="boot-frame" hidden>
        <span class="boot-frame-status" role="status">${escape(SHELL_TEXT.loadingWorkbench)}</span>
        <div class="boot-frame-view" aria-hidden="true">
          <div class="tip-bar boot-frame-tip-bar"><span class="tip-bar-text">${escape(SHELL_TEXT.tipBar)}</span><span class="ant-btn-link boot-frame-tip-link">${escape(SHELL_TEXT.switchEnterprise)}</span></div>
          <div class="boot-frame-header"><span class="shell-home-link"><span class="shell-logo"></span><span class="boot-frame-title">${escape(APP_TITLE)}</span></span><span class="module-tabs boot-frame-tabs">${perApp((app) => SHELL_TEXT.apps[app], 'module-tab')}</span></div>
          <div class="boot-frame-content"><div class="boot-frame-card"><span class="boot-spinner"><i></i><i></i><i></i><i></i></span>${perApp((app) => SHELL_TEXT.appLoading(SHELL_TEXT.apps[app]), 'boot-frame-loading')}</div></div>
          <div class="shell-footer boot-frame-footer"><span>${escape(SHELL_TEXT.poweredBy)} <span class="boot-frame-link boot-frame-provider">${escape(SHELL_TEXT.provider.name)}</span></span><span class="boot-frame-link boot-frame-manual">${escape(SHELL_TEXT.guide)}</span><span class="boot-frame-link boot-frame-manual">${escape(SHELL_TEXT.usageHelp)}</span><span class="boot-frame-link boot-frame-feedback">${escape(SHELL_TEXT.feedback)}</span></div>
        </div>
      </div>
      `;
}

/** ./frame.css, with the rules per app (tab shown, tab current, loading text) generated from the route table. */
export function frameCss(): string {
  const base = readFileSync(path.join(import.meta.dirname, 'frame.css'), 'utf8');
  const perApp = APPS.map(
    (app) => `html:not([data-boot-tabs~='${app}']) .boot-frame .module-tab[data-app='${app}'],
html:not([data-boot-frame='${app}']) .boot-frame .boot-frame-loading[data-app='${app}'] {
  display: none;
}
html[data-boot-frame='${app}'] .boot-frame .module-tab[data-app='${app}'] {
  color: #175cd3;
  border-bottom-color: #175cd3;
  font-weight: 500;
}
`,
  ).join('');
  return `${base}\n/* Generated per app by vite-plugins/boot-frame/plugin.ts. */\n${perApp}`;
}

export function bootFrame(): Plugin {
  let base = '/';
  return {
    name: 'workbench-boot-frame',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', name: 'boot-frame.js', source: bootScript(BOOT_CONFIG) });
      this.emitFile({ type: 'asset', name: 'boot-frame.css', source: frameCss() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The shell's page only: a sub-app's frame (sub-app.html) is not the shell.
        if (ctx.path !== '/index.html') return html;
        const script = emittedAsset(ctx, 'boot-frame.js');
        const css = emittedAsset(ctx, 'boot-frame.css');
        if (!html.includes('<div id="root">'))
          throw new Error('boot-frame: index.html has no <div id="root">');
        return {
          html: html.replace('<div id="root">', `<div id="root">\n      ${frameMarkup()}`),
          tags: [
            { tag: 'link', attrs: { rel: 'stylesheet', href: base + css.fileName }, injectTo: 'head' },
            // A classic script, before the body is parsed: the attributes are set before the first paint.
            { tag: 'script', attrs: { src: base + script.fileName }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
