import type { FailureCounter } from './failure-counter';

/**
 * A cap on events counted under one key (an account, an account from one address, an address...),
 * in a window that opens at the key's first event.
 */
export interface KeyLimit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * The one way per-account limits are kept (log-in and recovery failures, codes and confirmation
 * e-mails asked for): counted in the shared FailureCounter (Redis when there is one), and only what
 * the caller records counts, so a limit can count failures alone and a success can clear them.
 */
export function keyLimits(counter: FailureCounter) {
  const keys = (limits: KeyLimit[]) => limits.map((l) => l.key);
  return {
    /** The current counts, in the order given, in one read. */
    counts: (limits: KeyLimit[]) => counter.get(keys(limits)),
    /** Whether any of them has reached its cap, in one read. */
    async reached(limits: KeyLimit[]) {
      const n = await counter.get(keys(limits));
      return limits.some((l, i) => (n[i] ?? 0) >= l.max);
    },
    /** One more event under each key; keys that share a window are written together, in the order given. */
    async record(limits: KeyLimit[]) {
      const byWindow = new Map<number, string[]>();
      for (const l of limits) byWindow.set(l.windowMs, [...(byWindow.get(l.windowMs) ?? []), l.key]);
      for (const [windowMs, k] of byWindow) await counter.add(k, windowMs);
    },
    /** Forgets these keys' counts (the owner proved who they are). */
    clear: (limits: KeyLimit[]) => counter.clear(keys(limits)),
  };
}
