/**
 * The shell's copy of an app's storage, for browsers that refuse a frame on another site its
 * own `localStorage`/`sessionStorage` (src/micro-apps/frame/storage-fallback.ts). One entry per
 * app and kind, in the shell's storage of the same kind; never read by the shell itself. What an
 * app sends is checked: a flat map of strings, within the limit.
 */
import type { SubAppName } from '@/config/env';
import { sizeOf, STORAGE_FALLBACK_LIMIT, type StorageArea, type StoredItems } from './frame/storage-fallback';

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
export function saveAppStorage(app: SubAppName, area: unknown, items: unknown): void {
  if ((area !== 'local' && area !== 'session') || !isItems(items) || sizeOf(items) > STORAGE_FALLBACK_LIMIT) {
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
