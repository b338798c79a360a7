import { describe, expect, it } from 'vitest';
import { lowPriorityFirstLoadScripts } from '../../../scripts/first-paint';

describe('the first paint needs the stylesheets alone', () => {
  const html = [
    '<link rel="stylesheet" href="/assets/antd-shell.css" nonce="n">',
    '<script type="module" crossorigin src="/assets/main.js" nonce="n"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-react.js" nonce="n">',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-antd.js" nonce="n">',
    '<link rel="stylesheet" crossorigin href="/assets/main.css" nonce="n">',
  ].join('\n');

  it('fetches the entry and every modulepreload at low priority, the stylesheets as they were', () => {
    const out = lowPriorityFirstLoadScripts(html);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(out).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/main.js"');
    expect(out).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-antd.js"',
    );
    for (const line of out.split('\n').filter((l) => l.includes('stylesheet')))
      expect(line).not.toContain('fetchpriority');
  });

  it('leaves a priority that is already set alone, and runs twice to the same page', () => {
    const set = '<link rel="modulepreload" fetchpriority="high" href="/a.js">';
    expect(lowPriorityFirstLoadScripts(set)).toBe(set);
    const once = lowPriorityFirstLoadScripts(html);
    expect(lowPriorityFirstLoadScripts(once)).toBe(once);
  });
});
