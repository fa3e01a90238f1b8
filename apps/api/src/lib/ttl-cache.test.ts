import { describe, expect, it } from 'vitest';
import { servedWhileRefreshed, ttlCache } from './ttl-cache';

/** A cache on a clock the test moves, and how many times each key was loaded. */
function setup(ttlMs: number, maxEntries: number) {
  let t = 0;
  const loads = new Map<string, number>();
  const cache = ttlCache(ttlMs, () => t, maxEntries);
  const get = (key: string) =>
    cache.get(key, async () => {
      loads.set(key, (loads.get(key) ?? 0) + 1);
      return `value of ${key}`;
    });
  return { cache, get, loads, tick: (ms: number) => (t += ms) };
}

describe('ttlCache', () => {
  it('loads a key once for callers at the same time, again after its time is up', async () => {
    const { get, loads, tick } = setup(1000, 10);
    expect(await Promise.all([get('a'), get('a'), get('a')])).toEqual(['value of a', 'value of a', 'value of a']);
    expect(loads.get('a')).toBe(1);
    tick(999);
    await get('a');
    expect(loads.get('a')).toBe(1);
    tick(1);
    await get('a');
    expect(loads.get('a')).toBe(2);
  });

  it('does not keep a failed load', async () => {
    let t = 0;
    const cache = ttlCache(1000, () => t, 10);
    let calls = 0;
    const failing = () =>
      cache.get('k', async () => {
        calls++;
        if (calls === 1) throw new Error('falhou');
        return 'ok';
      });
    await expect(failing()).rejects.toThrow('falhou');
    expect(await failing()).toBe('ok');
    expect(calls).toBe(2);
    t += 1;
    expect(await failing()).toBe('ok');
    expect(calls).toBe(2);
  });

  it('when full, keeps what is still asked for and drops what was asked for least', async () => {
    const { get, loads } = setup(60_000, 100);
    // A key asked for every few requests among a stream of keys asked for once (a search's block of
    // page ids among its pages): it must not be loaded again when the cache fills up.
    for (let i = 0; i < 1000; i++) {
      await get(`page:${i}`);
      if (i % 5 === 0) await get('block');
    }
    expect(loads.get('block')).toBe(1);
    // The page just loaded is there; most of the first ones were dropped.
    await get('page:999');
    expect(loads.get('page:999')).toBe(1);
    for (let i = 0; i < 100; i++) await get(`page:${i}`);
    const reloaded = [...Array(100).keys()].filter((i) => loads.get(`page:${i}`) === 2).length;
    expect(reloaded).toBeGreaterThan(80);
  });

  it('keys asked for in turn, more than it holds, are still mostly found (each was dropped just before its turn)', async () => {
    const { get, loads } = setup(60_000, 1000);
    // The benchmark's later pages of searches: 1,188 keys in a fixed order, round after round.
    for (let round = 0; round < 10; round++) for (let i = 0; i < 1188; i++) await get(`page:${i}`);
    const total = [...loads.values()].reduce((a, b) => a + b, 0);
    // 11,880 asked for: dropping the least recently used found none (11,880 loads); now over half are found.
    expect(total).toBeLessThan(11_880 / 2);
  });

  it('a key asked for often outlives a stream of keys asked for once', async () => {
    const { get, loads } = setup(60_000, 1000);
    for (let i = 0; i < 5000; i++) {
      await get(`once:${i}`);
      if (i % 50 === 0) await get('hot');
    }
    expect(loads.get('hot')).toBe(1);
  });

  it('when full, drops expired entries before live ones, even recently used', async () => {
    const { get, loads, tick } = setup(1000, 10);
    for (let i = 0; i < 5; i++) await get(`old:${i}`);
    tick(100);
    for (let i = 0; i < 5; i++) await get(`live:${i}`);
    tick(100);
    for (let i = 0; i < 5; i++) await get(`old:${i}`); // used after the live ones
    tick(850); // the old ones, loaded at 0, have expired; the live ones (at 100) have not
    await get('new');
    for (let i = 0; i < 5; i++) await get(`live:${i}`);
    expect([...Array(5).keys()].map((i) => loads.get(`live:${i}`))).toEqual([1, 1, 1, 1, 1]);
    expect(loads.get('old:0')).toBe(1);
    await get('old:0');
    expect(loads.get('old:0')).toBe(2);
  });

  it('invalidates by prefix', async () => {
    const { cache, get, loads } = setup(60_000, 10);
    await get('home:a');
    await get('home:b');
    await get('admin:a');
    cache.invalidate('home:');
    await get('home:a');
    await get('admin:a');
    expect(loads.get('home:a')).toBe(2);
    expect(loads.get('admin:a')).toBe(1);
  });

  it('a prefix drops exactly the keys it starts, whatever their group (the text up to the first colon)', async () => {
    const { cache, get, loads } = setup(60_000, 20);
    const keys = ['a:1', 'a:12', 'a:2', 'ab:1', 'a', 'b:a:1', 'x', 'a:1:b'];
    const again = async () => {
      for (const k of keys) await get(k);
    };
    const reloaded = (before: Map<string, number>) => keys.filter((k) => loads.get(k) !== before.get(k));
    await again();
    let before = new Map(loads);
    cache.invalidate('a:1');
    await again();
    expect(reloaded(before)).toEqual(['a:1', 'a:12', 'a:1:b']);
    before = new Map(loads);
    cache.invalidate('a');
    await again();
    expect(reloaded(before)).toEqual(['a:1', 'a:12', 'a:2', 'ab:1', 'a', 'a:1:b']);
    before = new Map(loads);
    cache.invalidate('b:a');
    cache.invalidate('zz:');
    await again();
    expect(reloaded(before)).toEqual(['b:a:1']);
    before = new Map(loads);
    cache.invalidate('');
    await again();
    expect(reloaded(before)).toEqual(keys);
  });

  it('entries dropped to make room or expired leave their group: a later prefix drops only the live ones', async () => {
    const { cache, get, loads, tick } = setup(1_000, 3);
    // Two dropped to make room, then the rest expired and dropped by the next load.
    for (const k of ['g:1', 'g:2', 'g:3', 'g:4', 'h:1']) await get(k);
    tick(2_000);
    await get('g:5');
    await get('h:2');
    cache.invalidate('g:');
    for (const k of ['g:5', 'h:2', 'g:5', 'h:2']) await get(k);
    expect([loads.get('g:5'), loads.get('h:2')]).toEqual([2, 1]);
    cache.invalidate('');
    await get('h:2');
    expect(loads.get('h:2')).toBe(2);
  });

  it('invalidates by prefix only the values that hold something, and any value still loading', async () => {
    const { cache, get, loads } = setup(60_000, 10);
    await get('jobs:1');
    await get('jobs:2');
    await get('pros:2');
    let finish: (v: string) => void = () => undefined;
    const loading = cache.get('jobs:3', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate('jobs:', (v) => String(v).endsWith('2'));
    finish('value of jobs:3');
    await loading;
    for (const key of ['jobs:1', 'jobs:2', 'pros:2']) await get(key);
    await get('jobs:3');
    expect(loads.get('jobs:1')).toBe(1);
    expect(loads.get('jobs:2')).toBe(2);
    expect(loads.get('pros:2')).toBe(1);
    // Dropped while loading (its value was not known yet): loaded again.
    expect(loads.get('jobs:3')).toBe(1);
  });
});

describe('servedWhileRefreshed', () => {
  /** A value on a clock the test moves; each load answers `load n` and waits until the test lets it go. */
  function setup(ttlMs: number) {
    let t = 0;
    let loads = 0;
    let release: (() => void)[] = [];
    let fail = false;
    const errors: unknown[] = [];
    const get = servedWhileRefreshed(
      ttlMs,
      () => t,
      async () => {
        const n = ++loads;
        await new Promise<void>((ok) => release.push(ok));
        if (fail) throw new Error('load failed');
        return `load ${n}`;
      },
      (e) => errors.push(e),
    );
    const letGo = async () => {
      const waiting = release;
      release = [];
      for (const ok of waiting) ok();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { get, letGo, tick: (ms: number) => (t += ms), loads: () => loads, failNext: (v: boolean) => (fail = v), errors };
  }

  it('only the first caller waits; once old, the value is served at once while one reload runs, then the new one', async () => {
    const s = setup(1000);
    const first = Promise.all([s.get(), s.get()]);
    await s.letGo();
    expect(await first).toEqual(['load 1', 'load 1']);
    expect(s.loads()).toBe(1);
    s.tick(999);
    expect(await s.get()).toBe('load 1');
    expect(s.loads()).toBe(1);
    s.tick(1);
    // Old: served as it is, without waiting for the reload it starts (one for all these callers).
    expect(await Promise.all([s.get(), s.get(), s.get()])).toEqual(['load 1', 'load 1', 'load 1']);
    expect(s.loads()).toBe(2);
    await s.letGo();
    expect(await s.get()).toBe('load 2');
    expect(s.loads()).toBe(2);
  });

  it('a failed reload keeps the old value and is reported; the next caller tries again', async () => {
    const s = setup(1000);
    const first = s.get();
    await s.letGo();
    await first;
    s.tick(1000);
    s.failNext(true);
    expect(await s.get()).toBe('load 1');
    await s.letGo();
    expect(s.errors).toHaveLength(1);
    expect(await s.get()).toBe('load 1');
    expect(s.loads()).toBe(3);
    s.failNext(false);
    await s.letGo();
    expect(await s.get()).toBe('load 3');
  });

  it('a failed first load fails its callers, and the next caller loads again', async () => {
    const s = setup(1000);
    s.failNext(true);
    // Its rejection expected before the load is let go (else it is, for a moment, a rejection nobody handles).
    const first = expect(s.get()).rejects.toThrow('load failed');
    await s.letGo();
    await first;
    s.failNext(false);
    const second = s.get();
    await s.letGo();
    expect(await second).toBe('load 2');
  });
});
