/**
 * Docs that cannot go stale (docs/maintenance.md): every npm script a Markdown page shows
 * exists, every `npm start -- --flag` is an option its script declares, every environment
 * variable a page names is one the code reads, and every `VITE_*` the app reads is in the
 * configuration table and a build argument of the container image. Links and anchors are
 * checked by `npm run lint:docs` (remark-validate-links).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (['node_modules', '_incoming', 'api', 'dist'].includes(name)) return [];
    return statSync(path.join(root, file)).isDirectory() ? walk(file, keep) : keep(file) ? [file] : [];
  });
}

/** The Markdown pages people read (docs/_incoming holds fragments not merged yet). */
const PAGES = [
  'README.md',
  ...walk('docs', (f) => f.endsWith('.md')),
  'packages/sub-app-kit/README.md',
  'packages/contracts/README.md',
  'packages/contracts/CHANGELOG.md',
  'packages/contract-verify/README.md',
  'packages/mock-stack/README.md',
  'packages/mock-stack/sub-apps/README.md',
];
const CODE = [
  ...['src', 'vite-plugins', 'tools', 'tests', 'deploy', 'packages'].flatMap((d) =>
    walk(d, (f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.endsWith('docs.test.ts')),
  ),
  'vite.config.ts',
  'playwright.config.ts',
  'tests/e2e-nginx/playwright.config.ts',
];

const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/**
 * The commands of the workspace packages (their `bin`), each with the source file that
 * declares its options: the bin loads `../dist/<name>.js`, built from `src/<name>.ts`.
 */
const COMMANDS = new Map(
  readdirSync(path.join(root, 'packages'))
    .filter((name) => statSync(path.join(root, 'packages', name)).isDirectory())
    .flatMap((name) => {
      const folder = `packages/${name}`;
      const { bin = {} } = JSON.parse(read(`${folder}/package.json`)) as { bin?: Record<string, string> };
      return Object.entries(bin).map(([command, file]): [string, string] => {
        const built = /\.\.\/dist\/([\w-]+)\.js/.exec(read(`${folder}/${file}`))?.[1];
        return [command, built ? `${folder}/src/${built}.ts` : `${folder}/${file}`];
      });
    }),
);

/** The file that declares the options of an npm script: a tsx/node entry, or a package's command. */
function entryOf(script: string): string | undefined {
  const command = scripts[script] ?? '';
  return /(?:tsx|node)\s+(\S+\.(?:ts|mjs))/.exec(command)?.[1] ?? COMMANDS.get(command.split(/\s+/)[0] ?? '');
}

/** Whether `source` declares the option `name` in a parseArgs options object. */
const declares = (source: string, name: string) =>
  new RegExp(`(^|[\\s{,])['"]?${name}['"]?\\s*:\\s*\\{\\s*type:`, 'm').test(source);

/** Inline code and fenced blocks of a page: where commands and variables are shown. */
function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return [...fenced, ...inline];
}

describe.each(PAGES)('%s', (page) => {
  const text = read(page);
  const code = codeOf(text);

  it('shows only npm scripts that exist', () => {
    const shown = [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1] ?? '');
    expect(shown.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('shows only flags the scripts declare', () => {
    const wrong: string[] = [];
    for (const m of text.matchAll(/npm (start|run ([\w:-]+)) -- ([^`\n]*)/g)) {
      const entry = entryOf(m[2] ?? 'start');
      const source = entry ? read(entry) : '';
      for (const flag of (m[3] ?? '').matchAll(/(?:^|\s)--([a-z][\w-]*)/g)) {
        const name = flag[1] ?? '';
        if (!declares(source, name)) wrong.push(`npm ${m[1]} -- --${name}`);
      }
    }
    // A package's command shown as a user runs it once installed.
    for (const [command, entry] of COMMANDS) {
      for (const m of text.matchAll(new RegExp(`${command} ([^\`\n]*)`, 'g'))) {
        for (const flag of (m[1] ?? '').matchAll(/(?:^|\s)--([a-z][\w-]*)/g)) {
          const name = flag[1] ?? '';
          if (!declares(read(entry), name)) wrong.push(`${command} --${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names only environment variables the code reads', () => {
    const unknown = [...new Set(code.flatMap(variablesIn))].filter(
      (name) => !ENV_READ.has(name) && !CONSTANTS.has(name) && !PLACEHOLDERS.has(name),
    );
    expect(unknown).toEqual([]);
  });
});

/** Upper-case names in a code span, with `A_{B,C}_D` and `A_<NAME>_D` expanded against what the code reads. */
function variablesIn(span: string): string[] {
  const names: string[] = [];
  const rest = span
    .replace(/\b([A-Z][A-Z0-9_]*)\{([A-Z0-9,]+)\}([A-Z0-9_]*)/g, (_, a: string, list: string, b: string) => {
      names.push(...list.split(',').map((x) => a + x + b));
      return ' ';
    })
    .replace(/\b([A-Z][A-Z0-9_]*)<[A-Za-z]+>([A-Z0-9_]*)/g, (_, a: string, b: string) => {
      const pattern = new RegExp(`^${a}[A-Z0-9]+${b}$`);
      const matches = [...ENV_READ].filter((n) => pattern.test(n));
      names.push(...(matches.length ? matches : [`${a}<NAME>${b}`]));
      return ' ';
    })
    .replace(/\b([A-Z][A-Z0-9_]*)\*/g, (_, a: string) => {
      if (![...ENV_READ].some((n) => n.startsWith(a))) names.push(`${a}*`);
      return ' ';
    });
  names.push(...(rest.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []));
  return names;
}

const codeText = CODE.map((file) => read(file)).join('\n');
/** Environment variables the code reads: process.env.X, env.X, env['X'], or a quoted 'X'. */
const ENV_READ = new Set(
  [...codeText.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)|['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  ),
);
/** Named constants of the code (pages mention a few: NONCE_PLACEHOLDER, USER_CENTER_PAGES …). */
const CONSTANTS = new Set(
  [...codeText.matchAll(/\b(?:const|let|var|function|enum|type|interface)\s+([A-Z][A-Z0-9_]+)\b/g)].map(
    (m) => m[1] ?? '',
  ),
);
/** Values the reader fills in, not variables of ours (the CI examples name a team's own secrets). */
const PLACEHOLDERS = new Set([
  'TENANT_ID',
  'REPORTED_STATE',
  'CONTRACT_TOKEN',
  'CONTRACT_TENANT',
  'SERVER_URL',
]);

describe('VITE_* variables', () => {
  const appVariables = [...new Set(read('src/config/env.ts').match(/\bVITE_[A-Z0-9_]+/g) ?? [])];
  const operations = read('docs/operations.md');
  const configuration = operations.slice(
    operations.indexOf('## Configuration'),
    operations.indexOf('## Deployment'),
  );
  const documented = new Set(codeOf(configuration).flatMap(variablesIn));

  it('every one the app reads is in the configuration table', () => {
    expect(appVariables.length).toBeGreaterThan(5);
    expect(appVariables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('every one the code reads is in the configuration table', () => {
    expect([...ENV_READ].filter((n) => n.startsWith('VITE_') && !documented.has(n))).toEqual([]);
  });

  it('every one the app reads is a build argument of the container image', () => {
    const dockerfile = read('deploy/Dockerfile');
    expect(appVariables.filter((name) => !new RegExp(`^ARG ${name}\\b`, 'm').test(dockerfile))).toEqual([]);
  });
});
