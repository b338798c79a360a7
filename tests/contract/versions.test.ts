/**
 * The contracts' version is one number: the package's, each document's `info.version`, and
 * the newest entry of its CHANGELOG.md. A backend team pins it, so a change to a document
 * that forgets to move it (or to say what changed) fails here. And the packages of this
 * repository pin each other's versions exactly.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { documentPath, openapiDir } from '@zhique/workbench-contracts/reader';

const packageRoot = path.dirname(openapiDir);
const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
  version: string;
};

describe('the contracts version', () => {
  it.each(['workbench', 'message', 'rbac', 'shared', 'realtime.asyncapi'])(
    '%s.yaml says the package version in info.version',
    (name) => {
      const doc = parse(readFileSync(documentPath(name), 'utf8')) as { info: { version: string } };
      expect(doc.info.version).toBe(version);
    },
  );

  it('the changelog opens with that version', () => {
    const changelog = readFileSync(path.join(packageRoot, 'CHANGELOG.md'), 'utf8');
    const newest = /^## (\S+)/m.exec(changelog)?.[1];
    expect(newest).toBe(version);
  });
});

describe('the packages of this repository', () => {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const manifests = [
    'package.json',
    ...readdirSync(path.join(root, 'packages')).map((d) => `packages/${d}/package.json`),
  ]
    .filter((file) => existsSync(path.join(root, file)))
    .map((file) => ({
      file,
      json: JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {
        name: string;
        version: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      },
    }));
  const versions = new Map(manifests.map(({ json }) => [json.name, json.version]));

  // They pin each other exactly: moving one's version without its users' pins would send npm
  // to a registry for the old one.
  it.each(manifests.map(({ file, json }) => [file, json] as const))(
    '%s pins the version of each of ours it uses',
    (_file, json) => {
      const ours = Object.entries({ ...json.dependencies, ...json.devDependencies }).filter(([name]) =>
        versions.has(name),
      );
      for (const [name, range] of ours) expect(range, name).toBe(versions.get(name));
    },
  );
});
