/**
 * Prism's dynamic responses are schema-valid, and the contract's envelope allows any
 * integer `code` — so Prism puts a random one on every response, and the client
 * (rightly) treats all but 0 and 1008 as errors: the random data would never be
 * rendered. For the schema-valid pass the run therefore sets `code` on each JSON
 * envelope, chosen per seed and endpoint (a hash, so a seed replays the same way):
 * mostly 0, some 1008, and for about one endpoint in eight the random error code
 * Prism made (never a session-expiry code, which would end the walk at the logout page,
 * and never on the sign-in and bootstrap calls).
 * The token exchange's random `id_token` ("velit ullamco") is made header-safe too:
 * with a space in it the mock refuses every call, and the walk would see one page.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { interceptApi } from './health';

const SESSION_EXPIRED = new Set([-2, -401, -403, -406, -407]);
/** Sign-in and bootstrap calls: an error there shows one error page for the whole seed (the fault pass covers it). */
const BOOTSTRAP = [
  '/oauth/v2/token',
  '/user/v1/login/detail',
  '/userconfig/v2/info',
  '/menu/v1/login/user/menus',
];

function bucket(seed: number, method: string, pathname: string): number {
  return createHash('sha256').update(`${seed} ${method} ${pathname}`).digest()[0]! % 16;
}

function chosenCode(seed: number, method: string, pathname: string, prismCode: number): number {
  const b = bucket(seed, method, pathname);
  if (BOOTSTRAP.some((end) => pathname.endsWith(end))) return b === 2 ? 1008 : 0;
  if (b < 2 && !SESSION_EXPIRED.has(prismCode)) return prismCode; // an error code: the region's error handling
  if (b === 2) return 1008; // "not an error"
  return 0;
}

export interface CodeStats {
  rewritten: number;
  errors: number;
}

export async function steerEnvelopeCodes(page: Page, seed: number, stats: CodeStats): Promise<void> {
  await interceptApi(page, async (route) => {
    const request = route.request();
    let response;
    try {
      response = await route.fetch();
    } catch {
      await route.abort().catch(() => undefined);
      return;
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      await route.fulfill({ response, body: text });
      return;
    }
    if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number') {
      const envelope = body as { code: number };
      const pathname = new URL(request.url()).pathname;
      envelope.code = chosenCode(seed, request.method(), pathname, envelope.code);
      const data = (body as { data?: { id_token?: unknown } }).data;
      if (pathname.endsWith('/oauth/v2/token') && data && typeof data.id_token === 'string') {
        envelope.code = 0;
        data.id_token = Buffer.from(data.id_token).toString('base64url') || 'fuzz-token';
      }
      stats.rewritten += 1;
      if (envelope.code !== 0 && envelope.code !== 1008) stats.errors += 1;
    }
    await route.fulfill({ response, json: body });
  });
}
