import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from './common-passwords';

// OWASP's argon2id baseline: m=19 MiB, t=2, p=1 (DESIGN §4). Algorithm 2 = argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

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
