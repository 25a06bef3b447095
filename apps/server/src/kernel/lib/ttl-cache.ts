/**
 * A small in-process cache of database reads, for the few records that nearly every
 * request needs (the caller's session, the client record). Entries live `ttlMs` from the
 * moment they were read: a hit never extends its own life, so `ttlMs` bounds how stale an
 * entry can be if no change event ever reaches this process. Services that change the
 * underlying rows drop entries through the realtime bus (`app.realtime.onChange`), which
 * reaches every server process.
 */
export interface TtlCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(matches: (value: V) => boolean): void;
  clear(): void;
  size(): number;
}

export interface TtlCacheOptions {
  ttlMs: number;
  /** Beyond this, the oldest entries go first (a Map iterates in insertion order). */
  maxEntries: number;
  now?: () => number;
}

export function createTtlCache<K, V>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: TtlCacheOptions): TtlCache<K, V> {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, until: now() + ttlMs });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    size: () => entries.size,
  };
}
