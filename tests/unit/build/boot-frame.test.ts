/**
 * index.html's boot script (vite-plugins/boot-frame/plugin.ts): the frame of the signed-in shell is
 * shown only with a session and the shell's recorded facts, on the shell's own pages, and shows
 * what those facts say (tabs, current app, tip bar unless closed, frozen tenant, the back-end's
 * side menu and page). The 404 page it paints whole, for everyone.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotFoundPage from '@/app/pages/NotFoundPage';
import {
  BOOT_TAP,
  PAGE_STYLES_LINK,
  PAGE_STYLES_PLACEHOLDER,
  type BootFrameFacts,
} from '@/constants/boot-frame';
import { ROUTES, routeTo } from '@/constants/routes';
import { STORAGE_KEYS } from '@/constants/storage-keys';
import {
  BOOT_CONFIG,
  bootScript,
  frameCss,
  frameMarkup,
  notFoundMarkup,
} from '../../../vite-plugins/boot-frame/plugin';

const PERSONAL: BootFrameFacts = {
  tabs: ['manual', 'product'],
  landing: 'manual',
  tipBar: true,
  frozen: false,
};

const OWNER: BootFrameFacts = {
  tabs: ['manual', 'product'],
  landing: 'manual',
  tipBar: false,
  frozen: false,
  adminPath: '/manage',
  sideMenu: [
    { name: '企业管理', depth: 0, paths: ['/manage/enterprise'] },
    { name: '成员管理', depth: 0, paths: ['/manage/members'] },
    { name: '角色管理', depth: 0, paths: ['/manage/roles', '/manage/permissions'] },
  ],
};

function reset() {
  localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of [...document.documentElement.attributes].map((a) => a.name))
    if (name.startsWith('data-boot')) document.documentElement.removeAttribute(name);
}

/**
 * A fresh page load at `path` with these stored items: the attributes the script set on <html>.
 * The frame's markup is in the page already unless `parsed` is false (then the test adds it, as
 * the parser would after the script in <head> ran); `page` sets up the rest of the page first.
 */
function boot(path: string, items: Record<string, unknown>, { parsed = true, page = () => {} } = {}) {
  reset();
  page();
  if (parsed) document.body.innerHTML = frameMarkup();
  window.history.replaceState(null, '', path);
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, JSON.stringify(value));
  // The script as the build emits it, run as a classic script would be.
  new Function(bootScript(BOOT_CONFIG))();
  const html = document.documentElement;
  return Object.fromEntries(
    [...html.attributes].filter((a) => a.name.startsWith('data-boot')).map((a) => [a.name, a.value]),
  );
}

afterEach(reset);

describe('boot frame', () => {
  it('shows the frame for a session on the home page, with the landing app, its tabs and the tip bar', () => {
    expect(boot('/', { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.bootFrame]: PERSONAL })).toEqual({
      'data-boot-frame': 'manual',
      'data-boot-tabs': 'manual product',
      'data-boot-tip-bar': '',
    });
  });

  it('leaves the tip bar out once the user closed it, and marks a frozen tenant', () => {
    const frozen: BootFrameFacts = { tabs: [], landing: null, tipBar: false, frozen: true };
    expect(
      boot('/renewal', {
        [STORAGE_KEYS.token]: 't',
        [STORAGE_KEYS.bootFrame]: frozen,
        [STORAGE_KEYS.tipBarClosed]: true,
      }),
    ).toEqual({ 'data-boot-frame': '', 'data-boot-tabs': '', 'data-boot-frozen': '' });
    expect(
      boot('/micro-app-product/x', {
        [STORAGE_KEYS.token]: 't',
        [STORAGE_KEYS.bootFrame]: PERSONAL,
        [STORAGE_KEYS.tipBarClosed]: true,
      }),
    ).toEqual({ 'data-boot-frame': 'product', 'data-boot-tabs': 'manual product' });
  });

  it('shows nothing without a session, without recorded facts, outside the shell or for an app the user lacks', () => {
    expect(boot('/', { [STORAGE_KEYS.bootFrame]: PERSONAL })).toEqual({});
    expect(boot('/', { [STORAGE_KEYS.token]: 't' })).toEqual({});
    for (const path of ['/oauth/callback', '/entrance', '/link/abc', '/admin', '/micro-app-engine/'])
      expect(boot(path, { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.bootFrame]: PERSONAL })).toEqual({});
  });

  it('never paints the frame over a page the shell answers with 404', () => {
    const frozen: BootFrameFacts = { tabs: [], landing: null, tipBar: false, frozen: true };
    const session = (facts: BootFrameFacts) => ({
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: facts,
    });
    // A frozen tenant: no app (the channel app included), no feedback page.
    for (const path of ['/micro-app-channel/', '/micro-app-product/', ROUTES.activityFeedbackDetail])
      expect(boot(path, session(frozen)), path).toEqual({});
    expect(boot(ROUTES.userCenter.baseInfo, session(frozen))).toHaveProperty('data-boot-frozen', '');
    // Any other tenant: no renewal page; the channel app and the feedback pages are there.
    expect(boot('/renewal', session(PERSONAL))).toEqual({});
    expect(boot('/micro-app-channel/', session(PERSONAL))).toHaveProperty('data-boot-frame', 'channel');
  });

  it("paints a back-end page the menu gives: its side menu, the current row, the page's title", () => {
    const session = (facts: BootFrameFacts) => ({
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: facts,
    });
    expect(boot('/manage/members', session(OWNER))).toEqual({
      'data-boot-frame': '',
      'data-boot-tabs': 'manual product',
      'data-boot-admin': 'members',
    });
    expect(document.querySelector('.boot-frame-menu')!.textContent).toBe('企业管理成员管理角色管理');
    expect(boot('/manage/members/', session(OWNER))).toHaveProperty('data-boot-admin', 'members');
    // A hidden page highlights the entry it belongs to (权限配置 → 角色管理).
    expect(boot('/manage/permissions', session(OWNER))).toHaveProperty('data-boot-admin', 'permissions');
    expect(document.querySelector('.boot-frame-menu-selected')!.textContent).toBe('角色管理');
    // Not a page of the app's, not one the menu gives, the root (a redirect), a frozen tenant, no menu: not painted.
    const noRoles = { ...OWNER, sideMenu: OWNER.sideMenu!.slice(0, 2) };
    for (const [path, facts] of [
      ['/manage/unknown', OWNER],
      ['/manage', OWNER],
      ['/manage/__proto__', OWNER],
      ['/manage/roles', noRoles],
      ['/manage/members', { ...OWNER, frozen: true }],
      ['/manage/members', { ...OWNER, sideMenu: undefined }],
      ['/manage/members', { ...OWNER, adminPath: null }],
    ] as const)
      expect(boot(path, session(facts)), path).toEqual({});
  });

  it("paints a user centre page's layout: its menu with the page's entry current, the page's title", () => {
    const session = (facts: BootFrameFacts) => ({
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: facts,
    });
    expect(boot(ROUTES.userCenter.accountSetting, session(PERSONAL))).toEqual({
      'data-boot-frame': '',
      'data-boot-tabs': 'manual product',
      'data-boot-tip-bar': '',
      'data-boot-user-center': 'accountSetting',
    });
    // In page2 mode the joined enterprises are not in the menu, and their page sends the user on.
    const page2: BootFrameFacts = { ...PERSONAL, tipBar: false, homePage: 'page2' };
    expect(boot(ROUTES.userCenter.baseInfo, session(page2))).toEqual({
      'data-boot-frame': '',
      'data-boot-tabs': 'manual product',
      'data-boot-user-center': 'baseInfo',
      'data-boot-page2': '',
    });
    // Where the app shows the first page instead: the root, a page page2 mode hides, a trailing slash.
    expect(boot(ROUTES.userCenter.enterprise, session(page2))).toHaveProperty(
      'data-boot-user-center',
      'baseInfo',
    );
    expect(boot(ROUTES.userCenter.root, session(PERSONAL))).toHaveProperty(
      'data-boot-user-center',
      'baseInfo',
    );
    expect(boot(`${ROUTES.userCenter.myFeedback}/`, session(PERSONAL))).toHaveProperty(
      'data-boot-user-center',
      'myFeedback',
    );
  });

  it("links the area's stylesheet on a back-end or user centre page at once, its file requested once the first paint is on screen; nowhere else", () => {
    // A visible tab whose browser reports paints: the test reports the first one.
    let paint = () => {};
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => object[] }) => void) {
        paint = () =>
          callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      observe() {}
      disconnect() {}
    }
    const session = (facts: BootFrameFacts) => ({
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: facts,
    });
    const linked = (path: string, facts: BootFrameFacts) => {
      paint = () => {};
      boot(path, session(facts), {
        page: () => {
          vi.stubGlobal('PerformanceObserver', PaintObserver);
          vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
          // index.html's placeholders: named, no stylesheet.
          document.head.innerHTML = ['back-end', 'user-center']
            .map((area) => `<link href="/assets/antd-${area}.css" ${PAGE_STYLES_PLACEHOLDER}="${area}">`)
            .join('');
        },
      });
      // The links the script added: where each points (nothing is requested without an address), its media.
      const links = () =>
        [...document.querySelectorAll<HTMLLinkElement>(`link[${PAGE_STYLES_LINK}]`)].map((link) => [
          link.getAttribute('href') && new URL(link.href).pathname,
          link.media,
        ]);
      const before = links();
      paint();
      return { before, after: links() };
    };
    const linkedFor = (area: string) => ({
      before: [[null, 'print']],
      after: [[`/assets/antd-${area}.css`, 'print']],
    });
    expect(linked('/manage/members', OWNER)).toEqual(linkedFor('back-end'));
    expect(linked(ROUTES.userCenter.baseInfo, PERSONAL)).toEqual(linkedFor('user-center'));
    expect(linked('/', OWNER)).toEqual({ before: [], after: [] });
    expect(linked(ROUTES.subApps.product, OWNER)).toEqual({ before: [], after: [] });
  });

  it("keeps a tap on the frame's menu, tabs or logo for the app, and shows the entry as chosen", () => {
    const session = (facts: BootFrameFacts) => ({
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: facts,
    });
    const html = document.documentElement;
    const tapped = () => document.querySelectorAll('[data-boot-tapped]');
    const row = (name: string) =>
      [...document.querySelectorAll<HTMLElement>('.boot-frame-menu-item')].find(
        (r) => r.textContent === name,
      )!;
    boot('/manage/members', session(OWNER));
    expect(html.hasAttribute(BOOT_TAP)).toBe(false);
    // On the row's text, as a finger lands.
    row('角色管理')
      .querySelector('span:last-child')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(html.getAttribute(BOOT_TAP)).toBe('/manage/roles');
    expect([...tapped()]).toEqual([row('角色管理')]);
    // The last tap counts.
    row('企业管理').click();
    expect(html.getAttribute(BOOT_TAP)).toBe('/manage/enterprise');
    expect([...tapped()]).toEqual([row('企业管理')]);
    document.querySelector<HTMLElement>('.module-tab[data-app="product"]')!.click();
    expect(html.getAttribute(BOOT_TAP)).toBe(routeTo.subAppHome('product'));
    document.querySelector<HTMLElement>('.boot-frame .shell-home-link')!.click();
    expect(html.getAttribute(BOOT_TAP)).toBe(ROUTES.home);
    // The page being opened: the tap before it is forgotten, the current row chosen again.
    row('成员管理').click();
    expect(html.hasAttribute(BOOT_TAP)).toBe(false);
    expect(tapped()).toHaveLength(0);
    // A group opens in the app only; the spinner and the title are not entries.
    boot(
      '/manage/members',
      session({
        ...OWNER,
        sideMenu: [
          { name: '成员与角色', depth: 0, paths: ['/manage/members'], group: true },
          { name: '成员管理', depth: 1, paths: ['/manage/members'] },
        ],
      }),
    );
    row('成员与角色').click();
    document.querySelector<HTMLElement>('.boot-frame-page-title')!.click();
    expect(html.hasAttribute(BOOT_TAP)).toBe(false);
    // The user centre's menu.
    boot(ROUTES.userCenter.baseInfo, session(PERSONAL));
    document.querySelector<HTMLElement>('[data-uc-item="accountSetting"]')!.click();
    expect(html.getAttribute(BOOT_TAP)).toBe(ROUTES.userCenter.accountSetting);
  });

  it('fills the side menu as the parser reaches it, before any paint', async () => {
    const grouped: BootFrameFacts = {
      ...OWNER,
      sideMenu: [
        { name: '企业管理', depth: 0, paths: ['/manage/enterprise'] },
        { name: '成员与角色', depth: 0, paths: ['/manage/members', '/manage/roles'], group: true },
        { name: '成员管理', depth: 1, paths: ['/manage/members'] },
        { name: '角色管理', depth: 1, paths: ['/manage/roles'] },
        { name: '其他', depth: 0, paths: ['/manage/x'], group: true },
        { name: '不显示', depth: 1, paths: ['/manage/x'] },
      ],
    };
    boot(
      '/manage/roles',
      { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.bootFrame]: grouped },
      { parsed: false },
    );
    expect(document.querySelector('.boot-frame-menu')).toBeNull();
    // The body arrives after the script ran, as the parser adds it.
    document.body.innerHTML = frameMarkup();
    await Promise.resolve();
    const rows = [...document.querySelectorAll('.boot-frame-menu li')].map((row) => ({
      text: row.textContent,
      depth: row.getAttribute('data-depth'),
      className: row.className,
    }));
    expect(rows).toEqual([
      { text: '企业管理', depth: '0', className: 'boot-frame-menu-item' },
      { text: '成员与角色', depth: '0', className: 'boot-frame-menu-item boot-frame-menu-group' },
      { text: '成员管理', depth: '1', className: 'boot-frame-menu-item' },
      { text: '角色管理', depth: '1', className: 'boot-frame-menu-item boot-frame-menu-selected' },
      // A group the page is not in stays closed.
      { text: '其他', depth: '0', className: 'boot-frame-menu-item boot-frame-menu-group' },
    ]);
    // The server's names are text, never markup.
    boot('/manage/members', {
      [STORAGE_KEYS.token]: 't',
      [STORAGE_KEYS.bootFrame]: {
        ...OWNER,
        sideMenu: [{ name: '<img src=x>', depth: 0, paths: ['/manage/members'] }],
      },
    });
    expect(document.querySelector('.boot-frame-menu img')).toBeNull();
    expect(document.querySelector('.boot-frame-menu')!.textContent).toBe('<img src=x>');
  });

  it('paints the 404 page whole for everyone, signed in or not, with its title', () => {
    for (const items of [{}, { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.bootFrame]: PERSONAL }]) {
      document.title = '织雀工作台';
      expect(boot(ROUTES.notFound, items)).toEqual({ 'data-boot-page': 'not-found' });
      expect(document.title).toBe('页面不存在 - 织雀工作台');
    }
    expect(boot(`${ROUTES.notFound}/`, {})).toEqual({ 'data-boot-page': 'not-found' });
    expect(boot('/4040', {})).toEqual({});
  });

  it("paints the 404 page as the app renders it: the app's render changes nothing on screen", () => {
    expect(notFoundMarkup()).toBe(renderToStaticMarkup(createElement(NotFoundPage)));
    expect(notFoundMarkup()).not.toMatch(/<script|<style|style=|on\w+=/i);
  });

  it('survives unreadable storage', () => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem(STORAGE_KEYS.token, '"t"');
    localStorage.setItem(STORAGE_KEYS.bootFrame, '{not json');
    new Function(bootScript(BOOT_CONFIG))();
    expect(document.documentElement.hasAttribute('data-boot-frame')).toBe(false);
  });

  it('has markup for every app and no inline script or style', () => {
    const markup = frameMarkup();
    expect(markup).not.toMatch(/<script|<style|style=|on\w+=/i);
    for (const app of Object.keys(BOOT_CONFIG.apps)) {
      expect(markup).toContain(`data-app="${app}"`);
      expect(frameCss()).toContain(`[data-boot-frame='${app}']`);
    }
    for (const page of Object.values(BOOT_CONFIG.adminPages)) {
      expect(markup).toContain(`data-admin-page="${page}"`);
      expect(frameCss()).toContain(`[data-boot-admin='${page}']`);
    }
    for (const page of Object.values(BOOT_CONFIG.userCenterPages)) {
      expect(markup).toContain(`data-uc-item="${page}"`);
      expect(markup).toContain(`data-uc-page="${page}"`);
      expect(frameCss()).toContain(`[data-boot-user-center='${page}']`);
    }
  });
});
