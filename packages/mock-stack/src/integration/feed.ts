/**
 * The findings as they happen, for the in-app list of a development build
 * (src/dev-tools/contract-findings): a Server-Sent Events stream at FEED_PATH — one `finding`
 * event per occurrence, the latest ones again to a page that connects — and STATUS_PATH, which says what the gateway talks to. Only the
 * integration gateway serves them; under the mock stack they are 404 and the app shows nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http';
import type { LiveChecks, LiveFinding } from './live-checks';

export const FEED_PATH = '/__contract/findings';
export const STATUS_PATH = '/__contract/status';

/** What the app's list shows of a finding. */
function feedEntry(finding: LiveFinding) {
  return {
    operationId: finding.operationId,
    kind: finding.kind,
    side: finding.side,
    message: finding.message,
    field: finding.field,
    expected: finding.expected,
    route: finding.route,
    time: finding.time,
    curl: finding.curl,
  };
}

/** How many recent occurrences a page that connects late is sent (its own first calls among them). */
const BACKLOG = 200;

export class FindingsFeed {
  private readonly streams = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;
  /** The latest occurrences: a page's list starts before its feed connects (the first calls). */
  private readonly backlog: string[] = [];

  constructor(
    private readonly checks: LiveChecks,
    private readonly status: () => Record<string, unknown>,
  ) {
    checks.subscribe((finding) => {
      const event = `event: finding\ndata: ${JSON.stringify(feedEntry(finding))}\n\n`;
      this.backlog.push(event);
      if (this.backlog.length > BACKLOG) this.backlog.shift();
      for (const stream of this.streams) stream.write(event);
    });
    // A comment now and then keeps proxies from closing a quiet stream.
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.write(': still here\n\n');
    }, 15_000);
    this.heartbeat.unref();
  }

  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (req.method !== 'GET') return false;
    if (url.pathname === STATUS_PATH) {
      sendJson(res, 200, { ...this.status(), findings: this.checks.report().findings.length });
      return true;
    }
    if (url.pathname !== FEED_PATH) return false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    // Then what happened lately: the page keeps the occurrences since it started loading.
    res.write(
      `retry: 2000\nevent: hello\ndata: ${JSON.stringify(this.status())}\n\n${this.backlog.join('')}`,
    );
    this.streams.add(res);
    req.on('close', () => this.streams.delete(res));
    return true;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }
}
