/**
 * A small per-instance cache for answers that many callers share and that may be a few seconds old
 * (the home page's public lists, the back office's totals). Concurrent misses share one load, so a
 * burst of requests after expiry costs one query. Each instance has its own: with several instances
 * a value is at most `ttlMs` stale everywhere (docs/decisions/0006).
 */
export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Drops every key starting with `prefix` (on this instance); with `holds`, only those whose loaded
   * value it accepts, and any still loading (its value may hold it too).
   */
  invalidate(prefix: string, holds?: (value: unknown) => boolean): void;
}

/**
 * Full, it drops its expired entries and then the least recently used ones, a tenth of its room at a
 * time. It used to drop everything: many different keys (the later pages of a few text searches) then
 * also emptied what was asked every few requests (a search's block of page ids), which was found again
 * by the database after each clearing.
 */
export function ttlCache(ttlMs: number, now: () => number = Date.now, maxEntries = 500): TtlCache {
  // In use order, least recent first: a hit moves its entry to the end.
  const entries = new Map<string, { at: number; value: Promise<unknown>; loaded?: { value: unknown } }>();
  const makeRoom = (t: number) => {
    for (const [key, e] of entries) if (t - e.at >= ttlMs) entries.delete(key);
    let drop = entries.size - maxEntries + Math.max(1, Math.floor(maxEntries / 10));
    for (const key of entries.keys()) {
      if (drop-- <= 0) break;
      entries.delete(key);
    }
  };
  return {
    get<T>(key: string, load: () => Promise<T>) {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      if (hit) entries.delete(key);
      else if (entries.size >= maxEntries) makeRoom(t);
      const value = load();
      const entry: { at: number; value: Promise<unknown>; loaded?: { value: unknown } } = { at: t, value };
      entries.set(key, entry);
      value.then(
        (v) => (entry.loaded = { value: v }),
        // A failed load is not kept: the next caller tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    invalidate(prefix, holds) {
      for (const [key, e] of entries) {
        if (key.startsWith(prefix) && (!holds || !e.loaded || holds(e.loaded.value))) entries.delete(key);
      }
    },
  };
}
