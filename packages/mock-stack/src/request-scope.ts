/**
 * Which scenario and which QA session a request belongs to: the scenario by a header (for
 * scripts and tests) or the cookie the dev sign-in sets; the session by its header or cookie.
 * Every part of the gateway keys what it answers by these.
 */
import type { IncomingMessage } from 'node:http';
import { parseCookies } from './http';
import { findScenario, SCENARIO_COOKIE, type Scenario } from './scenarios';
import { requestSession, sessionKey } from './state/sessions';

/** Header that chooses a scenario for one request (wins over the cookie); handy for scripts and tests. */
const SCENARIO_HEADER = 'x-mock-scenario';

/** The scenario a request asks for: its header, else its cookie. */
export function scenarioOf(req: IncomingMessage): Scenario | undefined {
  const header = req.headers[SCENARIO_HEADER];
  return findScenario(
    typeof header === 'string' && header ? header : parseCookies(req.headers.cookie)[SCENARIO_COOKIE],
  );
}

/** The store key of a request: its session (header or cookie) and its scenario. */
export function stateKeyOf(req: IncomingMessage): string {
  return sessionKey(requestSession(req), scenarioOf(req)?.name);
}
