import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_STYLES_LINK } from '@/constants/boot-frame';
import { pageStylesLoaded } from './page-styles';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  vi.useRealTimers();
});

describe('pageStylesLoaded', () => {
  it('waits for the stylesheet the boot script linked, then for nothing', async () => {
    vi.useFakeTimers();
    const link = document.createElement('link');
    link.setAttribute(PAGE_STYLES_LINK, '');
    document.head.append(link);
    const waiting = pageStylesLoaded();
    expect(await settled(waiting)).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(await settled(waiting)).toBe(true);
    link.setAttribute('data-loaded', '');
    expect(await settled(pageStylesLoaded())).toBe(true);
  });

  it('waits a second at most, and not at all without the stylesheet', async () => {
    vi.useFakeTimers();
    expect(await settled(pageStylesLoaded())).toBe(true);
    const link = document.createElement('link');
    link.setAttribute(PAGE_STYLES_LINK, '');
    document.head.append(link);
    const waiting = pageStylesLoaded();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
