/**
 * The token stays out of places that leak: after sign-in it is in no URL the app
 * requests or navigates to (sub-apps and the socket included), in no Referer, and
 * in no console message. The SSO state check has its own tests (src/session/sso.test.ts
 * and shell.spec.ts "a callback whose state this tab did not send is refused").
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseScenario, signInToShell } from './fixtures';
import { openAvatarMenu, settle } from './hardening';
import { ROUTES, routeTo } from '../../src/constants/routes';

interface Trail {
  urls: string[];
  /** [request URL, its Referer] */
  referers: [string, string][];
  console: string[];
  authorized: number;
}

/** Records every request URL and Referer, every navigation, socket and console message, in every frame. */
function record(page: Page): Trail {
  const trail: Trail = { urls: [], referers: [], console: [], authorized: 0 };
  page.on('request', (r) => {
    trail.urls.push(r.url());
    const headers = r.headers();
    if (headers.referer) trail.referers.push([r.url(), headers.referer]);
    if (headers.authorization?.startsWith('Basic ')) trail.authorized += 1;
  });
  page.on('framenavigated', (f) => trail.urls.push(f.url()));
  page.on('websocket', (ws) => trail.urls.push(ws.url()));
  page.on('console', (m) => trail.console.push(m.text()));
  page.on('pageerror', (e) => trail.console.push(`${e.message}\n${e.stack ?? ''}`));
  return trail;
}

async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('workbench.token'));
  expect(raw).toBeTruthy();
  try {
    return JSON.parse(raw ?? '') as string;
  } catch {
    return raw ?? '';
  }
}

/** The token as it could appear in text: as is, URL-encoded, form-encoded. */
const forms = (token: string) => [
  ...new Set([token, encodeURIComponent(token), new URLSearchParams({ t: token }).toString().slice(2)]),
];

async function walk(page: Page) {
  await page.getByTestId('notice-bell').click();
  await expect(page.getByRole('dialog', { name: '消息通知' })).toBeVisible();
  await page.keyboard.press('Escape');
  await (await openAvatarMenu(page)).getByText('邀请成员').click();
  // The invite dialog builds a share link: it must not carry the token.
  await expect(page.getByTestId('invite-link')).toHaveValue(/\/link\/./);
  await page.keyboard.press('Escape');
  for (const path of [routeTo.subAppHome('product'), ROUTES.userCenter.baseInfo, '/manage/members']) {
    await page.goto(path);
    await settle(page);
  }
}

/**
 * `arrival` matches the one URL that brought the token in (when it came in the URL): the
 * page's own files, requested by the HTML before any script runs, name it as Referer —
 * to the same server that has just received it.
 */
function expectNoToken(trail: Trail, token: string, arrival: (url: string) => boolean = () => false) {
  const leaks = (texts: string[]) => texts.filter((text) => forms(token).some((form) => text.includes(form)));
  const ownFile = (url: string) =>
    new URL(url).origin === new URL(trail.urls[0] ?? url).origin &&
    /^\/(assets\/|favicon\.svg$)/.test(new URL(url).pathname);
  expect(leaks(trail.urls.filter((u) => !arrival(u)))).toEqual([]);
  expect(
    leaks(
      trail.referers
        .filter(([url, referer]) => !(arrival(referer) && ownFile(url)))
        .map(([url, referer]) => `${url} ← ${referer}`),
    ),
  ).toEqual([]);
  expect(leaks(trail.console)).toEqual([]);
}

test('after SSO sign-in the token is in no URL, Referer or console message', async ({ page }) => {
  const trail = record(page);
  await signInToShell(page, 'owner');
  const token = await storedToken(page);
  expect(token.length).toBeGreaterThan(8);
  await walk(page);
  expect(trail.authorized).toBeGreaterThan(5); // the token did travel — in the Authorization header
  expectNoToken(trail, token);
  expect(page.url()).not.toMatch(/[?&](code|state|token)=/);
});

test('a token handed over in the URL leaves the address bar and goes nowhere else', async ({ page }) => {
  const token = 'dS0xMDAxOndiLWRlbW8tc2Vzc2lvbi1zZWNyZXQ=';
  await chooseScenario(page, 'owner');
  const trail = record(page);
  await page.goto(`/micro-app-manual/?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  expect(await page.evaluate(() => location.href)).not.toContain('token=');
  expect(await storedToken(page)).toBe(token);
  await walk(page);
  // Only the navigation that brought the token in may hold it.
  const arrival = (url: string) =>
    new URL(url).pathname === routeTo.subAppHome('manual') &&
    new URL(url).searchParams.get('token') === token;
  expect(trail.urls.filter(arrival).length).toBeGreaterThan(0);
  expectNoToken(trail, token, arrival);
});
