import { isAccessDenied } from '@pinpoint/contracts';

/**
 * The local response cache (SPEC §3, §4, §9; DECISIONS.md "Local cache"): one localStorage
 * key, `cache`, holding an object keyed by request path, e.g. `/api/uni/client/{clientId}`.
 * An entry carries the response's fields (or, for anything but a plain object, `data`)
 * plus `exp`. Entries live 1 h, or until the end of the next local day for the daily
 * variant. An "access denied" answer is never stored. At most 200 entries and about 2 MB:
 * the entries closest to expiry go first. Logout clears all local storage, this included.
 */
export const CACHE_KEY = 'cache';
export const HOUR_MS = 3_600_000;
export const MAX_ENTRIES = 200;
export const MAX_BYTES = 2 * 1024 * 1024;

export type CacheVariant = 'hourly' | 'daily';
type Entry = Record<string, unknown> & { exp: number };

/** End of the next local day: tomorrow at 23:59:59.999. */
export function endOfNextDay(now: number): number {
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(23, 59, 59, 999);
  return date.getTime();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects are spread, unless a field of theirs would clash with `exp` or `data`. */
function wrap(value: unknown, exp: number): Entry {
  if (isPlainObject(value) && !('exp' in value) && !('data' in value)) return { ...value, exp };
  return { data: value, exp };
}

function unwrap(entry: Entry): unknown {
  const { exp: _exp, ...rest } = entry;
  const keys = Object.keys(rest);
  return keys.length === 1 && keys[0] === 'data' ? rest.data : rest;
}

export function createLocalCache(storage: Storage, now: () => number = Date.now) {
  /** The stored entries; anything unreadable counts as an empty cache, never a crash. */
  function load(): Record<string, Entry> {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(CACHE_KEY) ?? '{}');
      if (!isPlainObject(parsed)) return {};
      const fresh: Record<string, Entry> = {};
      for (const [path, entry] of Object.entries(parsed)) {
        if (isPlainObject(entry) && typeof entry.exp === 'number' && entry.exp > now()) {
          fresh[path] = entry as Entry;
        }
      }
      return fresh;
    } catch {
      return {};
    }
  }

  function save(entries: Record<string, Entry>): void {
    // Closest to expiry first out, until within both bounds.
    const ordered = Object.entries(entries).sort(([, a], [, b]) => b.exp - a.exp);
    let kept = ordered.slice(0, MAX_ENTRIES);
    let text = JSON.stringify(Object.fromEntries(kept));
    while (text.length > MAX_BYTES && kept.length > 0) {
      kept = kept.slice(0, -1);
      text = JSON.stringify(Object.fromEntries(kept));
    }
    try {
      storage.setItem(CACHE_KEY, text);
    } catch {
      // Storage full (other keys, private mode): drop the cache rather than fail the page.
      storage.removeItem(CACHE_KEY);
    }
  }

  return {
    get<T = unknown>(path: string): T | undefined {
      const entry = load()[path];
      return entry ? (unwrap(entry) as T) : undefined;
    },

    set(path: string, value: unknown, variant: CacheVariant = 'hourly'): void {
      if (isAccessDenied(value)) return;
      const exp = variant === 'daily' ? endOfNextDay(now()) : now() + HOUR_MS;
      const entries = load();
      entries[path] = wrap(value, exp);
      save(entries);
    },

    remove(path: string): void {
      const entries = load();
      delete entries[path];
      save(entries);
    },
  };
}

export type LocalCache = ReturnType<typeof createLocalCache>;

export const localCache = createLocalCache(
  typeof localStorage === 'undefined' ? (undefined as never) : localStorage,
);
