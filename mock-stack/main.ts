/**
 * `npm run mock` — the mock stack on its own.
 *   MOCK_PORT=4010 npm run mock                 examples (the scenario chooses which)
 *   npm run mock -- --dynamic --seed 42         responses generated from the schemas
 *   npm run mock -- --log-requests              a line per request (or MOCK_LOG=requests; failures always)
 *   npm run mock -- --quiet                     no log at all
 *   npm run mock -- --state-file qa.sqlite      QA sessions kept in a file (survive a restart)
 */
import { parseArgs } from 'node:util';
import { onTerminate } from './lib/processes';
import { startMockStack, type MockStack } from './index';
import { scenarios } from './scenarios';

const { values } = parseArgs({
  options: {
    dynamic: { type: 'boolean', default: false },
    seed: { type: 'string' },
    port: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'log-requests': { type: 'boolean' },
    'state-file': { type: 'string' },
  },
});

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
