/**
 * Shared steps of the browser tests: sign in through the dev SSO as a scenario
 * user, the way a person does (pick the scenario on the SSO page).
 */
import { expect, type Page } from '@playwright/test';

export type Scenario =
  'personal' | 'owner' | 'member' | 'frozen' | 'page2' | 'newcomer' | 'empty' | 'expired';

/** Opens `path` signed out, picks `scenario` on the dev SSO page, and waits for the shell. */
export async function signIn(page: Page, scenario: Scenario, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/sso\/authorize/);
  // Each scenario is a link on the dev SSO page, with its name in a <code> element.
  await page
    .locator('a.choice', { has: page.locator('code', { hasText: new RegExp(`^${scenario}$`) }) })
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sso') && !url.pathname.startsWith('/oauth'));
}

/** Signs in and waits until the top bar is there. */
export async function signInToShell(page: Page, scenario: Scenario, path = '/'): Promise<void> {
  await signIn(page, scenario, path);
  await expect(page.getByRole('button', { name: '账号菜单' })).toBeVisible();
}

/** Chooses a scenario without the SSO page (cookie only), e.g. before opening a deep link. */
export async function chooseScenario(page: Page, scenario: Scenario): Promise<void> {
  await page.goto(`/__mock/scenario/${scenario}?next=/__mock/scenarios`);
}

/**
 * Holds every request to `url` (a glob, as `page.route` takes it) until the returned function
 * is called: what the page shows while a call is out.
 */
export async function holdCalls(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
