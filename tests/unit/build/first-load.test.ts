import { describe, expect, it } from 'vitest';
import { firstLoadScripts } from '../../../tools/lib/first-load';

describe("the first load's scripts, as a built index.html names them", () => {
  it("reads the loader's data: the entry first, each module once (the list names the entry too)", () => {
    const html = [
      '<script src="/assets/boot-frame-1.js"></script>',
      '<script src="/assets/app-loader-2.js" defer data-entry="/assets/main-3.js"',
      ' data-modules="/assets/vendor-react-4.js /assets/main-3.js" data-stages="/assets/vendor-react-4.js"></script>',
    ].join('');
    expect(firstLoadScripts(html)).toEqual({
      classic: ['/assets/boot-frame-1.js', '/assets/app-loader-2.js'],
      app: ['/assets/main-3.js', '/assets/vendor-react-4.js'],
    });
  });

  it("reads a page built without the loader: Vite's entry and modulepreloads", () => {
    const html = [
      '<link rel="modulepreload" crossorigin href="/assets/vendor-react-4.js">',
      '<script type="module" crossorigin src="/assets/main-3.js"></script>',
    ].join('\n');
    expect(firstLoadScripts(html)).toEqual({
      classic: [],
      app: ['/assets/main-3.js', '/assets/vendor-react-4.js'],
    });
  });
});
