/**
 * `npm run preview` rebuilds when the build was made from other inputs: a changed
 * source, a changed `.env` file, or a changed `VITE_*` variable (a sub-app URL), and
 * not when nothing changed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFingerprint, buildIsCurrent, isBuildInput } from '../../../vite-plugins/build-inputs';
import { projectRoot } from '../../../tools/lib/paths';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project() {
  root = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'main.ts'), 'export const a = 1;');
  writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  return root;
}

describe('the build fingerprint', () => {
  it('is stable, and changes with a source, a .env file or a VITE_* value — not with other variables', () => {
    const dir = project();
    const env = { VITE_MICRO_APP_MANUAL_URL: 'https://a.example/manual/', HOME: '/root' };
    const first = buildFingerprint(dir, env);
    expect(buildFingerprint(dir, { ...env, HOME: '/elsewhere', PATH: '/bin' })).toBe(first);

    const otherUrl = buildFingerprint(dir, {
      ...env,
      VITE_MICRO_APP_MANUAL_URL: 'https://b.example/manual/',
    });
    expect(otherUrl).not.toBe(first);
    expect(
      buildFingerprint(dir, { ...env, VITE_SUB_APP_FRAME_ORIGIN: 'https://{app}.apps.example.com' }),
    ).not.toBe(first);

    writeFileSync(path.join(dir, '.env.production'), 'VITE_API_BASE=https://api.example');
    const withEnvFile = buildFingerprint(dir, env);
    expect(withEnvFile).not.toBe(first);

    writeFileSync(path.join(dir, 'src', 'main.ts'), 'export const a = 2;');
    expect(buildFingerprint(dir, env)).not.toBe(withEnvFile);
  });

  it('a build is current only with its stamp and the same fingerprint', () => {
    const dir = project();
    const out = path.join(dir, 'dist');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), '');
    const fingerprint = buildFingerprint(dir, {});
    expect(buildIsCurrent(out, fingerprint)).toBe(false);
    writeFileSync(path.join(out, '.build-inputs'), fingerprint);
    expect(buildIsCurrent(out, fingerprint)).toBe(true);
    expect(buildIsCurrent(out, buildFingerprint(dir, { VITE_API_BASE: 'https://x' }))).toBe(false);
  });
});

describe("the build's inputs", () => {
  /** Plugins of the dev server only, and the fingerprint's own plugin: they do not shape a build. */
  const NOT_IN_A_BUILD = new Set([
    'vite-plugins/deps-sourcemaps.ts',
    'vite-plugins/dev-warmup.ts',
    'vite-plugins/build-inputs.ts',
  ]);

  /** The project's own modules vite.config.ts imports, directly or not (`./`, `../` specifiers). */
  function localImports(file: string, seen = new Set<string>()): Set<string> {
    for (const [, specifier] of readFileSync(path.join(projectRoot, file), 'utf8').matchAll(
      /^import[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm,
    )) {
      const base = path.posix.join(path.posix.dirname(file), specifier!);
      const resolved = [base, `${base}.ts`, `${base}.tsx`].find(
        (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(projectRoot, candidate)),
      );
      if (!resolved || seen.has(resolved) || NOT_IN_A_BUILD.has(resolved)) continue;
      seen.add(resolved);
      localImports(resolved, seen);
    }
    return seen;
  }

  it('take in every module of the build configuration, so a change to one rebuilds the preview', () => {
    const imported = [...localImports('vite.config.ts')];
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((file) => !isBuildInput(file))).toEqual([]);
  });
});
