/**
 * What the integration gateway's live checks cost each call (issue 39: "at most a few
 * milliseconds at the 95th percentile"): the same calls sent to the mock stack directly and
 * through an integration gateway in front of it (`--upstream`), alternating, one at a time;
 * the time each took, by the percentiles, and the gateway's share per call (paired difference).
 * Part of `npm run bench`; on its own: `npm run bench:gateway` (no build, no browser).
 */
import { startIntegrationGateway } from '@zhique/workbench-mock/integration';
import { startMockStack } from '@zhique/workbench-mock';

const CALLS = Number(process.env.BENCH_GATEWAY_CALLS ?? 300);
const TOKEN = 'YmVuY2g6Z2F0ZXdheS1vdmVyaGVhZA==';
const HEADERS = { authorization: `Basic ${TOKEN}`, 'x-tenant-id': 't-personal-1001' };

/** The calls of a first page: a small answer, a list with a body, a larger list. */
const CALLS_OF_A_PAGE: { path: string; init?: RequestInit }[] = [
  { path: '/api/workbench/userconfig/v2/info' },
  {
    path: '/api/message/v1/tenant/t-personal-1001/user/u-1001/msg/list',
    init: {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({
        app_name: '',
        readState: 2,
        index: 1,
        page_size: 100,
        uid: 'u-1001',
        tid: 't-personal-1001',
      }),
    },
  },
  { path: '/api/workbench/menu/v1/login/user/menus' },
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timed(url: string, init?: RequestInit): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, { headers: HEADERS, ...init });
  await answer.arrayBuffer();
  return performance.now() - started;
}

export async function measureGatewayOverhead(mockUrl: string): Promise<string[]> {
  const gateway = await startIntegrationGateway({
    mode: { kind: 'upstream', upstream: mockUrl },
    quiet: true,
  });
  try {
    const direct: number[] = [];
    const through: number[] = [];
    const paired: number[] = [];
    // Warm both paths (Prism's first answers, the validators' compiles) before measuring.
    for (const call of CALLS_OF_A_PAGE) {
      await timed(`${mockUrl}${call.path}`, call.init);
      await timed(`${gateway.url}${call.path}`, call.init);
    }
    for (let i = 0; i < CALLS; i++) {
      const call = CALLS_OF_A_PAGE[i % CALLS_OF_A_PAGE.length]!;
      // Alternate which goes first, so neither gains from the other's warm caches.
      const gatewayFirst = i % 2 === 0;
      const second = gatewayFirst ? await timed(`${gateway.url}${call.path}`, call.init) : 0;
      const first = await timed(`${mockUrl}${call.path}`, call.init);
      const viaGateway = gatewayFirst ? second : await timed(`${gateway.url}${call.path}`, call.init);
      direct.push(first);
      through.push(viaGateway);
      paired.push(viaGateway - first);
    }
    const findings = gateway.checks.report().findings.length;
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    return [
      `\nIntegration gateway (live contract checks) in front of the mock stack, ${CALLS} calls alternating:`,
      `  direct to the mock:      p50 ${ms(percentile(direct, 50))}   p95 ${ms(percentile(direct, 95))}`,
      `  through the gateway:     p50 ${ms(percentile(through, 50))}   p95 ${ms(percentile(through, 95))}`,
      `  gateway's share a call:  p50 ${ms(percentile(paired, 50))}   p95 ${ms(percentile(paired, 95))}   (target: a few ms at p95)`,
      `  findings:                ${findings} (an honest upstream: 0)`,
    ];
  } finally {
    await gateway.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stack = await startMockStack({ quiet: true });
  try {
    for (const line of await measureGatewayOverhead(stack.url)) console.log(line);
  } finally {
    await stack.stop();
  }
}
