/**
 * The first load's JavaScript as a built index.html names it: its classic scripts (the boot
 * frame's, the app loader) and the app's entry and modules, which the loader adds after the
 * first paint (vite-plugins/first-paint.ts: `data-entry`, `data-modules`) — or, in a page built
 * without it, the entry and modulepreload tags themselves. The entry comes first among the app's.
 */
export function firstLoadScripts(html: string): { classic: string[]; app: string[] } {
  const classic: string[] = [];
  const app: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    const entry = /\bdata-entry="([^"]+)"/.exec(tag)?.[1];
    // The modules list the entry's own chunk too (preloaded while the stages run): once here.
    if (entry) {
      const modules = (/\bdata-modules="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ').filter(Boolean);
      app.unshift(entry, ...modules.filter((module) => module !== entry));
    }
    if (!url) continue;
    if (tag.startsWith('<script type="module"')) app.unshift(url);
    else if (/rel="modulepreload"/.test(tag)) app.push(url);
    else if (tag.startsWith('<script')) classic.push(url);
  }
  return { classic, app };
}
