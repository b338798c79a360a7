/**
 * What a run of the integration gateway leaves behind (`--report FILE`): the JSON of
 * `contract:verify --report` — the same finding fields — plus where each finding happened (the
 * route and time), which side broke the contract and how often; and JUnit beside it for CI
 * (`--junit FILE`, by default FILE with `.junit.xml`), written by the checker's own writer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findingJson, junitReport } from '@zhique/workbench-contract-verify';
import type { LiveReport } from './live-checks';

function liveJsonReport(report: LiveReport): string {
  return `${JSON.stringify(
    {
      upstream: report.upstream,
      // No generated requests: nothing to seed (contract:verify's shape keeps the key).
      seed: null,
      mode: report.mode,
      startedAt: report.startedAt,
      summary: {
        operations: report.operations.length,
        requests: report.requests,
        ms: report.ms,
        socketFrames: report.socketFrames,
      },
      operations: report.operations,
      findings: report.findings.map((f) => ({
        ...findingJson(f),
        side: f.side,
        route: f.route,
        time: f.time,
        occurrences: f.occurrences,
      })),
      warnings: report.warnings,
    },
    null,
    2,
  )}\n`;
}

/** `report.json` → `report.junit.xml`. */
const junitBeside = (file: string): string => `${file.replace(/\.json$/i, '')}.junit.xml`;

export function writeLiveReports(report: LiveReport, files: { json?: string; junit?: string }): string[] {
  const written: string[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  };
  if (files.json) write(files.json, liveJsonReport(report));
  const junit = files.junit ?? (files.json ? junitBeside(files.json) : undefined);
  if (junit)
    write(
      junit,
      junitReport({
        upstream: report.upstream,
        seed: 0,
        findings: report.findings,
        warnings: report.warnings,
        operations: report.operations,
        requests: report.requests,
        socketFrames: report.socketFrames,
        ms: report.ms,
      }),
    );
  return written;
}
