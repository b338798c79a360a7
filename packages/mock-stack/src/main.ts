/**
 * `workbench-mock` (in this repository `npm run mock`) — the mock stack on its own; USAGE says
 * how to run it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onTerminate } from './lib/processes';
import { startMockStack, type MockStack } from './index';
import { packageRoot } from './package-root';
import { scenarios } from './scenarios';

const USAGE = `Usage: workbench-mock [options]

The workbench's back end as a mock, on one port: the workbench, message and rbac services
(Prism, from the contracts' examples), the realtime socket, a dev sign-in, scenarios, QA
sessions kept per browser, and four sample sub-apps.

Options:
  --port N             the gateway's port (env MOCK_PORT, default 4010; 0 picks a free one)
  --dynamic            responses generated from the schemas instead of the examples
  --seed N             the seed of the generated responses (implies --dynamic)
  --state-file FILE    keep the QA sessions in FILE, across restarts (env MOCK_STATE_FILE)
  --log-requests       a line per request (or env MOCK_LOG=requests; failures are always logged)
  --quiet              no log at all
  --version            this package's version and the contracts'
  --help               this text`;

const { values } = parseArgs({
  options: {
    help: { type: 'boolean', default: false },
    version: { type: 'boolean', default: false },
    dynamic: { type: 'boolean', default: false },
    seed: { type: 'string' },
    port: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'log-requests': { type: 'boolean' },
    'state-file': { type: 'string' },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.version) {
  const versionOf = (file: string | URL) =>
    (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  const contracts = import.meta.resolve('@zhique/workbench-contracts/package.json');
  console.log(
    `@zhique/workbench-mock ${versionOf(path.join(packageRoot, 'package.json'))}\n` +
      `@zhique/workbench-contracts ${versionOf(new URL(contracts))}`,
  );
  process.exit(0);
}

const port = Number(values.port ?? process.env.MOCK_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.MOCK_PORT}`);
  process.exit(2);
}
let dynamicSeed: number | undefined;
if (values.dynamic || values.seed !== undefined) {
  dynamicSeed = Number(values.seed ?? 1);
  if (!Number.isInteger(dynamicSeed)) {
    console.error(`Invalid --seed: ${values.seed}`);
    process.exit(2);
  }
}

let stack: MockStack | undefined;
onTerminate(async () => stack?.stop(), { watchParents: true });

try {
  stack = await startMockStack({
    port,
    dynamicSeed,
    quiet: values.quiet,
    logRequests: values['log-requests'], // absent: MOCK_LOG decides
    stateFile: values['state-file'] ?? process.env.MOCK_STATE_FILE,
    warm: true,
  });
  console.log(`
Mock stack ready on ${stack.url}
  API             ${stack.url}/api/{workbench,message,rbac}/...
  realtime        ${stack.url.replace(/^http/, 'ws')}/api/message/v1/ws   (push: POST ${stack.url}/__mock/realtime/push)
  dev sign-in     ${stack.url}/sso/authorize?redirect_uri=...   logout: ${stack.url}/sso/logout?redirect=...
  scenarios       ${stack.url}/__mock/scenarios   (${scenarios.map((s) => s.name).join(', ')})
  QA session      ${stack.url}/__mock/state (GET export, PUT import), POST ${stack.url}/__mock/reset
  sample apps     ${stack.url}/__mock/apps/{manual,product,channel,engine}/
Ctrl-C stops everything.`);
} catch (error) {
  console.error(`Mock stack failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
