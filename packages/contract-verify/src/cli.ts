/**
 * `workbench-contract-verify --upstream URL` — checks a running server against the workbench's
 * contracts (the OpenAPI documents and the realtime socket's AsyncAPI document of
 * @zhique/workbench-contracts, or a folder given with --contracts), for backend teams. In this
 * repository: `npm run contract:verify -- --upstream URL`. How it checks: run.ts.
 *
 * Exit code: 0 no finding, 1 findings, 2 upstream unreachable or a usage error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openapiDir } from '@zhique/workbench-contracts/reader';
import { jsonReport, junitReport, textReport } from './report';
import { runConformance, UsageError } from './run';

const USAGE = `Usage: workbench-contract-verify --upstream http://host:port [options]

Checks a running server against the workbench's contracts: every operation of the
workbench, message and rbac services (generated, boundary and negative requests, answers
checked for status, content type, envelope, schema and time), authentication, tenant
isolation, create→read→update→delete sequences and the realtime socket.

Options:
  --upstream URL       server to check (required); the services live at URL/api/<service>
  --contracts DIR      check against the documents in DIR (workbench.yaml, message.yaml,
                       rbac.yaml, shared.yaml, realtime.asyncapi.yaml) instead of those of
                       the installed @zhique/workbench-contracts
  --token T            token for \`Authorization: Basic T\` (env VERIFY_TOKEN, default "verify")
  --tenant ID          X-Tenant-Id (env VERIFY_TENANT, default t-personal-1001)
  --expired-token T    a token the server knows to be expired (env VERIFY_EXPIRED_TOKEN)
  --other-tenant ID    a tenant the credential does not belong to (default t-conformance-other)
  --allow-writes       also POST/PUT/DELETE, and the create→read→update→delete sequences
                       (default: read-only — GETs and the POSTs marked x-conformance safe;
                       operations marked unsafe are never sent generated data)
  --operation ID,...   only these operationIds
  --seed N             seed of the generated requests (default: random, printed)
  --max-examples N     property-based requests per operation (default 10)
  --rate N             at most N requests per second (default: no limit)
  --timeout-ms N       no answer within N ms is a finding (default 60000, the app's timeout)
  --slow-ms N          answers slower than N ms are warnings (default 2000)
  --socket-wait N      ms to wait for socket frames (default 5000); --no-socket skips the socket
  --uid ID             user id for the socket's register message (default: the user config's gid)
  --report FILE        JSON report: { findings: [...], warnings: [...] }
  --junit FILE         JUnit XML report for CI
  --quiet              only operations with findings
  --version            the checker's and the contracts' versions
  --help               this text

Exit code: 0 no finding, 1 findings, 2 upstream unreachable or a usage error.`;

/** A usage error: what is wrong, the usage line, and where the rest is (exit code 2). */
function fail(message: string): never {
  console.error(`${message}\n${USAGE.split('\n')[0]}\n(--help lists every option)`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      upstream: { type: 'string' },
      token: { type: 'string' },
      tenant: { type: 'string' },
      'expired-token': { type: 'string' },
      'other-tenant': { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      operation: { type: 'string' },
      seed: { type: 'string' },
      'max-examples': { type: 'string' },
      rate: { type: 'string' },
      'timeout-ms': { type: 'string' },
      'slow-ms': { type: 'string' },
      'socket-wait': { type: 'string' },
      'no-socket': { type: 'boolean', default: false },
      uid: { type: 'string' },
      report: { type: 'string' },
      junit: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      contracts: { type: 'string' },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The version field of a package.json one level above this file (src/ or dist/). */
function versionOf(packageJson: string): string {
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}
const checkerVersion = versionOf(path.join(import.meta.dirname, '..', 'package.json'));
const contractsVersion = versionOf(path.join(openapiDir, '..', 'package.json'));
if (values.version) {
  console.log(
    `@zhique/workbench-contract-verify ${checkerVersion}\n@zhique/workbench-contracts ${contractsVersion}`,
  );
  process.exit(0);
}

const contractsDir = typeof values.contracts === 'string' ? path.resolve(values.contracts) : undefined;
if (contractsDir) {
  const missing = ['workbench', 'message', 'rbac', 'shared', 'realtime.asyncapi'].filter(
    (name) => !existsSync(path.join(contractsDir, `${name}.yaml`)),
  );
  if (missing.length) fail(`--contracts ${contractsDir} lacks ${missing.map((n) => `${n}.yaml`).join(', ')}`);
}

const integer = (name: string, fallback: number): number => {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number ≥ 0 (got ${String(raw)})`);
  return n;
};

const upstream = typeof values.upstream === 'string' ? values.upstream.replace(/\/$/, '') : undefined;
if (!upstream) fail('--upstream is required');
if (values['allow-writes'] && values['read-only']) fail('--allow-writes and --read-only exclude each other');

try {
  await fetch(upstream, { signal: AbortSignal.timeout(10_000) });
} catch (error) {
  console.error(`The upstream ${upstream} cannot be reached: ${(error as Error).message}`);
  process.exit(2);
}

console.log(
  `Checking ${upstream} against ${contractsDir ?? `@zhique/workbench-contracts ${contractsVersion}`}` +
    ` (@zhique/workbench-contract-verify ${checkerVersion})`,
);
const seed = integer('seed', Math.floor(Math.random() * 2 ** 31));
const report = await runConformance({
  upstream,
  credentials: {
    token: (values.token as string | undefined) ?? process.env.VERIFY_TOKEN ?? 'verify',
    tenant: (values.tenant as string | undefined) ?? process.env.VERIFY_TENANT ?? 't-personal-1001',
  },
  expiredToken: (values['expired-token'] as string | undefined) ?? process.env.VERIFY_EXPIRED_TOKEN,
  otherTenant: (values['other-tenant'] as string | undefined) ?? 't-conformance-other',
  allowWrites: values['allow-writes'] === true,
  operations:
    typeof values.operation === 'string'
      ? values.operation
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  seed,
  maxExamples: integer('max-examples', 10),
  rate: integer('rate', 0),
  timeoutMs: integer('timeout-ms', 60_000),
  slowMs: integer('slow-ms', 2_000),
  socketWaitMs: values['no-socket'] ? false : integer('socket-wait', 5_000),
  uid: values.uid as string | undefined,
  contractsDir,
}).catch((error: unknown) => {
  // A usage problem or a failure of the checker itself is not a finding about the server.
  console.error(
    error instanceof UsageError
      ? error.message
      : `The check could not run: ${(error as Error).stack ?? String(error)}`,
  );
  process.exit(2);
});

console.log(textReport(report, values.quiet === true));
try {
  if (typeof values.report === 'string') writeFileSync(values.report, jsonReport(report));
  if (typeof values.junit === 'string') writeFileSync(values.junit, junitReport(report));
} catch (error) {
  console.error(`The report could not be written: ${(error as Error).message}`);
  process.exit(2);
}
process.exit(report.findings.length ? 1 : 0);
