/**
 * Locally stored items of SPEC §3 — token, tenant id, info, config, invite url,
 * bar flag, application info — behind one module with typed keys. Nothing else
 * touches localStorage for these.
 */
import type { BootFrameFacts } from '@/constants/boot-frame';
import { STORAGE_KEYS as KEYS } from '@/constants/storage-keys';

interface StoredUserInfo {
  gid?: string;
  phone?: string;
  avatar_url?: string;
  user_name?: string;
}

export interface StoredItems {
  token: string;
  tenantId: string;
  info: StoredUserInfo;
  config: Record<string, unknown>;
  inviteUrl: string;
  /** The personal-space tip bar was closed by the user. */
  tipBarClosed: boolean;
  applicationInfo: Record<string, unknown>;
  /** What index.html's frame of the shell shows on the next load (vite-plugins/boot-frame). */
  bootFrame: BootFrameFacts;
}

export type StoredKey = keyof StoredItems;

/** Every stored item and its key. */
const STORAGE_KEYS: Record<StoredKey, string> = KEYS;

type Listener = () => void;
const listeners = new Set<Listener>();

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app still runs for this page's life
  }
}

const memory = new Map<string, string>();

export function readItem<K extends StoredKey>(key: K): StoredItems[K] | null {
  const raw = backend()?.getItem(STORAGE_KEYS[key]) ?? memory.get(STORAGE_KEYS[key]) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as StoredItems[K];
  } catch {
    return null;
  }
}

/** Into the browser's storage, or memory where the browser refuses it. */
function put(rawKey: string, raw: string): void {
  const store = backend();
  if (store) store.setItem(rawKey, raw);
  else memory.set(rawKey, raw);
}

export function writeItem<K extends StoredKey>(key: K, value: StoredItems[K]): void {
  put(STORAGE_KEYS[key], JSON.stringify(value));
  bumpStateGeneration();
}

export function removeItem(key: StoredKey): void {
  backend()?.removeItem(STORAGE_KEYS[key]);
  memory.delete(STORAGE_KEYS[key]);
  bumpStateGeneration();
}

/**
 * A counter of what this browser's pages changed: stored items, and every write the app sent
 * (bumped from the query client's mutation cache). A page prerendered before such a change is
 * reloaded when shown rather than show what it rendered (ui/page-shown.ts). Not a SPEC item.
 */
const GENERATION_KEY = 'workbench.generation';

export const stateGeneration = (): string =>
  backend()?.getItem(GENERATION_KEY) ?? memory.get(GENERATION_KEY) ?? '0';

export function bumpStateGeneration(): void {
  put(GENERATION_KEY, `${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`);
  listeners.forEach((l) => l());
}

/**
 * The shell's frame that index.html paints (vite-plugins/boot-frame) is the current tenant's: the
 * server picks the tenant of the next load, so a switch forgets it (the plain loading screen
 * shows once, then the new tenant's shell records its own).
 */
export function forgetBootFrame(): void {
  removeItem('bootFrame');
}

/** Session credentials and the data derived from them; the tip-bar choice survives sign-out. */
export function clearCredentials(): void {
  tabTenantId = null;
  (['token', 'tenantId', 'info', 'config', 'inviteUrl', 'applicationInfo', 'bootFrame'] as const).forEach(
    removeItem,
  );
}

export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToken = (): string | null => readItem('token');

/**
 * The tenant this tab works in. Kept in memory per tab: another tab that switches
 * space rewrites the stored item, and this tab must not start sending that
 * tenant's id while it still shows its own tenant's data.
 */
let tabTenantId: string | null = null;

export function setTenantId(tenantId: string): void {
  tabTenantId = tenantId;
  writeItem('tenantId', tenantId);
}

export const getTenantId = (): string | null => tabTenantId;
