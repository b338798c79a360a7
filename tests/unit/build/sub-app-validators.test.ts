/**
 * tools/gen-sub-apps.ts compiles the sub-app contract's validators from the schema without its
 * prose: annotations go, names and data stay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutAnnotations } from '../../../tools/gen-sub-apps';

describe("the sub-app contract's validators", () => {
  it('drop descriptions and comments at every depth, never a name or a value', () => {
    const schema = {
      description: 'the message',
      $comment: 'note',
      type: 'object',
      properties: {
        description: { type: 'string', description: 'a property named description' },
        kind: { enum: [{ description: 'a value' }], const: { $comment: 'data' } },
      },
      dependentRequired: { description: ['kind'] },
      $defs: { Item: { oneOf: [{ type: 'string', description: 'a branch' }] } },
    };
    expect(withoutAnnotations(schema)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        kind: { enum: [{ description: 'a value' }], const: { $comment: 'data' } },
      },
      dependentRequired: { description: ['kind'] },
      $defs: { Item: { oneOf: [{ type: 'string' }] } },
    });
  });

  it('are generated without the prose (npm run gen)', () => {
    const code = readFileSync(
      path.join(import.meta.dirname, '../../../generated/sub-apps/validate.js'),
      'utf8',
    );
    expect(code).toContain('export const validateAppToShell');
    // A description's text (a property may be named "description"; its schema is an object).
    expect(code).not.toMatch(/"description":"/);
  });
});
