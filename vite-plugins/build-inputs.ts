/**
 * Whether the production build in dist/ was made from what is here now: its sources,
 * its build configuration and plugins, the lock file, the library patches, `.env*` files and every `VITE_*`
 * variable of the environment (Vite bakes them into the bundle and vite-plugins/csp.ts
 * derives the policies from them). `npm run preview` rebuilds when the fingerprint it
 * finds next to the build differs from this one, so a deployer who changes a sub-app
 * URL tests that URL, not the one of the last build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What `vite build` reads, relative to the project root (folders are walked). */
const BUILD_INPUTS = [
  'src',
  'generated',
  'public',
  'index.html',
  'sub-app.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'patches',
  // The build plugins, all of them (the dev-server-only ones change no build, but a rebuild
  // costs less than a list that forgets one).
  'vite-plugins',
  'tools/lib/paths.ts',
];

/** Whether a file (a path from the project's root, `/`-separated) is one of the build's inputs. */
export function isBuildInput(file: string): boolean {
  return BUILD_INPUTS.some((entry) => file === entry || file.startsWith(`${entry}/`));
}

const STAMP = '.build-inputs';

function files(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => files(root, path.join(entry, name)));
}

/** A digest of the build's inputs: file contents, `.env*` files and the `VITE_*` variables. */
export function buildFingerprint(root: string, env: Record<string, string | undefined>): string {
  const hash = createHash('sha256');
  const envFiles = readdirSync(root).filter((name) => /^\.env(\..+)?$/.test(name));
  for (const file of [...BUILD_INPUTS, ...envFiles].flatMap((entry) => files(root, entry)).sort()) {
    hash.update(`file ${file}\n`).update(readFileSync(path.join(root, file)));
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`env ${name}=${env[name] ?? ''}\n`);
  }
  return hash.digest('hex');
}

export function buildIsCurrent(outDir: string, fingerprint: string): boolean {
  const stamp = path.join(outDir, STAMP);
  return (
    existsSync(path.join(outDir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === fingerprint
  );
}

/**
 * Writes the fingerprint next to every production build (`npm run build` and the
 * preview's own build alike), taken when the build starts.
 */
export function buildInputsStamp(): Plugin {
  let fingerprint = '';
  let outDir = 'dist';
  return {
    name: 'workbench-build-inputs',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      fingerprint = buildFingerprint(config.root, process.env);
    },
    // A build that fails leaves no stamp: the old one goes when a build starts, the new one
    // is written only once the bundle is on disk, after every other plugin's writeBundle
    // (the compressed copies of vite-plugins/precompress.ts among them).
    buildStart() {
      rmSync(path.join(outDir, STAMP), { force: true });
    },
    writeBundle: {
      order: 'post',
      handler() {
        writeFileSync(path.join(outDir, STAMP), fingerprint);
      },
    },
  };
}
