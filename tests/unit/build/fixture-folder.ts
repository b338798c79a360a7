import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Throwaway folders of source files for the tests that bundle a small project: `write` makes a
 * new folder with the files (path → source) and returns it; `root` is the last one; each is
 * removed after its test.
 */
export function fixtureFolders(prefix: string) {
  let root = '';
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = '';
  });
  return {
    get root() {
      return root;
    },
    write(files: Record<string, string>): string {
      root = mkdtempSync(path.join(tmpdir(), prefix));
      for (const [name, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), source);
      }
      return root;
    },
  };
}
