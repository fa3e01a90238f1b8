import type { Redis } from 'ioredis';

/**
 * Counts events (failed log-ins, wrong codes, codes sent) per key in a fixed window that starts at
 * the key's first event. In Redis when REDIS_URL is set, so every instance sees the same counts;
 * otherwise in this process. Unlike @fastify/rate-limit it counts only what the caller records, so
 * a limit can count failures alone and a success can clear them.
 */
export interface FailureCounter {
  get(keys: string[]): Promise<number[]>;
  add(keys: string[], windowMs: number): Promise<void>;
  clear(keys: string[]): Promise<void>;
}

export function memoryCounter(now: () => number = Date.now, maxKeys = 100_000): FailureCounter {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async get(keys) {
      return keys.map((k) => live(k)?.n ?? 0);
    },
    async add(keys, windowMs) {
      if (entries.size >= maxKeys) for (const k of entries.keys()) live(k);
      if (entries.size >= maxKeys) entries.clear(); // a flood of distinct keys must not exhaust memory
      for (const k of keys) {
        const e = live(k);
        if (e) e.n += 1;
        else entries.set(k, { n: 1, until: now() + windowMs });
      }
    },
    async clear(keys) {
      for (const k of keys) entries.delete(k);
    },
  };
}

/** Redis errors let the request through (as the per-IP limits do): an outage must not lock everyone out. */
export function redisCounter(redis: Redis, onError: (e: unknown) => void, prefix = 'tc-fc:'): FailureCounter {
  return {
    async get(keys) {
      try {
        return (await redis.mget(keys.map((k) => prefix + k))).map((v) => Number(v ?? 0));
      } catch (e) {
        onError(e);
        return keys.map(() => 0);
      }
    },
    async add(keys, windowMs) {
      try {
        const m = redis.multi();
        for (const k of keys) m.incr(prefix + k).pexpire(prefix + k, windowMs, 'NX');
        await m.exec();
      } catch (e) {
        onError(e);
      }
    },
    async clear(keys) {
      try {
        if (keys.length) await redis.del(...keys.map((k) => prefix + k));
      } catch (e) {
        onError(e);
      }
    },
  };
}
