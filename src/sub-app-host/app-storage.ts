/**
 * The shell's copy of an app's storage, for browsers that refuse a frame on another site its
 * own `localStorage`/`sessionStorage` (src/sub-app-frame/storage-fallback.ts). One entry per
 * app and kind, in the shell's storage of the same kind; never read by the shell itself. What an
 * app sends is checked: a flat map of strings, within the limit.
 */
import type { SubAppName } from '@/config/env';
import {
  sizeOf,
  STORAGE_FALLBACK_LIMIT,
  type StorageArea,
  type StoredItems,
} from '@/sub-app-protocol/messages';

const keyOf = (app: SubAppName) => `workbench.sub-app.${app}.storage`;
const areaOf = (area: StorageArea): Storage =>
  area === 'local' ? window.localStorage : window.sessionStorage;

const isItems = (value: unknown): value is StoredItems =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((item) => typeof item === 'string');

function read(app: SubAppName, area: StorageArea): StoredItems {
  try {
    const value: unknown = JSON.parse(areaOf(area).getItem(keyOf(app)) ?? '{}');
    return isItems(value) ? value : {};
  } catch {
    return {};
  }
}

export const savedStorageOf = (app: SubAppName) => ({
  local: read(app, 'local'),
  session: read(app, 'session'),
});

/** Keeps what the app's frame stored; refuses what is not a flat map of strings or is too big. */
/** All apps together, in each of the shell's storages, at most (the shell's own items need room). */
const TOTAL_LIMIT = 1024 * 1024;

function othersSize(app: SubAppName, area: StorageArea): number {
  let total = 0;
  const storage = areaOf(area);
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && key !== keyOf(app) && key.startsWith('workbench.sub-app.'))
      total += storage.getItem(key)?.length ?? 0;
  }
  return total;
}

export function saveAppStorage(app: SubAppName, area: unknown, items: unknown): void {
  if (
    (area !== 'local' && area !== 'session') ||
    !isItems(items) ||
    sizeOf(items) > STORAGE_FALLBACK_LIMIT ||
    sizeOf(items) + othersSize(app, area) > TOTAL_LIMIT
  ) {
    console.warn(
      `[sub-app ${app}] storage not kept: not a map of strings within ${STORAGE_FALLBACK_LIMIT} characters`,
    );
    return;
  }
  try {
    if (Object.keys(items).length) areaOf(area).setItem(keyOf(app), JSON.stringify(items));
    else areaOf(area).removeItem(keyOf(app));
  } catch (error) {
    console.warn(`[sub-app ${app}] storage not kept`, error);
  }
}
