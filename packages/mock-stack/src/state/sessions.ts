/**
 * Which QA session a request belongs to.
 *
 * A browser profile (or any client with a cookie jar) gets the cookie `mock_session`
 * from the scenario switch or the dev sign-in; a script may name a session with the
 * header `X-Mock-Session`. The data of a session is kept per scenario: the store key
 * is `<session>|<scenario>`. Requests with neither share the session `default` of
 * their scenario, so curl and `contract:verify` work as before.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parseCookies } from '../http';

const SESSION_COOKIE = 'mock_session';
const SESSION_HEADER = 'x-mock-session';
const DEFAULT_SESSION = 'default';

/** Session ids: letters, digits, `-`, `_`, `.` (1–64); anything else is ignored. */
const VALID = /^[A-Za-z0-9._-]{1,64}$/;

/** The session the request names (header first, then cookie), if any. */
export function requestSession(req: IncomingMessage): string | undefined {
  const header = req.headers[SESSION_HEADER];
  if (typeof header === 'string' && VALID.test(header)) return header;
  const cookie = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  return cookie && VALID.test(cookie) ? cookie : undefined;
}

export function sessionKey(session: string | undefined, scenario: string | undefined): string {
  return `${session ?? DEFAULT_SESSION}|${scenario ?? 'default'}`;
}

export function splitKey(key: string): { session: string; scenario: string } {
  const [session = DEFAULT_SESSION, scenario = 'default'] = key.split('|');
  return { session, scenario };
}

export function newSessionId(): string {
  return randomUUID();
}

/** A QA session outlives a browser restart (30 days). */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly`;
}
