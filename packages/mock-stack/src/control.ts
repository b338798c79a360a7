/**
 * The mock's own routes under /__mock/ (mock-stack/README.md, "Routes"): the sample sub-apps,
 * scenario listing and choice, the realtime push trigger and client list, the QA session's
 * state, the dev pages' stylesheet and icon, and the health of each service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serviceDocuments } from '@zhique/workbench-contracts/reader';
import type { ContractIndex } from './contracts';
import {
  BodyTooLarge,
  corsHeaders,
  parseCookies,
  readJson,
  redirect,
  safeRelativePath,
  sendJson,
} from './http';
import type { PrismServices } from './prism-services';
import { parsePushRequest, type RealtimeHub } from './realtime';
import { findScenario, SCENARIO_COOKIE, scenarios, type Scenario } from './scenarios';
import { favicon, FAVICON_PATH, stylesheet, STYLESHEET_PATH } from './sso';
import type { StateLayer } from './state';
import { handleStateRoute } from './state/routes';
import { newSessionId, requestSession, sessionCookie, sessionKey } from './state/sessions';
import { STATIC_ROUTE, serveStaticImage } from './static-images';
import { serveSubApp, SUB_APPS_PREFIX } from './sub-apps';
import type { SubAppTokenIssuer } from './sub-app-tokens';

export interface ControlDependencies {
  state: StateLayer;
  hub: RealtimeHub;
  tokens: SubAppTokenIssuer;
  prisms: PrismServices;
  contracts: ContractIndex;
  dynamic: boolean;
  chosenScenario: (req: IncomingMessage) => Scenario | undefined;
  stateKey: (req: IncomingMessage) => string;
}

/** The handler of /__mock/…: resolves false for a path that is none of its routes. */
export function controlRoutes(deps: ControlDependencies) {
  const { state, hub, tokens, prisms, contracts, dynamic, chosenScenario, stateKey } = deps;
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const { pathname } = url;
    const method = req.method ?? 'GET';
    if (pathname.startsWith(SUB_APPS_PREFIX) || pathname === SUB_APPS_PREFIX.slice(0, -1)) {
      await serveSubApp(req, res, url, tokens);
      return true;
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, corsHeaders);
      res.end();
      return true;
    }
    if (pathname.startsWith(STATIC_ROUTE) && method === 'GET') {
      serveStaticImage(res, pathname.slice(STATIC_ROUTE.length));
      return true;
    }
    if (pathname === '/__mock/scenarios' && method === 'GET') {
      const current = chosenScenario(req)?.name ?? '';
      const list = scenarios.map((s) => ({ ...s, select: `/__mock/scenario/${s.name}` }));
      sendJson(res, 200, list, { 'X-Mock-Scenario': current || 'default' });
      return true;
    }
    const choose = /^\/__mock\/scenario\/([^/]+)$/.exec(pathname);
    if (choose && method === 'GET') {
      let name: string;
      try {
        name = decodeURIComponent(choose[1] ?? '');
      } catch {
        name = choose[1] ?? '';
      }
      const scenario = findScenario(name);
      if (!scenario) {
        sendJson(res, 404, {
          code: 404,
          msg: `Unknown scenario "${name}"`,
          scenarios: scenarios.map((s) => s.name),
        });
        return true;
      }
      // Switching scenario (or `?fresh=1`) starts a fresh QA session; choosing the same one again
      // (signing in again after a logout) continues it.
      const cookies = parseCookies(req.headers.cookie);
      const current = requestSession(req);
      const keep =
        current !== undefined &&
        url.searchParams.get('fresh') !== '1' &&
        (cookies[SCENARIO_COOKIE] === scenario.name ||
          (!cookies[SCENARIO_COOKIE] && state.store.hasSession(sessionKey(current, scenario.name))));
      redirect(res, safeRelativePath(url.searchParams.get('next')), {
        'Set-Cookie': [
          `${SCENARIO_COOKIE}=${encodeURIComponent(scenario.name)}; Path=/; SameSite=Lax`,
          sessionCookie(keep ? current : newSessionId()),
        ],
      });
      return true;
    }
    if (pathname === '/__mock/realtime/push' && method === 'POST') {
      let body: unknown;
      try {
        body = await readJson(req);
      } catch (error) {
        const status = error instanceof BodyTooLarge ? 413 : 400;
        sendJson(
          res,
          status,
          { code: status, msg: `Invalid JSON body: ${(error as Error).message}` },
          corsHeaders,
        );
        return true;
      }
      const request = parsePushRequest(body);
      if (typeof request === 'string') {
        sendJson(res, 400, { code: 400, msg: request }, corsHeaders);
        return true;
      }
      // The store first, then the event: the bell, the list and the event tell the same story.
      // The notice goes to the caller's session when it names one, else to the session of
      // every socket the event reaches.
      const caller = requestSession(req) ? stateKey(req) : undefined;
      const targets = hub.targets(request.uid, caller);
      // Nobody connected and no session named: the caller's default session keeps it for later.
      const sessions = new Set(
        caller ? [caller] : targets.length ? targets.map((t) => t.session) : [stateKey(req)],
      );
      const notices = [...sessions].map((key) => ({
        session: key,
        gids: state.addNotices(key, request.notice, request.count ?? 1),
      }));
      sendJson(res, 200, { delivered: hub.send(targets, request), notices }, corsHeaders);
      return true;
    }
    if (pathname === '/__mock/realtime/clients' && method === 'GET') {
      const clients = hub.clients();
      sendJson(res, 200, { uids: clients.map((c) => c.uid), clients }, corsHeaders);
      return true;
    }
    if (await handleStateRoute(state, req, res, url, stateKey(req))) return true;
    if (pathname === STYLESHEET_PATH && method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(stylesheet);
      return true;
    }
    if (pathname === FAVICON_PATH && method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' });
      res.end(favicon());
      return true;
    }
    if (pathname === '/__mock/health' && method === 'GET') {
      const services = Object.fromEntries(
        serviceDocuments.map((s) => {
          const health = prisms.health(s);
          return [
            s,
            health.status === 'up'
              ? {
                  status: 'up',
                  operations: contracts.operations(s).length,
                  pid: health.pid,
                  restarts: health.restarts,
                }
              : health,
          ];
        }),
      );
      sendJson(res, 200, {
        dynamic,
        services,
        realtime: { clients: hub.clients().length, restarts: hub.restarts },
      });
      return true;
    }
    return false;
  };
}
