/**
 * The antd stylesheet of the back-end's or the user centre's pages (vite-plugins/antd-css), which
 * the boot script links as the page is parsed when a load starts on one of them, its file
 * requested once the first paint is on screen (vite-plugins/boot-frame): antd reads its map of the
 * styles already on the page once, as it first renders, so that render waits for the file — a
 * second at most, as for the page's code. Without it (other pages, the dev server), at once.
 */
import { PAGE_STYLES_LINK } from '@/constants/boot-frame';

const WAIT_MS = 1000;

export function pageStylesLoaded(): Promise<void> {
  const link = document.querySelector(`link[${PAGE_STYLES_LINK}]`);
  if (!link || link.hasAttribute('data-loaded')) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    setTimeout(done, WAIT_MS);
  });
}
