/**
 * A small per-instance cache for answers that many callers share and that may be a few seconds old
 * (the home page's public lists, the back office's totals). Concurrent misses share one load, so a
 * burst of requests after expiry costs one query. Each instance has its own: with several instances
 * a value is at most `ttlMs` stale everywhere (docs/decisions/0006).
 */
export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every key starting with `prefix` (on this instance). */
  invalidate(prefix: string): void;
}

export function ttlCache(ttlMs: number, now: () => number = Date.now, maxEntries = 500): TtlCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { at: now(), value });
      // A failed load is not kept: the next caller tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
