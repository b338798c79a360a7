/**
 * The mock stack: one gateway (node:http) on one port in front of
 * - the three API services, each Prism process behind /api/workbench, /api/message, /api/rbac
 *   with the state layer and the sub-app token issuer (api-services.ts; Prism's processes are
 *   supervised by prism-services.ts, requests guarded by guard.ts);
 * - the realtime socket at /api/message/v1/ws and its push trigger (realtime.ts);
 * - the dev single sign-on at /sso/authorize and /sso/logout (sso.ts);
 * - scenario selection, QA sessions and the sample sub-apps under /__mock/ (control.ts).
 * This file starts the parts, routes each request to one of them and stops them. See README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServiceName } from '@zhique/workbench-contracts/reader';
import { apiServices, serviceOf } from './api-services';
import { buildClassicSample } from './classic-sample';
import { ContractIndex } from './contracts';
import { controlRoutes } from './control';
import { startGatewayServer, type GatewayServer } from './gateway/server';
import { PrismServices } from './prism-services';
import { RealtimeHub, REALTIME_PATH } from './realtime';
import { scenarioOf, stateKeyOf } from './request-scope';
import { scenarios } from './scenarios';
import { handleAuthorize, handleLogout } from './sso';
import { StateLayer } from './state';
import { newSessionId, requestSession, sessionCookie } from './state/sessions';
import { SubAppTokenIssuer } from './sub-app-tokens';

export { prismAuthorization } from './api-services';
export { scenarios, type Scenario } from './scenarios';

export interface MockStackOptions {
  /** Gateway port; 0 or absent picks a free one. */
  port?: number;
  /** Dynamic mode: Prism generates responses from the schemas (`-d --seed N`) instead of serving examples. */
  dynamicSeed?: number;
  /** No logging (tests). */
  quiet?: boolean;
  /**
   * A line per proxied request and per socket event (`[gateway] GET /api/… → 200 …`). Off by
   * default, so `npm start`'s URL banner stays on screen; `MOCK_LOG=requests` turns it on.
   * Failures (5xx, a broken contract, a gateway error) are logged either way.
   */
  logRequests?: boolean;
  /** Listen address; default both loopbacks (127.0.0.1 and ::1). MOCK_HOST overrides. */
  host?: string;
  /** SQLite file that keeps the QA sessions across restarts; in memory when absent. */
  stateFile?: string;
  /**
   * Pay the one-time costs of a first call while nobody waits (`npm start`, `npm run mock`):
   * each Prism's first answer and the state layer's response validators. Off in tests.
   */
  warm?: boolean;
}

export interface MockStack {
  url: string;
  port: number;
  /** Process ids of the Prism children now running (for checks that nothing is left behind). */
  readonly pids: number[];
  /** The process id of a service's Prism now running (a restarted one has a new id). */
  pid(service: ServiceName): number | undefined;
  stop(): Promise<void>;
}

/** `MOCK_LOG=requests` (a comma-separated list, so more kinds can join it) turns the request log on. */
export function requestLogFromEnv(value = process.env.MOCK_LOG): boolean {
  return (value ?? '')
    .split(',')
    .map((kind) => kind.trim().toLowerCase())
    .includes('requests');
}

export async function startMockStack(options: MockStackOptions = {}): Promise<MockStack> {
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  const warn = options.quiet ? () => undefined : (line: string) => console.warn(line);
  const logRequests = options.logRequests ?? requestLogFromEnv();
  const requestLog = logRequests ? log : () => undefined;
  const dynamic = options.dynamicSeed !== undefined;
  const contracts = new ContractIndex();
  const hub = new RealtimeHub(undefined, requestLog, warn);
  const state = new StateLayer(() => contracts.allOperations(), { file: options.stateFile });
  const tokens = new SubAppTokenIssuer();
  // The classic sample sub-app builds (when its sources changed) while Prism starts.
  const sampleBuilt = buildClassicSample(log).catch((error: unknown) =>
    warn(`[mock] the classic sample sub-app (product) could not be built: ${String(error)}`),
  );

  let stopping: Promise<void> | undefined;
  const prisms = await PrismServices.start({
    dynamicSeed: options.dynamicSeed,
    quiet: options.quiet,
    warn,
  }).catch(async (error: unknown) => {
    await sampleBuilt;
    throw error;
  });
  await sampleBuilt;
  for (const key of contracts.unknownOverrideKeys(scenarios)) {
    warn(`[mock] scenario override "${key}" names no operation in the documents`);
  }
  for (const id of state.unknownHandlers()) {
    warn(`[mock] the state layer has a handler for "${id}", which names no operation in the documents`);
  }

  const api = apiServices({ contracts, prisms, state, tokens, dynamic, warn, requestLog });

  const handleMock = controlRoutes({
    state,
    hub,
    tokens,
    prisms,
    contracts,
    dynamic,
    chosenScenario: scenarioOf,
    stateKey: stateKeyOf,
  });

  const handleRequest = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const service = serviceOf(url.pathname);
    if (service) {
      await api.handle(req, res, url, service);
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/sso/authorize') {
      handleAuthorize(req, res, url, requestSession(req) ? undefined : sessionCookie(newSessionId()));
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/sso/logout') {
      handleLogout(req, res, url);
      return true;
    }
    return url.pathname.startsWith('/__mock/') && (await handleMock(req, res, url));
  };

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean => {
    if (url.pathname !== REALTIME_PATH) return false;
    hub.handleUpgrade(req, socket, head, stateKeyOf(req));
    return true;
  };

  let server: GatewayServer;
  try {
    server = await startGatewayServer(
      { request: handleRequest, upgrade: handleUpgrade },
      { port: options.port, host: options.host, warn },
    );
  } catch (error) {
    await prisms.stop();
    throw error;
  }

  const stop = () => {
    stopping ??= (async () => {
      await hub.close();
      await server.close();
      await prisms.stop();
      state.close();
    })();
    return stopping;
  };

  if (options.warm)
    api
      .warmUp(() => stopping !== undefined)
      .catch((error: unknown) => warn(`[mock] warm-up: ${String(error)}`));

  const url = server.url;
  log(`[mock] gateway on ${url}${dynamic ? ` (dynamic responses, seed ${options.dynamicSeed})` : ''}`);
  return {
    url,
    port: server.port,
    get pids() {
      return prisms.pids;
    },
    pid: (service) => prisms.pid(service),
    stop,
  };
}
