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

/** How many entries, drawn at random, compete to be dropped when the cache is full. */
const SAMPLE = 5;

interface Entry {
  key: string;
  at: number;
  value: Promise<unknown>;
  loaded?: { value: unknown };
  /** Times asked for since loaded, and when last. */
  hits: number;
  last: number;
  /** Its place in `slots`. */
  slot: number;
  /** Its key up to the first ':' included ('' without one): the group invalidate reads. */
  group: string;
}

/** A key's group: its text up to the first ':' included, '' for a key without one. */
const groupOf = (key: string) => key.slice(0, key.indexOf(':') + 1);

/**
 * Full, it drops its expired entries and then, one at a time, the least asked-for of a few drawn at
 * random (sampled LFU, as Redis's allkeys-lfu), an entry nobody asked for in the last fifteenth of its
 * time counting as the least (else a burst of asks for some keys would keep them over every newer
 * one until they expire). It dropped the least recently used ones before: a stream of keys asked for
 * in turn, more than it holds (a crawler, or many people paging through searches: the benchmark's
 * 1,188 later pages), then pushed out every key just before it was asked for again, and nothing was
 * found (0 %, against about half now). Before that it dropped everything, which also emptied what
 * was asked every few requests (a search's block of page ids).
 */
export function ttlCache(ttlMs: number, now: () => number = Date.now, maxEntries = 500): TtlCache {
  // In load order, oldest first (a hit does not move its entry): the expired ones are at the front.
  const entries = new Map<string, Entry>();
  const coldMs = ttlMs / 15;
  // The same entries, to draw from at random.
  const slots: Entry[] = [];
  // A fixed pseudo-random sequence (an LCG): the same choices on every run, tests included.
  let seed = 0x2545f491;
  const draw = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % slots.length;
  };
  // The same entries by group: a prefix with a ':' can only match keys of its own group, and every
  // write drops some prefix (app.ts), which read all 2,000 kept searches, or all 500 entries to drop
  // the one 'admin:figuras': 4 % of the API's thread in the busy hour's profile.
  const groups = new Map<string, Set<Entry>>();
  const remove = (e: Entry) => {
    entries.delete(e.key);
    const group = groups.get(e.group)!;
    group.delete(e);
    if (group.size === 0) groups.delete(e.group);
    const last = slots.pop()!;
    if (last !== e) {
      slots[e.slot] = last;
      last.slot = e.slot;
    }
  };
  const makeRoom = (t: number) => {
    for (const e of entries.values()) {
      if (t - e.at < ttlMs) break;
      remove(e);
    }
    if (entries.size < maxEntries) return;
    // An entry nobody asked for lately goes first, whatever it was asked before (the last burst's pages).
    const score = (e: Entry) => (t - e.last > coldMs ? -1 : e.hits);
    let drop = slots[draw()]!;
    for (let i = 1; i < SAMPLE; i++) {
      const e = slots[draw()]!;
      if (score(e) < score(drop)) drop = e;
    }
    remove(drop);
  };
  return {
    get<T>(key: string, load: () => Promise<T>) {
      const t = now();
      const hit = entries.get(key);
      if (hit && t - hit.at < ttlMs) {
        hit.hits++;
        hit.last = t;
        return hit.value as Promise<T>;
      }
      if (hit) remove(hit);
      const value = load();
      // After the load starts: a load may itself keep something (a search's block of ids).
      if (entries.size >= maxEntries) makeRoom(t);
      const entry: Entry = { key, at: t, value, hits: 0, last: t, slot: slots.length, group: groupOf(key) };
      entries.set(key, entry);
      slots.push(entry);
      const group = groups.get(entry.group);
      if (group) group.add(entry);
      else groups.set(entry.group, new Set([entry]));
      value.then(
        (v) => (entry.loaded = { value: v }),
        // A failed load is not kept: the next caller tries again.
        () => {
          if (entries.get(key) === entry) remove(entry);
        },
      );
      return value;
    },
    invalidate(prefix, holds) {
      // A key starting with a prefix that holds a ':' has its first ':' where the prefix has it.
      const among = prefix.includes(':') ? groups.get(groupOf(prefix)) : entries.values();
      if (!among) return;
      // Deleting the entry being visited is safe for a Map's or a Set's iterator.
      for (const e of among) {
        if (e.key.startsWith(prefix) && (!holds || !e.loaded || holds(e.loaded.value))) remove(e);
      }
    },
  };
}

/**
 * One value served while it is refreshed: once it is `ttlMs` old, the next caller still gets it at
 * once and starts a single reload in the background, whose result the callers after it get. Only the
 * first caller, with nothing loaded yet, waits for the load. A failed reload keeps the old value (and
 * goes to `onError`); the next caller tries again. For what is costly to compute and may be a little
 * old: the back office's charts, a pass over whole tables, made an admin wait about a second on the
 * first view after every 30 s.
 */
export function servedWhileRefreshed<T>(ttlMs: number, now: () => number, load: () => Promise<T>, onError: (e: unknown) => void): () => Promise<T> {
  let kept: { value: T; at: number } | undefined;
  let loading: Promise<T> | undefined;
  const reload = () => {
    if (loading) return loading;
    const at = now();
    loading = load()
      .then((value) => {
        kept = { value, at };
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return () => {
    if (!kept) return reload();
    if (now() - kept.at >= ttlMs) reload().catch(onError);
    return Promise.resolve(kept.value);
  };
}
