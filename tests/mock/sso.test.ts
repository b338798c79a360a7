import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { projectRoot } from '../../tools/lib/paths';
import { scenarios } from '../../packages/mock-stack/src/scenarios';
import { isAllowedRedirect } from '../../packages/mock-stack/src/sso';
import { get } from './helpers';

let stack: MockStack;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

const callback = 'http://localhost:5173/oauth/callback';

function authorizePath(redirectUri = callback, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    scope: 'openid',
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    client_id: 'workbench',
    response_type: 'code',
    state: 'st-123',
    ...extra,
  });
  return `/sso/authorize?${query}`;
}

describe('dev single sign-on: authorize', () => {
  it('with a chosen scenario, redirects back at once with a code, the state and pi', async () => {
    const response = await get(`${stack.url}${authorizePath(callback, { pi: 'p-42' })}`, {
      headers: { Cookie: 'mock_scenario=owner' },
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(callback);
    expect(location.searchParams.get('code')).toMatch(/^mock-owner-[0-9a-f]+$/);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('pi')).toBe('p-42');
  });

  it('gives a different code each time and no pi when none was given', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await get(`${stack.url}${authorizePath()}`, {
        headers: { Cookie: 'mock_scenario=frozen' },
      });
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.has('pi')).toBe(false);
      codes.add(location.searchParams.get('code') ?? '');
    }
    expect(codes.size).toBe(3);
  });

  it('without a scenario, shows the scenario page (Chinese, links only, no script)', async () => {
    const path = authorizePath();
    const response = await get(`${stack.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await response.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('<title>开发环境单点登录</title>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
    for (const s of scenarios) {
      expect(html).toContain(
        `href="/__mock/scenario/${s.name}?next=${encodeURIComponent(path).replace(/&/g, '&amp;')}"`,
      );
      expect(html).toContain(s.label);
    }
    const css = await get(`${stack.url}/__mock/assets/mock.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('has an icon the gateway serves itself (no /favicon.ico 404 on the first page), the app’s own', async () => {
    const html = await (await get(`${stack.url}${authorizePath()}`)).text();
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html)?.[1];
    expect(href).toBe('/__mock/assets/favicon.svg');
    const icon = await get(`${stack.url}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toBe(readFileSync(join(projectRoot, 'public', 'favicon.svg'), 'utf8'));
  });

  it('a choice on that page sets the scenario and comes back to authorize, which redirects with a code', async () => {
    const path = authorizePath();
    const choose = await get(`${stack.url}/__mock/scenario/member?next=${encodeURIComponent(path)}`);
    expect(choose.status).toBe(302);
    expect(choose.headers.get('location')).toBe(path);
    const cookie = (choose.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const back = await get(`${stack.url}${choose.headers.get('location')}`, { headers: { Cookie: cookie } });
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location') ?? '').searchParams.get('code')).toMatch(/^mock-member-/);
  });

  it.each([
    'https://evil.example/oauth/callback',
    'http://localhost.evil.example/cb',
    'javascript:alert(1)',
    'http://user@localhost:5173/',
    'not a url',
  ])('refuses the foreign redirect uri %s', async (uri) => {
    const response = await get(`${stack.url}${authorizePath(uri)}`, {
      headers: { Cookie: 'mock_scenario=owner' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('回调地址不在允许的范围内');
  });

  it('refuses a missing redirect uri', async () => {
    const response = await get(`${stack.url}/sso/authorize?client_id=workbench&state=s`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('缺少 redirect_uri');
  });

  it('allows any localhost / 127.0.0.1 port by default, or exactly MOCK_ALLOWED_ORIGINS', () => {
    expect(isAllowedRedirect('http://127.0.0.1:4173/oauth/callback', '')).toBe(true);
    expect(isAllowedRedirect('http://localhost:9999/x', '')).toBe(true);
    expect(isAllowedRedirect('https://localhost:9999/x', '')).toBe(false);
    const allowed = 'https://workbench.example.com, http://localhost:5173';
    expect(isAllowedRedirect('https://workbench.example.com/oauth/callback', allowed)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5173/oauth/callback', allowed)).toBe(true);
    expect(isAllowedRedirect('http://localhost:5174/oauth/callback', allowed)).toBe(false);
    expect(isAllowedRedirect('https://evil.example/', allowed)).toBe(false);
  });
});

describe('dev single sign-on: logout', () => {
  it('clears the scenario and links back to sign in again', async () => {
    const response = await get(
      `${stack.url}/sso/logout?redirect=${encodeURIComponent('http://localhost:5173/')}`,
      {
        headers: { Cookie: 'mock_scenario=owner' },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/^mock_scenario=; Path=\/; Max-Age=0/);
    const html = await response.text();
    expect(html).toContain('已退出登录');
    expect(html).toMatch(/<a [^>]*href="http:\/\/localhost:5173\/"[^>]*>重新登录<\/a>/);
    expect(html).not.toMatch(/<script/i);
  });

  it('does not link to a foreign redirect', async () => {
    const response = await get(
      `${stack.url}/sso/logout?redirect=${encodeURIComponent('https://evil.example/')}`,
    );
    const html = await response.text();
    expect(html).not.toContain('evil.example');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>重新登录<\/a>/);
  });
});
