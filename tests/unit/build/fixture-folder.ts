import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Throwaway folders of source files for the tests that bundle a small project: `write` makes a
 * new folder with the files (path → source) and returns it; `root` is the last one; every
 * folder is removed after the test that wrote it.
 */
export function fixtureFolders(prefix: string) {
  const written: string[] = [];
  afterEach(() => {
    for (const folder of written.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return {
    get root() {
      return written.at(-1) ?? '';
    },
    write(files: Record<string, string>): string {
      const root = mkdtempSync(path.join(tmpdir(), prefix));
      written.push(root);
      for (const [name, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), source);
      }
      return root;
    },
  };
}
