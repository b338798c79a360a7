/** MSW for the user-center tests: same-origin workbench URLs and a recorder of request bodies. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const api = (path: string) => `${window.location.origin}/api/workbench${path}`;
export const ok = (data: unknown = null) => HttpResponse.json({ code: 0, msg: 'success', data });

export function setupMockServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());
  return server;
}

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

/** Answers `method path` with `data` and records what was sent. */
export function recordJson(
  calls: Recorded[],
  method: 'post' | 'put' | 'delete' | 'get',
  path: string,
  data: unknown = null,
) {
  return http[method](api(path), async ({ request }) => {
    const text = await request.text();
    calls.push({
      method: method.toUpperCase(),
      path: new URL(request.url).pathname.replace('/api/workbench', ''),
      body: text ? JSON.parse(text) : undefined,
    });
    return ok(data);
  });
}
