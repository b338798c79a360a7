/**
 * A child's own `localStorage` and `sessionStorage`, even where the browser refuses them.
 *
 * Each frame is on an origin of its own, which is a site of its own (`{app}.localhost`, or a
 * domain on the Public Suffix List in production). A browser that blocks third-party storage
 * (Chrome in incognito or with "block third-party cookies", Playwright's contexts) throws a
 * SecurityError when such a frame touches `localStorage`, and many children read it while
 * they start. Where that happens, the frame offers a Storage of its own instead: the same API,
 * kept in memory, with a copy held by the shell for this app alone (under the shell's storage
 * of the same kind), so it survives reloads as the real one would. Where the browser allows
 * the real storage, nothing is replaced.
 */
import {
  sizeOf,
  STORAGE_FALLBACK_LIMIT,
  type StorageArea,
  type StoredItems,
} from '@/sub-app-protocol/messages';

const PROPERTY: Record<StorageArea, 'localStorage' | 'sessionStorage'> = {
  local: 'localStorage',
  session: 'sessionStorage',
};

/** Whether the browser lets this document use its own storage of that kind. */
function storageUsable(area: StorageArea): boolean {
  try {
    const storage = window[PROPERTY[area]];
    const key = '__workbench_storage_probe__';
    storage.setItem(key, key);
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

class FallbackStorage {
  constructor(
    private readonly items: Map<string, string>,
    private readonly persist: (items: StoredItems) => void,
  ) {}

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }

  setItem(key: string, value: string): void {
    const next = new Map(this.items).set(String(key), String(value));
    if (sizeOf(Object.fromEntries(next)) > STORAGE_FALLBACK_LIMIT) {
      throw new DOMException(
        `Setting the value of '${String(key)}' exceeded the quota.`,
        'QuotaExceededError',
      );
    }
    this.items.set(String(key), String(value));
    this.save();
  }

  removeItem(key: string): void {
    if (this.items.delete(String(key))) this.save();
  }

  clear(): void {
    if (!this.items.size) return;
    this.items.clear();
    this.save();
  }

  private save(): void {
    this.persist(Object.fromEntries(this.items));
  }
}

/**
 * Replaces each refused storage with one kept by the shell (`saved`: what the shell kept of it);
 * `persist` sends each change to the shell. Returns the areas that were replaced.
 */
export function provideStorage(
  saved: Partial<Record<StorageArea, StoredItems>>,
  persist: (area: StorageArea, items: StoredItems) => void,
): StorageArea[] {
  const replaced: StorageArea[] = [];
  for (const area of ['local', 'session'] as const) {
    if (storageUsable(area)) continue;
    const items = new Map(Object.entries(saved[area] ?? {}).filter(([, v]) => typeof v === 'string'));
    const storage = new FallbackStorage(items, (next) => persist(area, next));
    // Property access by name (`localStorage.token`) as on a real Storage.
    const named = new Proxy(storage, {
      get: (target, property, receiver) =>
        typeof property === 'string' && !(property in target)
          ? (target.getItem(property) ?? undefined)
          : (Reflect.get(target, property, receiver) as unknown),
      set: (target, property, value) => {
        if (typeof property === 'string' && !(property in target)) target.setItem(property, String(value));
        return true;
      },
      deleteProperty: (target, property) => {
        if (typeof property === 'string') target.removeItem(property);
        return true;
      },
      // `Object.keys(localStorage)` lists the stored keys, as on a real Storage.
      ownKeys: () => [...items.keys()],
      getOwnPropertyDescriptor: (_target, property) =>
        typeof property === 'string' && items.has(property)
          ? { value: items.get(property), enumerable: true, configurable: true, writable: true }
          : undefined,
    });
    Object.defineProperty(window, PROPERTY[area], { configurable: true, enumerable: true, get: () => named });
    replaced.push(area);
  }
  return replaced;
}
