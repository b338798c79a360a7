/** The run's report: readable text for a terminal, JSON (`--report`) and JUnit XML (`--junit`). */
import type { Finding } from './findings';
import type { RunReport } from './run';

export function textReport(report: RunReport, quiet: boolean): string {
  const lines: string[] = [];
  const byOperation = new Map<string, typeof report.findings>();
  for (const finding of report.findings) {
    const list = byOperation.get(finding.operationId) ?? [];
    list.push(finding);
    byOperation.set(finding.operationId, list);
  }
  for (const op of report.operations) {
    const found = byOperation.get(op.operationId)?.length ?? 0;
    if (quiet && !found) continue;
    lines.push(
      `${found ? '✘' : '✔'} ${op.method.padEnd(6)} ${op.path}  ${op.operationId} — ${op.requests} requests${found ? `, ${found} finding(s)` : ''}`,
    );
  }
  for (const [operationId, list] of byOperation) {
    lines.push('', `── ${operationId}`);
    for (const f of list) {
      lines.push(
        `  [${f.kind}] ${f.message}`,
        `    request:  ${f.request.method} ${f.request.url}${f.request.body ? `  body ${f.request.body.slice(0, 160)}` : ''}`,
        `    expected: ${f.expected}`,
        `    actual:   ${typeof f.actual === 'string' ? f.actual.slice(0, 200) : `${f.actual.status} ${f.actual.body.slice(0, 200)}`}`,
        `    reproduce: ${f.curl}`,
      );
    }
  }
  if (report.warnings.length) {
    lines.push('', `${report.warnings.length} warning(s)${quiet ? ' (--quiet: not listed)' : ':'}`);
    if (!quiet) for (const w of report.warnings) lines.push(`  ! ${w.operationId} [${w.kind}] ${w.message}`);
  }
  const kinds = [...new Set(report.findings.map((f) => f.kind))];
  lines.push(
    '',
    `${report.operations.length} operation(s), ${report.requests} request(s), ${report.socketFrames} socket frame(s), ${(report.ms / 1000).toFixed(1)} s, seed ${report.seed}`,
    report.findings.length
      ? `✘ ${report.findings.length} finding(s) in ${byOperation.size} operation(s): ${kinds.join(', ')}`
      : '✔ no findings',
  );
  return lines.join('\n');
}

/** A finding as the JSON report writes it (the integration gateway's report adds to it). */
export const findingJson = ({
  operationId,
  kind,
  message,
  request,
  expected,
  actual,
  curl,
  field,
}: Finding) => ({
  operationId,
  kind,
  message,
  ...(field !== undefined && { field }),
  request,
  expected,
  actual,
  curl,
});

/** `--report FILE`: one object per violation in `findings`; warnings in their own array. */
export function jsonReport(report: RunReport): string {
  return `${JSON.stringify(
    {
      upstream: report.upstream,
      seed: report.seed,
      summary: { operations: report.operations.length, requests: report.requests, ms: Math.round(report.ms) },
      findings: report.findings.map(findingJson),
      warnings: report.warnings,
    },
    null,
    2,
  )}\n`;
}

const xml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** `--junit FILE`: a test case per operation (and the socket), a failure per finding. */
export function junitReport(report: RunReport): string {
  const cases = report.operations.map((op) => ({
    name: `${op.method} ${op.path} (${op.operationId})`,
    id: op.operationId,
  }));
  for (const f of report.findings)
    if (!cases.some((c) => c.id === f.operationId)) cases.push({ name: f.operationId, id: f.operationId });
  const body = cases
    .map((c) => {
      const failures = report.findings
        .filter((f) => f.operationId === c.id)
        .map(
          (f) =>
            `      <failure type="${xml(f.kind)}" message="${xml(f.message)}">${xml(`expected: ${f.expected}\nreproduce: ${f.curl}`)}</failure>`,
        )
        .join('\n');
      return `    <testcase classname="contract" name="${xml(c.name)}">${failures ? `\n${failures}\n    ` : ''}</testcase>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="contract conformance" tests="${cases.length}" failures="${report.findings.length}" time="${(report.ms / 1000).toFixed(3)}">
  <testsuite name="${xml(report.upstream)}" tests="${cases.length}" failures="${report.findings.length}">
${body}
  </testsuite>
</testsuites>
`;
}
