import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_TEXT } from '@/constants/texts';

describe("index.html's loading screen (shown before the app's first render)", () => {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const page = new DOMParser().parseFromString(html, 'text/html');

  it("is the app's own full-screen loading, with its text", () => {
    const status = page.querySelector('#root > .full-screen-loading[role="status"]');
    expect(status?.textContent?.trim()).toBe(SHELL_TEXT.loading);
  });
});
