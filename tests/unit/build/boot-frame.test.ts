/**
 * index.html's boot script (vite-plugins/boot-frame/plugin.ts): the frame of the signed-in shell is
 * shown only with a session and the shell's recorded facts, on the shell's own pages, and shows
 * what those facts say (tabs, current app, tip bar unless closed, frozen tenant).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BootFrameFacts } from '@/constants/boot-frame';
import { ROUTES } from '@/constants/routes';
import { STORAGE_KEYS } from '@/constants/storage-keys';
import { BOOT_CONFIG, bootScript, frameCss, frameMarkup } from '../../../vite-plugins/boot-frame/plugin';

const PERSONAL: BootFrameFacts = {
  tabs: ['manual', 'product'],
  landing: 'manual',
  tipBar: true,
  frozen: false,
};

function reset() {
  localStorage.clear();
  for (const name of [...document.documentElement.attributes].map((a) => a.name))
    if (name.startsWith('data-boot')) document.documentElement.removeAttribute(name);
}

/** A fresh page load at `path` with these stored items: the attributes the script set on <html>. */
function boot(path: string, items: Record<string, unknown>) {
  reset();
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
    for (const path of ['/oauth/callback', '/404', '/entrance', '/link/abc', '/admin', '/micro-app-engine/'])
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
  });
});
