/**
 * Who listens to what any embedded app sends (the notices feature, for `notices-changed`).
 * A module of its own, so that a feature can listen without loading the channel and its
 * contract's validators (./channel.ts, about 5 KB gzip), which a page without an app never
 * needs: only a frame sends, a frame connects through the channel, and the channel tells
 * these listeners.
 */
import type { SubAppName } from '@/config/env';
import type { AppToShell } from '@generated/sub-apps/contract';

export type AnyAppListener = (app: SubAppName, event: AppToShell) => void;

/** Read by the channel for each message of an app that keeps the contract. */
export const anyAppListeners = new Set<AnyAppListener>();

/** Listens to what any app sends; returns the unsubscribe. */
export function onAnyAppEvent(listener: AnyAppListener): () => void {
  anyAppListeners.add(listener);
  return () => anyAppListeners.delete(listener);
}
