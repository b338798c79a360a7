/**
 * The contracts' version is one number: the package's, each document's `info.version`, and
 * the newest entry of its CHANGELOG.md. A backend team pins it, so a change to a document
 * that forgets to move it (or to say what changed) fails here.
 */
import { readFileSync } from 'node:fs';
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
