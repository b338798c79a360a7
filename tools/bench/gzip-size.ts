import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const sizes = new Map<string, number>();

/**
 * A built file's size at gzip -9, the first-load targets' measure: its `.gz` beside it, which the
 * build writes (vite-plugins/precompress.ts), or compressed here where it has none (a file under
 * the threshold, a build from before). Each file once per run.
 */
export function gzipSize(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) {
    size = existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file), { level: 9 }).length;
    sizes.set(file, size);
  }
  return size;
}
