/**
 * The frame's side of the handshake (src/sub-app-protocol/messages.ts): it says hello to the
 * shell that embeds it and waits for the welcome with the port, from the parent window and
 * the shell's origin only.
 */
import { WELCOME_MS } from '@/sub-app-protocol/limits';
import { FRAME_CHANNEL, isWelcome, type Hello, type Welcome } from '@/sub-app-protocol/messages';

/**
 * The shell's origin: the only origin allowed to embed this page (its `frame-ancestors`), as
 * the browser reports it (`ancestorOrigins`), or from the referrer the shell sends. Null when
 * the page is not in a frame.
 */
export function shellOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins;
  if (ancestors?.length) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** Says hello to the shell at `origin`; the welcome and its port, or null after `limitMs`. */
export function handshake(
  origin: string,
  limitMs = WELCOME_MS,
): Promise<{ welcome: Welcome; port: MessagePort } | null> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, limitMs);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.origin !== origin || !isWelcome(event.data)) return;
      const port = event.ports[0];
      if (!port) return;
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve({ welcome: event.data, port });
    };
    window.addEventListener('message', onMessage);
    const hello: Hello = { channel: FRAME_CHANNEL, kind: 'hello' };
    window.parent.postMessage(hello, origin);
  });
}
