import { describe, expect, it, vi } from 'vitest';
import { appForPath, buildRouteSet, buildRouteSetSafely, type SessionFacts } from './route-set';

const base: SessionFacts = {
  defHomePage: 'page1',
  isDisabled: false,
  manualSwitch: 'true',
  menus: [],
  permissions: [],
};
const adminMenus = [{ name: '企业管理', route: '/manage/enterprise', menu_type: 1, menus: [] }];
const permissions = [{ path: '/micro-app-manual' }, { path: '/manage' }];

describe('buildRouteSet', () => {
  it('a disabled tenant gets only the renewal set and lands on /renewal', () => {
    const set = buildRouteSet({ ...base, isDisabled: true, menus: adminMenus, permissions });
    expect(set).toMatchObject({
      name: 'renewal',
      apps: [],
      tabs: [],
      renewal: true,
      adminPath: null,
      landing: '/renewal',
    });
  });

  it('page1 lands on the manual app', () => {
    expect(buildRouteSet(base).landing).toBe('/micro-app-manual/');
  });

  it('page2 lands on the product app', () => {
    expect(buildRouteSet({ ...base, defHomePage: 'page2' }).landing).toBe('/micro-app-product/');
  });

  it('tabs follow the manual switch: the string "true" shows the manual tab, "false" the engine tab', () => {
    expect(buildRouteSet(base).tabs).toEqual(['manual', 'product']);
    expect(buildRouteSet({ ...base, manualSwitch: 'false' }).tabs).toEqual(['product', 'engine']);
    expect(buildRouteSet({ ...base, manualSwitch: true as unknown as string }).tabs).toEqual(['product']);
  });

  it('the management back-end is the second permission entry, only with a non-empty menu list', () => {
    expect(buildRouteSet({ ...base, menus: adminMenus, permissions }).adminPath).toBe('/manage');
    expect(buildRouteSet({ ...base, menus: [], permissions }).adminPath).toBeNull();
  });

  it('refuses a back-end path that would shadow a shell route', () => {
    expect(
      buildRouteSet({ ...base, menus: adminMenus, permissions: [{ path: '/x' }, { path: '/user-info' }] })
        .adminPath,
    ).toBeNull();
    expect(
      buildRouteSet({ ...base, menus: adminMenus, permissions: [{ path: '/x' }, { path: '//evil.example' }] })
        .adminPath,
    ).toBeNull();
    expect(
      buildRouteSet({
        ...base,
        menus: adminMenus,
        permissions: [{ path: '/x' }, { path: '/\\evil.example' }],
      }).adminPath,
    ).toBeNull();
  });

  it("never takes a root that overlaps one of the shell's own routes", () => {
    const rootFor = (path: string) =>
      buildRouteSet({ ...base, menus: adminMenus, permissions: [{ path: '/x' }, { path }] }).adminPath;
    for (const taken of [
      '/oauth',
      '/oauth/other',
      '/callback',
      '/link',
      '/link/abc',
      '/entrance',
      '/preview',
      '/dodder',
      '/renewal',
      '/404',
      '/active-feedback-detail',
      '/user-info/base-info',
      '/micro-app-product',
      '/micro-app-engine/x',
    ])
      expect(rootFor(taken), taken).toBeNull();
    for (const free of ['/manage', '/admin/console', '/micro-app', '/linkage'])
      expect(rootFor(free), free).toBe(free);
  });

  it('route-building failures are logged and the plain set is used', () => {
    const log = vi.fn();
    const hostile = new Proxy([], {
      get: () => {
        throw new Error('boom');
      },
    }) as unknown as SessionFacts['menus'];
    const set = buildRouteSetSafely({ ...base, menus: hostile }, log);
    expect(log).toHaveBeenCalled();
    expect(set.landing).toBe('/micro-app-manual/');
    expect(set.adminPath).toBeNull();
  });

  it('appForPath knows the four prefixes', () => {
    expect(appForPath('/micro-app-engine/')).toBe('engine');
    expect(appForPath('/micro-app-product/commodityManagement')).toBe('product');
    expect(appForPath('/micro-app-productx')).toBeNull();
  });
});
