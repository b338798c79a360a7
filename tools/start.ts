/**
 * `npm start`: the mock stack (gateway on MOCK_PORT, default 4010) and the Vite dev
 * server (PORT, default 5173), which proxies /api (socket too), /sso and /__mock to it.
 * `npm start -- --state-file qa.sqlite` (or MOCK_STATE_FILE) keeps the QA sessions of the
 * mock stack in that file, so they survive a restart.
 * `npm start -- --log-requests` (or MOCK_LOG=requests) logs a line per gateway request; by
 * default only failures are, so the URL banner stays on screen.
 * `npm run preview`: the same with the production build (`vite build` first when
 * dist/ is missing or was built from other inputs — sources, config, `VITE_*` values:
 * vite-plugins/build-inputs.ts — or always with `--build`).
 *
 * Against a real back end instead of the mock (packages/mock-stack/src/integration, docs/frontend.md "Against a real
 * back end"): the same gateway port forwards and checks every call and socket frame.
 *   npm start -- --upstream https://staging.example.com [--token TOKEN] [--insecure]
 *                [--record session.har] [--report findings.json] [--junit findings.xml]
 *   npm start -- --replay session.har [--strict] [--report findings.json]
 * (`npm run preview -- …` the same with the production build.)
 *
 * Ctrl-C (SIGINT), SIGTERM or SIGHUP stop everything; the children run in their own
 * process groups and are killed as groups, and a reaper kills them if we die abruptly.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  startIntegrationGateway,
  type IntegrationGateway,
  type IntegrationMode,
} from '@zhique/workbench-mock/integration';
import { startMockStack, type MockStack } from '@zhique/workbench-mock';
import { scenarios } from '@zhique/workbench-mock';
import { onTerminate, spawnManaged, type ManagedProcess } from '@zhique/workbench-mock/processes';
import { waitForHttp } from '@zhique/workbench-mock/processes';
import { nodeBinary, packageBin, projectRoot } from './lib/paths';
import { buildWhenStale, ensurePortsFree, portFrom } from './lib/local-servers';
import { WARMUP_PATH } from '../vite-plugins/dev-warmup';

const USAGE = `Usage: npm start -- [--upstream URL [--token TOKEN] [--insecure] [--record FILE.har] | --replay FILE.har [--strict]]
                  [--report FILE.json] [--junit FILE.xml] [--state-file FILE] [--log-requests]`;

function usage(message: string): never {
  console.error(`[start] ${message}\n${USAGE}`);
  process.exit(2);
}

let values: {
  preview: boolean;
  build: boolean;
  'state-file'?: string;
  'log-requests'?: boolean;
  upstream?: string;
  token?: string;
  insecure: boolean;
  record?: string;
  replay?: string;
  strict: boolean;
  report?: string;
  junit?: string;
};
try {
  ({ values } = parseArgs({
    options: {
      preview: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      'state-file': { type: 'string' },
      'log-requests': { type: 'boolean' },
      upstream: { type: 'string' },
      token: { type: 'string' },
      insecure: { type: 'boolean', default: false },
      record: { type: 'string' },
      replay: { type: 'string' },
      strict: { type: 'boolean', default: false },
      report: { type: 'string' },
      junit: { type: 'string' },
    },
  }));
} catch (error) {
  usage((error as Error).message);
}

/** The integration mode the flags ask for, or undefined for the mock stack. */
function integrationMode(): IntegrationMode | undefined {
  const upstream = values.upstream ?? process.env.UPSTREAM_URL;
  if (upstream && values.replay) usage('--upstream and --replay exclude each other');
  if (values.strict && !values.replay) usage('--strict is for --replay');
  if (values.record && !upstream) usage('--record needs --upstream (a replay is already a recording)');
  if ((values.token || values.insecure) && !upstream) usage('--token and --insecure are for --upstream');
  if ((values.report || values.junit) && !upstream && !values.replay)
    usage('--report and --junit are for --upstream or --replay (the mock checks its own answers)');
  if (upstream) return { kind: 'upstream', upstream, insecure: values.insecure };
  if (values.replay) return { kind: 'replay', har: values.replay, strict: values.strict };
  return undefined;
}
const mode = integrationMode();

const outDir = path.join(projectRoot, process.env.VITE_OUT_DIR ?? 'dist');

/**
 * Waits (at most a minute) until the dev server has warmed its module graph. A failed or slow
 * warm-up costs only the first page its speed, so the banner comes anyway.
 */
async function devServerWarm(port: number): Promise<void> {
  try {
    const answer = await fetch(`http://localhost:${port}${WARMUP_PATH}`, {
      signal: AbortSignal.timeout(60_000),
    });
    await answer.body?.cancel();
  } catch {
    // shown without it
  }
}

const port = portFrom('PORT', 5173);
const mockPort = portFrom('MOCK_PORT', 4010);
const preview = values.preview;

let stack: MockStack | IntegrationGateway | undefined;
let web: ManagedProcess | undefined;
let shuttingDown = false;
const stopEverything = async () => {
  shuttingDown = true;
  await web?.stop();
  await stack?.stop();
};

/** The mock stack, or the integration gateway on the same port when the flags ask for a back end. */
function startGateway(): Promise<MockStack | IntegrationGateway> {
  if (!mode)
    return startMockStack({
      port: mockPort,
      stateFile: values['state-file'] ?? process.env.MOCK_STATE_FILE,
      logRequests: values['log-requests'], // absent: MOCK_LOG decides
      warm: true,
    });
  return startIntegrationGateway({
    mode,
    port: mockPort,
    token: values.token ?? process.env.UPSTREAM_TOKEN,
    record: values.record,
    report: values.report,
    junit: values.junit,
    logRequests: values['log-requests'],
  });
}

function banner(open: string, gateway: MockStack | IntegrationGateway): string {
  if (!('describe' in gateway))
    return `  Scenarios:   ${open}__mock/scenarios  (choose one: ${open}__mock/scenario/NAME?next=/ — ${scenarios.map((s) => s.name).join(', ')})
  Mock gateway: ${gateway.url}  (a line per request: npm start -- --log-requests)`;
  const signIn =
    values.token || process.env.UPSTREAM_TOKEN
      ? 'signed in with the given token (--token)'
      : mode?.kind === 'replay'
        ? 'signed in locally (the recording’s tokens were redacted)'
        : 'through the upstream’s own SSO (or start with --token TOKEN)';
  return `  ${mode?.kind === 'replay' ? 'Replaying:  ' : 'Upstream:   '} ${gateway.describe}
  Sign-in:     ${signIn}
  Contracts:   every call and socket frame checked; violations here${preview ? '' : ' and in the app (the badge at the bottom right)'}${
    values.report ? `, report ${values.report} when stopped` : ''
  }${
    values.record
      ? `
  Recording:   ${values.record} (credentials redacted)`
      : ''
  }
  Gateway:     ${gateway.url}  (a line per call: --log-requests)`;
}
onTerminate(stopEverything, { watchParents: true });

async function main(): Promise<void> {
  await ensurePortsFree({ PORT: port, MOCK_PORT: mockPort });
  if (preview)
    await buildWhenStale(outDir, { force: values.build, log: (line) => console.log(`[start] ${line}`) });

  const stackStarted = startGateway();

  // Vite needs only the gateway's port, known already: it starts (and warms up) while the
  // mock stack does. Nothing reaches the gateway through it before the banner.
  const args = preview
    ? [packageBin('vite'), 'preview', '--port', String(port), '--strictPort']
    : // Behind the integration gateway the dev build listens to its findings feed (main.tsx).
      [
        packageBin('vite'),
        '--port',
        String(port),
        '--strictPort',
        ...(mode ? ['--mode', 'integration'] : []),
      ];
  web = spawnManaged(preview ? 'vite preview' : 'vite', nodeBinary(), args, {
    cwd: projectRoot,
    inherit: true,
    env: {
      ...process.env,
      PORT: String(port),
      MOCK_PORT: String(mockPort),
    },
  });
  const server = web;
  stack = await stackStarted;
  await waitForHttp(`http://localhost:${port}/`, {
    timeoutMs: 120_000,
    abort: () => (server.hasExited() ? `${server.name} exited while starting` : undefined),
  });
  // The dev server transforms the app's module graph as it starts (vite-plugins/dev-warmup.ts); the
  // URL is shown once that is done, so the first page opened is served from the warm cache.
  if (!preview) await devServerWarm(port);

  const open = `http://localhost:${port}/`;
  console.log(`
  Workbench (${preview ? 'production build' : 'dev server'}):  ${open}
${banner(open, stack)}
  Ctrl-C stops everything.
`);

  // If the web server stops on its own, take the mock stack down with it.
  const code = await server.exited;
  if (shuttingDown) return;
  console.error(`[start] ${server.name} exited (${code}); stopping the gateway`);
  await stack.stop();
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}

main().catch(async (error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  await stopEverything();
  process.exit(1);
});
