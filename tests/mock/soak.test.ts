/**
 * A soak of the mock stack (issue 28): the checker's whole negative pass — every negative and
 * hostile request of every operation, writes included — then a few hundred generated requests
 * at once. Nothing may get a 5xx or go unanswered, and at the end every service answers, with
 * no Prism restarted (nothing died).
 */
import fc from 'fast-check';
import pMap from 'p-map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractView, listOperations, serviceDocuments } from '@zhique/workbench-contracts/reader';
import { send, serviceClients, type CallSpec, type RequestBody } from '@zhique/workbench-contract-verify';
import {
  baseHeaders,
  exampleValues,
  hostileRequests,
  negativeRequests,
  requestArbitrary,
  shapeOf,
  toCall,
} from '@zhique/workbench-contract-verify';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';

let stack: MockStack;

beforeAll(async () => {
  stack = await startMockStack({ quiet: true });
});

afterAll(async () => {
  await stack?.stop();
});

const headers = baseHeaders({ token: 'soak', tenant: 't-personal-1001' });

/** One request on its own clients (`send` hooks a middleware per call: concurrent calls need their own). */
async function status(spec: CallSpec): Promise<string> {
  const { sent, received } = await send(serviceClients(stack.url), spec, 30_000);
  return received.error ? `${sent.method} ${sent.url}: ${received.error}` : String(received.status);
}

describe('soak', { timeout: 60_000 }, () => {
  it('the negative pass plus 300 concurrent generated requests: no 5xx, every service answers at the end', async () => {
    const contracts = new ContractView();
    const operations = serviceDocuments.flatMap((service) => listOperations(contracts.documents, service));
    const identity = { tenant: 't-personal-1001', uid: 'u-1001' };
    const shapes = operations.map((op) => shapeOf(contracts.documents, op, identity));

    const negative: CallSpec[] = shapes.flatMap((shape) => [
      ...negativeRequests(shape).map((n) =>
        toCall(shape, n.values, headers, n.raw as RequestBody | undefined),
      ),
      ...hostileRequests(shape).map((h) => toCall(shape, h.values, { ...headers, ...h.headers }, h.raw)),
    ]);
    expect(negative.length).toBeGreaterThan(300);
    const first = await pMap(negative, status, { concurrency: 16 });

    const generated = shapes.flatMap((shape, i) =>
      fc
        .sample(requestArbitrary(shape), { seed: 28 + i, numRuns: 6 })
        .map((values) => toCall(shape, { ...exampleValues(shape), ...values }, headers)),
    );
    expect(generated.length).toBeGreaterThanOrEqual(300);
    const second = await Promise.all(generated.map(status));

    const failures = [...first, ...second].filter((s) => !/^[1-4]\d\d$/.test(s));
    expect(failures).toEqual([]);

    const health = (await (await fetch(`${stack.url}/__mock/health`)).json()) as {
      services: Record<string, { status: string; restarts: number }>;
    };
    for (const service of serviceDocuments)
      expect(health.services[service], service).toMatchObject({ status: 'up', restarts: 0 });
    for (const path of ['/api/workbench/userconfig/v2/info', '/api/rbac/role/v1/all']) {
      const response = await fetch(`${stack.url}${path}`, { headers });
      expect(response.status, path).toBe(200);
    }
    const notices = await fetch(`${stack.url}/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        app_name: '',
        readState: 2,
        index: 1,
        page_size: 100,
        uid: 'u-1001',
        tid: 't-personal-1001',
      }),
    });
    expect(notices.status).toBe(200);
  });
});
