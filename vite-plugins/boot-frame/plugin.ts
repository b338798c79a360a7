/**
 * Build only: index.html paints the signed-in shell's frame — tip bar, top bar with the logo
 * and the module tabs, an empty content area saying what is loading, footer — before any
 * script of the app runs, for a user whose session is in the browser. React's first render
 * replaces it (createRoot empties #root), so Lighthouse's LCP is the frame's paint rather than
 * the app's, and nothing shifts: the frame's boxes are the shell's (same classes from the app's
 * stylesheet, the top bar's geometry in ./frame.css).
 *
 * Honest about what comes: the frame is drawn from what the shell recorded on its last render
 * (`BootFrameFacts`, src/layout/boot-frame-facts.ts) — the tabs, the home page's app, whether the
 * tip bar is offered (and not closed since), a frozen tenant, the management back-end's side
 * menu — together with the session token. A page of the back-end the user is given paints the
 * side menu and the page's title over a loading page. Without a session and the facts, or on a
 * page that is not the shell's (sign-in callback, entrance, invite link, a back-end page the
 * menu does not give), the plain loading screen shows as before. The 404 page, the same for
 * everyone, is painted whole, as the app renders it (`notFoundMarkup`). The top bar's actions
 * (the bell's count, the avatar) and the menu's icons are not drawn: they come with the app. A
 * tap on the frame's tabs, logo or menus is kept for the app, which answers it once it has
 * rendered (`BOOT_TAP`, src/layout/boot-frame-tap.ts).
 *
 * CSP: the decision is a small classic script from 'self' (`boot-frame-*.js`, in <head>, before
 * the body is parsed): it sets attributes on <html>, and the stylesheet shows what they select;
 * the side menu's rows (the server's names) it adds as the parser reaches the empty menu, before
 * anything is painted. No inline script, no inline style.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { emittedAsset } from '../lib/emitted-asset.ts';
import { AFTER_FIRST_PAINT_LATEST_MS, AFTER_FIRST_PAINT_SOURCE } from '../lib/after-first-paint.ts';
import {
  ADMIN_PAGE_PATHS,
  ROUTES,
  routeTo,
  type AdminPageName,
  type SubAppName,
} from '../../src/constants/routes.ts';
import {
  BOOT_TAP,
  PAGE_STYLES_LINK,
  PAGE_STYLES_PLACEHOLDER,
  type PageStylesArea,
} from '../../src/constants/boot-frame.ts';
import { STORAGE_KEYS } from '../../src/constants/storage-keys.ts';
import { USER_CENTER_MENU, type UserCenterPage } from '../../src/constants/user-center-menu.ts';
import { ACCOUNT_TEXT } from '../../src/constants/texts/account.ts';
import { ADMIN_TEXT } from '../../src/constants/texts/admin.ts';
import { FEEDBACK_TEXT } from '../../src/constants/texts/feedback.ts';
import { PAGE_TEXT } from '../../src/constants/texts/pages.ts';
import { APP_TITLE, SHELL_TEXT } from '../../src/constants/texts/shell.ts';

const APPS = Object.keys(ROUTES.subApps) as SubAppName[];
const ADMIN_PAGES = Object.keys(ADMIN_PAGE_PATHS) as AdminPageName[];

/** Each user centre page's title, as its PageFrame shows it (the menu: src/constants/user-center-menu.ts). */
const USER_CENTER_TITLES: Record<UserCenterPage, string> = {
  baseInfo: ACCOUNT_TEXT.menu.baseInfo,
  accountSetting: ACCOUNT_TEXT.menu.accountSetting,
  thirdAccount: ACCOUNT_TEXT.menu.thirdAccount,
  enterprise: ACCOUNT_TEXT.menu.enterprise,
  myFeedback: FEEDBACK_TEXT.myFeedbackTitle,
};

/** What the boot script needs: storage keys, the shell's own pages, the apps' paths. */
export interface BootConfig {
  keys: { token: string; facts: string; tipBarClosed: string };
  /**
   * Pages inside the shell's frame other than the apps' (the home page `/` is one too), as
   * src/access/route-set.ts has them: for everyone, for a frozen tenant only, for any other.
   */
  shellPaths: { any: string[]; frozen: string[]; open: string[] };
  apps: Record<string, string>;
  /** The back-end's pages the app renders, by their path below the back-end's root. */
  adminPages: Record<string, AdminPageName>;
  /** The user centre's pages, by their path; its root, which shows the first; those page2 mode hides. */
  userCenterPages: Record<string, UserCenterPage>;
  userCenterRoot: string;
  page2Hidden: UserCenterPage[];
  /**
   * Each area's antd stylesheet: the attribute of its placeholder (a link without `rel`; the area its value), the one
   * of the link the script adds, and the areas' names.
   */
  pageStyles: { placeholder: string; link: string; backEnd: PageStylesArea; userCenter: PageStylesArea };
  /** The 404 page, which the frame paints whole (`notFoundMarkup`), with its document title. */
  notFound: { path: string; title: string };
  /** The attribute on <html> that keeps a tap on the frame for the app (`BOOT_TAP`). */
  tap: string;
}

export const BOOT_CONFIG: BootConfig = {
  keys: { token: STORAGE_KEYS.token, facts: STORAGE_KEYS.bootFrame, tipBarClosed: STORAGE_KEYS.tipBarClosed },
  shellPaths: {
    any: [ROUTES.userCenter.root],
    frozen: [ROUTES.renewal],
    open: [ROUTES.activityFeedbackDetail, ROUTES.questionFeedbackDetail],
  },
  apps: ROUTES.subApps,
  adminPages: Object.fromEntries(ADMIN_PAGES.map((page) => [ADMIN_PAGE_PATHS[page], page])),
  userCenterPages: Object.fromEntries(USER_CENTER_MENU.map((entry) => [entry.path, entry.page])),
  userCenterRoot: ROUTES.userCenter.root,
  page2Hidden: USER_CENTER_MENU.filter((entry) => 'hiddenOnPage2' in entry).map((entry) => entry.page),
  pageStyles: {
    placeholder: PAGE_STYLES_PLACEHOLDER,
    link: PAGE_STYLES_LINK,
    backEnd: 'back-end',
    userCenter: 'user-center',
  },
  notFound: { path: ROUTES.notFound, title: `${PAGE_TEXT.notFound.title} - ${APP_TITLE}` },
  tap: BOOT_TAP,
};

/**
 * The boot script (plain ES2017, a classic script): decides from storage and the URL whether
 * the frame shows, and which of its parts. Sets `data-boot-frame` (the current app, or empty),
 * `data-boot-tabs`, `data-boot-tip-bar`, `data-boot-frozen`, `data-boot-admin` (the back-end's
 * page), `data-boot-user-center` (the user centre's page, with `data-boot-page2`) on <html>;
 * nothing when it is unsure. On a back-end page it fills the side menu; on a back-end or user
 * centre page it links the area's antd stylesheet, fetched once the first paint is on screen.
 */
export function bootScript(config: BootConfig): string {
  return `(function () {
  var config = ${JSON.stringify(config)};
  // Without a trailing slash, as the shell's routes match it.
  var path = window.location.pathname.replace(/(.)\\/$/, '$1');
  // The 404 page is the same for everyone, signed in or not: painted whole (notFoundMarkup).
  if (path === config.notFound.path) {
    document.documentElement.setAttribute('data-boot-page', 'not-found');
    document.title = config.notFound.title;
    return;
  }
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
    var within = function (prefix) {
      return path === prefix || path.indexOf(prefix + '/') === 0;
    };
    var frozen = facts.frozen === true;
    var app = null;
    var adminPage = null;
    var menu = Array.isArray(facts.sideMenu) ? facts.sideMenu : [];
    var adminPath = typeof facts.adminPath === 'string' && facts.adminPath ? facts.adminPath : null;
    if (adminPath !== null && within(adminPath)) {
      // A page of the back-end this app renders, and one the recorded menu gives the user
      // (a frozen tenant has none); anything else there redirects or says no: not painted.
      var below = path.slice(adminPath.length);
      if (frozen || !Object.prototype.hasOwnProperty.call(config.adminPages, below)) return;
      var given = menu.some(function (row) {
        return !row.group && Array.isArray(row.paths) && row.paths.indexOf(path) >= 0;
      });
      if (!given) return;
      adminPage = config.adminPages[below];
    } else {
      // A frozen tenant has no app and no feedback page, only the renewal page (route-set.ts);
      // where the shell would answer 404 instead, the frame is not painted.
      var pages = config.shellPaths.any.concat(frozen ? config.shellPaths.frozen : config.shellPaths.open);
      for (var name in config.apps) if (within(config.apps[name])) app = name;
      if (app !== null && (frozen || (facts.tabs.indexOf(app) < 0 && app !== 'channel'))) return;
      if (path === '/') app = facts.landing;
      else if (app === null && !pages.some(within)) return;
    }
    var html = document.documentElement;
    html.setAttribute('data-boot-frame', app || '');
    // A tap on the frame's tabs, logo or menus (each marked data-boot-to with its path) is kept for
    // the app, which goes there once it has rendered (src/layout/boot-frame-tap.ts); the entry
    // shows as chosen at once. Once the app has replaced the frame, nothing here matches.
    document.addEventListener('click', function (event) {
      var entry = event.target instanceof Element ? event.target.closest('.boot-frame-view [data-boot-to]') : null;
      if (!entry) return;
      var before = document.querySelector('.boot-frame-view [data-boot-tapped]');
      if (before) before.removeAttribute('data-boot-tapped');
      var to = entry.getAttribute('data-boot-to');
      // The page being opened: nothing to do (a tap elsewhere before it is forgotten).
      if (to.replace(/(.)\\/$/, '$1') === path) return html.removeAttribute(config.tap);
      entry.setAttribute('data-boot-tapped', '');
      html.setAttribute(config.tap, to);
    });
    html.setAttribute('data-boot-tabs', facts.tabs.join(' '));
    if (facts.tipBar && read(config.keys.tipBarClosed) !== true) html.setAttribute('data-boot-tip-bar', '');
    if (facts.frozen) html.setAttribute('data-boot-frozen', '');
    var page2 = facts.homePage === 'page2';
    // The antd styles of the area's pages, the back-end's or the user centre's
    // (vite-plugins/antd-css). The link is the script's own, in the placeholder's place (the
    // cascade's order), and in the page at once, so the app's first render always finds it and
    // waits for it (src/app/page-styles.ts: it then generates none of those styles); its file
    // is requested once the first paint is on screen, as the app's scripts are, and is for
    // print until it has loaded (a stylesheet for the screen would hold the paints back).
    ${AFTER_FIRST_PAINT_SOURCE}
    var linkPageStyles = function (area) {
      var placeholder = document.querySelector('link[' + config.pageStyles.placeholder + '="' + area + '"]');
      if (!placeholder) return;
      var styles = document.createElement('link');
      styles.rel = 'stylesheet';
      styles.media = 'print';
      styles.setAttribute(config.pageStyles.link, '');
      styles.onload = function () {
        styles.media = 'all';
        styles.setAttribute('data-loaded', '');
      };
      styles.onerror = function () {
        styles.setAttribute('data-loaded', '');
      };
      placeholder.parentNode.insertBefore(styles, placeholder.nextSibling);
      afterFirstPaint(function () {
        styles.href = placeholder.href;
      }, ${AFTER_FIRST_PAINT_LATEST_MS});
    };
    if (within(config.userCenterRoot)) {
      // The root, a page page2 mode hides and an unknown one show the first page (UserCenterLayout).
      var userCenterPage = Object.prototype.hasOwnProperty.call(config.userCenterPages, path)
        ? config.userCenterPages[path]
        : null;
      if (userCenterPage === null || (page2 && config.page2Hidden.indexOf(userCenterPage) >= 0))
        userCenterPage = config.userCenterPages[Object.keys(config.userCenterPages)[0]];
      html.setAttribute('data-boot-user-center', userCenterPage);
      if (page2) html.setAttribute('data-boot-page2', '');
      linkPageStyles(config.pageStyles.userCenter);
    }
    if (adminPage === null) return;
    html.setAttribute('data-boot-admin', adminPage);
    linkPageStyles(config.pageStyles.backEnd);
    // The side menu's rows, as ProLayout draws them: a group open on the current page shows its
    // rows, the current page's row is highlighted. Added when the parser reaches the (empty)
    // menu: a mutation observer's callback runs before the browser may paint.
    var fill = function (list) {
      var shownTo = 0;
      menu.forEach(function (row) {
        if (typeof row.name !== 'string' || typeof row.depth !== 'number' || row.depth > shownTo) return;
        var here = Array.isArray(row.paths) && row.paths.indexOf(path) >= 0;
        shownTo = row.group && here ? row.depth + 1 : row.depth;
        var item = document.createElement('li');
        item.className =
          'boot-frame-menu-item' + (row.group ? ' boot-frame-menu-group' : here ? ' boot-frame-menu-selected' : '');
        // A page's row (its own path first) can be tapped; a group only opens in the app.
        if (!row.group && Array.isArray(row.paths) && typeof row.paths[0] === 'string')
          item.setAttribute('data-boot-to', row.paths[0]);
        item.setAttribute('data-depth', String(Math.min(row.depth, 3)));
        var icon = document.createElement('span');
        icon.className = 'boot-frame-menu-icon';
        var text = document.createElement('span');
        text.className = 'boot-frame-menu-text';
        text.textContent = row.name;
        item.appendChild(icon);
        item.appendChild(text);
        list.appendChild(item);
      });
    };
    var list = document.querySelector('.boot-frame-menu');
    if (list) return fill(list);
    var observer = new MutationObserver(function () {
      var found = document.querySelector('.boot-frame-menu');
      if (!found) return;
      observer.disconnect();
      fill(found);
    });
    observer.observe(document, { childList: true, subtree: true });
    // A page without the menu (another build's index.html): not watched for the app's lifetime.
    document.addEventListener('DOMContentLoaded', function () {
      observer.disconnect();
    });
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
  const perApp = (text: (app: SubAppName) => string, className: string, tappable = false) =>
    APPS.map(
      (app) =>
        `<span class="${className}" data-app="${app}"${tappable ? ` data-boot-to="${escape(routeTo.subAppHome(app))}"` : ''}>${escape(text(app))}</span>`,
    ).join('');
  // Each back-end and user centre page's title, as its PageFrame shows it.
  const titles = [
    ...ADMIN_PAGES.map((page) => `<span data-admin-page="${page}">${escape(ADMIN_TEXT[page].title)}</span>`),
    ...USER_CENTER_MENU.map(
      ({ page }) => `<span data-uc-page="${page}">${escape(USER_CENTER_TITLES[page])}</span>`,
    ),
  ].join('');
  // The user centre's left column: the avatar's circle, the name's and phone's lines (they come
  // with the app), its menu.
  const userCenterSide = `<div class="boot-frame-uc-side"><div class="boot-frame-uc-profile"><span class="boot-frame-uc-avatar"></span><span class="boot-frame-uc-line"></span><span class="boot-frame-uc-line"></span></div><ul class="boot-frame-uc-menu">${USER_CENTER_MENU.map((entry) => `<li data-uc-item="${entry.page}" data-boot-to="${escape(entry.path)}"${'hiddenOnPage2' in entry ? ' data-page2-hidden' : ''}>${escape(entry.label)}</li>`).join('')}</ul></div>`;
  return `<div class="boot-frame" hidden>
        <span class="visually-hidden" role="status">${escape(SHELL_TEXT.loadingWorkbench)}</span>
        <div class="boot-frame-view" aria-hidden="true">
          <div class="tip-bar boot-frame-tip-bar"><span class="tip-bar-text">${escape(SHELL_TEXT.tipBar)}</span><span class="ant-btn-link boot-frame-tip-link">${escape(SHELL_TEXT.switchEnterprise)}</span></div>
          <div class="boot-frame-header"><span class="shell-home-link" data-boot-to="${escape(ROUTES.home)}"><span class="shell-logo"></span><span class="boot-frame-title">${escape(APP_TITLE)}</span></span><span class="module-tabs boot-frame-tabs">${perApp((app) => SHELL_TEXT.apps[app], 'module-tab', true)}</span></div>
          <div class="boot-frame-body">
            <div class="boot-frame-sider"><ul class="boot-frame-menu"></ul></div>
            <div class="boot-frame-main">
              <div class="boot-frame-content"><div class="boot-frame-card"><span class="boot-spinner"><i></i><i></i><i></i><i></i></span>${perApp((app) => SHELL_TEXT.appLoading(SHELL_TEXT.apps[app]), 'boot-frame-loading')}</div><div class="boot-frame-page">${userCenterSide}<div class="page-frame boot-frame-page-card"><div class="page-frame-title boot-frame-page-title">${titles}</div><div class="boot-frame-page-loading"><span class="boot-spinner"><i></i><i></i><i></i><i></i></span></div></div></div></div>
              <div class="shell-footer boot-frame-footer"><span>${escape(SHELL_TEXT.poweredBy)} <span class="boot-frame-link boot-frame-provider">${escape(SHELL_TEXT.provider.name)}</span></span><span class="boot-frame-link boot-frame-manual">${escape(SHELL_TEXT.guide)}</span><span class="boot-frame-link boot-frame-manual">${escape(SHELL_TEXT.usageHelp)}</span><span class="boot-frame-link boot-frame-feedback">${escape(SHELL_TEXT.feedback)}</span></div>
            </div>
          </div>
        </div>
      </div>
      `;
}

/**
 * The 404 page as src/app/pages/NotFoundPage.tsx renders it (styled by public/boot.css), inside
 * #root after the frame: shown when the boot script found the load starting at /404.
 */
export function notFoundMarkup(): string {
  return `<main class="not-found-page"><p class="not-found-code" aria-hidden="true">404</p><h1 class="not-found-title">${escape(PAGE_TEXT.notFound.title)}</h1><p class="not-found-hint">${escape(PAGE_TEXT.notFound.hint)}</p><a class="not-found-home" href="${escape(ROUTES.home)}">${escape(PAGE_TEXT.backHome)}</a></main>`;
}

/**
 * ./frame.css, with the rules per app (tab shown, tab current, loading text), per back-end page
 * (its title) and per user centre page (its title, its menu entry) generated from the route tables.
 */
export function frameCss(): string {
  const base = readFileSync(path.join(import.meta.dirname, 'frame.css'), 'utf8');
  const perApp = APPS.map(
    (app) => `html:not([data-boot-tabs~='${app}']) .boot-frame .module-tab[data-app='${app}'],
html:not([data-boot-frame='${app}']) .boot-frame .boot-frame-loading[data-app='${app}'] {
  display: none;
}
html[data-boot-frame='${app}']:not([data-boot-tap]) .boot-frame .module-tab[data-app='${app}'] {
  color: #175cd3;
  border-bottom-color: #175cd3;
  font-weight: 500;
}
`,
  ).join('');
  const perAdminPage = ADMIN_PAGES.map(
    (page) => `html:not([data-boot-admin='${page}']) .boot-frame [data-admin-page='${page}'] {
  display: none;
}
`,
  ).join('');
  const perUserCenterPage = USER_CENTER_MENU.map(
    ({ page }) => `html:not([data-boot-user-center='${page}']) .boot-frame [data-uc-page='${page}'] {
  display: none;
}
html[data-boot-user-center='${page}']:not([data-boot-tap]) .boot-frame [data-uc-item='${page}'] {
  background: #e8f4ff;
  color: #175cd3;
}
`,
  ).join('');
  return `${base}\n/* Generated per app, back-end and user centre page by vite-plugins/boot-frame/plugin.ts. */\n${perApp}${perAdminPage}${perUserCenterPage}`;
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
      // Minified: it is part of every first load (the app's chunks are minified by the build).
      const script = minifySync('boot-frame.js', bootScript(BOOT_CONFIG));
      if (script.errors.length) throw new Error(`boot-frame: ${script.errors[0]!.message}`);
      this.emitFile({ type: 'asset', name: 'boot-frame.js', source: script.code });
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
          html: html.replace(
            '<div id="root">',
            `<div id="root">\n      ${frameMarkup()}<div class="boot-not-found" hidden>${notFoundMarkup()}</div>\n      `,
          ),
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
