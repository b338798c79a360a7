/**
 * Production builds carry no development tool: the contract badge of the integration gateway
 * (src/dev-tools, loaded by main.tsx only when DEV) is neither in the built files nor on screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInToShell } from './fixtures';

/** What only the dev tools contain: the findings feed's address and the badge's title. */
const DEV_ONLY = ['/__contract/findings', '接口契约', 'contract-findings-badge'];

test('the production build has no contract badge: not in its files, not on screen', async ({ page }) => {
  const assets = path.join(process.cwd(), process.env.VITE_OUT_DIR ?? 'dist', 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  for (const file of scripts) {
    const text = readFileSync(path.join(assets, file), 'utf8');
    for (const marker of DEV_ONLY) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
  }
  await signInToShell(page, 'owner');
  await expect(page.getByRole('button', { name: /接口契约/ })).toHaveCount(0);
});
