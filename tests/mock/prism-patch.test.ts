/**
 * Prism's `sl-violations` header kept to ASCII by the mock stack's preload
 * (packages/mock-stack/prism/sl-violations.cjs, loaded with `node --require` into every Prism it
 * starts; upstream stoplightio/prism#1934, open, and its unmerged fix #2400): validation
 * messages outside Latin-1 (an unknown property's name, an enum of Chinese values) go into the
 * header as ASCII JSON escapes instead of killing the process. Without the preload the first
 * request loses its connection.
 * Runs Prism alone on a minimal document (fixtures/prism-latin1.yaml), without the gateway.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type PrismProcess } from '../../packages/mock-stack/src/lib/prism';
import { projectRoot } from '../../tools/lib/paths';

let prism: PrismProcess;

beforeAll(async () => {
  prism = await startPrism({
    mode: 'mock',
    document: path.join(projectRoot, 'tests/mock/fixtures/prism-latin1.yaml'),
    label: 'latin1',
    quiet: true,
  });
});

afterAll(async () => {
  await prism?.stop();
});

const put = (body: unknown) =>
  fetch(`${prism.url}/thing`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Prism with the sl-violations preload', () => {
  it('survives names and enum values outside Latin-1 in its violations, and reports them as ASCII JSON', async () => {
    for (const body of [{ name: '甲', Ꮲ: 1 }, { name: '丙' }, { name: '甲', '😀': 1 }]) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const header = response.headers.get('sl-violations') ?? '';
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      const messages = (JSON.parse(header) as { message: string }[]).map((v) => v.message).join('\n');
      expect(messages).toMatch(/Ꮲ|甲|😀/);
      await response.arrayBuffer();
    }
    expect(prism.process.hasExited()).toBe(false);
    const valid = await put({ name: '乙' });
    expect(valid.status).toBe(200);
    expect(valid.headers.get('sl-violations')).toBeNull();
  });
});
