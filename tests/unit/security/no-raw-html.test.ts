/**
 * Nothing in the app turns strings into markup or code: no raw-HTML sinks
 * (dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML, document.write,
 * createContextualFragment, srcdoc) and no eval in src/. Server text reaches the
 * page only as React text (server-text.test.tsx shows it).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../../src');

const SINKS: [string, RegExp][] = [
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML / outerHTML', /\.(inner|outer)HTML\b/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['document.write', /document\.write(ln)?\s*\(/],
  ['createContextualFragment', /createContextualFragment/],
  ['srcdoc', /srcdoc/i],
  ['eval', /(^|[^\w.])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['string timer', /set(Timeout|Interval)\s*\(\s*['"`]/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$|\.fixtures\.ts$/.test(name) ? [file] : [];
  });
}

describe('no raw HTML or eval in the app', () => {
  const files = sourceFiles(SRC);

  it('scans the app sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(SINKS)('%s appears nowhere in src/', (_name, pattern) => {
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          pattern.test(line) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });
});
