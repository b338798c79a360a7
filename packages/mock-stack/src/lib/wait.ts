import http from 'node:http';

/** One GET to `url`; resolves with the status code, rejects on connection errors. */
function probe(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Stop waiting early (e.g. the process that should answer has exited); return a reason. */
  abort?: () => string | undefined;
}

/** Polls `url` until it answers with any HTTP status. */
export async function waitForHttp(url: string, options: WaitOptions = {}): Promise<void> {
  const { timeoutMs = 30_000, intervalMs = 150, abort } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: string;
  for (;;) {
    const reason = abort?.();
    if (reason) throw new Error(reason);
    try {
      await probe(url, 1000);
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
