import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's argon2id baseline: m=19 MiB, t=2, p=1 (DESIGN §4). Algorithm 2 = argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many argon2 computations at once per instance: each takes 19 MiB and a core for tens
 * of milliseconds, so a burst of log-ins would otherwise grow memory by hundreds of MB (measured:
 * 458 MB peak at four simultaneous log-ins) without finishing any sooner. Others wait their turn.
 */
const MAX_CONCURRENT = 2;
let active = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, so nobody slips in between.
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

export const hashPassword = (plain: string) => oneAtATime(() => hash(plain, OPTIONS));

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(stored, plain));
  } catch {
    return false;
  }
}

/** How many argon2 computations run right now (tests). */
export const argon2Active = () => active;

/**
 * A real hash of a random string, verified when the account does not exist so that a wrong e-mail
 * costs the same time as a wrong password (no account enumeration by timing).
 */
let dummy: Promise<string> | undefined;
export async function burnVerify(plain: string) {
  dummy ??= hashPassword(`nao-existe-${Math.random()}`);
  await verifyPassword(await dummy, plain);
}

export const isCommonPassword = (plain: string) => COMMON_PASSWORDS.has(plain.toLowerCase());
