/**
 * `--replay FILE.har`: the calls of a recorded session answered from the file, offline. A call
 * is matched by method, path, query and body (credentials, which the recording redacted, left
 * out); failing that by method, path and query. The same call recorded several times is answered
 * in the recorded order, the last answer repeating. The recorded socket's server frames are sent
 * again at their recorded pace once the app's socket opens.
 */
import { readHar, REDACTED, redactJsonText, redactUrl, type HarEntry } from './har';

export interface ReplayAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ReplayFrame {
  /** Milliseconds after the socket opened. */
  at: number;
  data: string;
}

const API = /^\/api\//;

/** Method, path and query of a URL (query sorted, credentials as the recording wrote them). */
function callKey(method: string, url: URL): string {
  const query = [...new URL(redactUrl(url.toString())).searchParams].sort(([a], [b]) => a.localeCompare(b));
  return `${method.toUpperCase()} ${url.pathname}?${new URLSearchParams(query).toString()}`;
}

/** A JSON body as the recording would have written it (redacted, keys in a stable order). */
function bodyKey(text: string | undefined): string {
  if (!text) return '';
  const redacted = redactJsonText(text, 'request');
  try {
    return JSON.stringify(sortKeys(JSON.parse(redacted)));
  } catch {
    return redacted;
  }
}

function sortKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

class Queue {
  private next = 0;
  constructor(readonly answers: ReplayAnswer[]) {}
  take(): ReplayAnswer {
    const answer = this.answers[Math.min(this.next, this.answers.length - 1)]!;
    this.next += 1;
    return answer;
  }
}

function answerOf(entry: HarEntry): ReplayAnswer {
  const content = entry.response.content;
  const headers: Record<string, string> = {};
  for (const { name, value } of entry.response.headers) {
    if (/^(content-length|content-encoding|transfer-encoding|connection|keep-alive|set-cookie)$/i.test(name))
      continue;
    headers[name.toLowerCase()] = value;
  }
  if (!headers['content-type'] && content.mimeType) headers['content-type'] = content.mimeType;
  headers['x-replayed'] = 'har';
  const body =
    content.text === undefined
      ? Buffer.alloc(0)
      : content.encoding === 'base64'
        ? Buffer.from(content.text, 'base64')
        : Buffer.from(content.text, 'utf8');
  return { status: entry.response.status, statusText: entry.response.statusText, headers, body };
}

export class HarReplay {
  private readonly exact = new Map<string, Queue>();
  private readonly loose = new Map<string, Queue>();
  /** The recorded socket's server frames, in order, with their offsets. */
  readonly frames: ReplayFrame[] = [];
  readonly calls: number;

  constructor(readonly file: string) {
    const har = readHar(file);
    const exact = new Map<string, ReplayAnswer[]>();
    const loose = new Map<string, ReplayAnswer[]>();
    let calls = 0;
    for (const entry of har.log.entries) {
      let url: URL;
      try {
        url = new URL(entry.request.url);
      } catch {
        continue;
      }
      if (!API.test(url.pathname)) continue;
      if (entry._resourceType === 'websocket' || entry.response.status === 101) {
        // The first recorded socket is the session's (one per page; a replay serves one story).
        if (this.frames.length || !entry._webSocketMessages?.length) continue;
        const opened = Date.parse(entry.startedDateTime);
        for (const message of entry._webSocketMessages)
          if (message.type === 'receive')
            this.frames.push({
              at: Math.max(0, Math.round(message.time * 1000 - opened)),
              data: message.data,
            });
        continue;
      }
      calls += 1;
      const base = callKey(entry.request.method, url);
      const answer = answerOf(entry);
      const withBody = `${base} ${bodyKey(entry.request.postData?.text)}`;
      exact.set(withBody, [...(exact.get(withBody) ?? []), answer]);
      loose.set(base, [...(loose.get(base) ?? []), answer]);
    }
    for (const [key, answers] of exact) this.exact.set(key, new Queue(answers));
    for (const [key, answers] of loose) this.loose.set(key, new Queue(answers));
    this.calls = calls;
  }

  /** The recorded answer to a call, or undefined when the recording does not hold it. */
  answer(method: string, pathAndQuery: string, body: Buffer): ReplayAnswer | undefined {
    const url = new URL(pathAndQuery, 'http://replay.invalid');
    const base = callKey(method, url);
    const text = body.length ? body.toString('utf8') : undefined;
    return (this.exact.get(`${base} ${bodyKey(text)}`) ?? this.loose.get(base))?.take();
  }

  /** Whether a recorded answer carries a redacted credential (a sign-in must be answered live). */
  static carriesCredential(answer: ReplayAnswer): boolean {
    return answer.body.includes(REDACTED);
  }
}
