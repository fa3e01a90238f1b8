import { describe, expect, it } from 'vitest';
import { argon2Active, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('runs at most two argon2 computations at once and still answers every caller', async () => {
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, argon2Active());
    }, 1);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`Segura#${i}23`)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, `Segura#${i}23`)));
    clearInterval(timer);
    expect(checks).toEqual([true, true, true, true, true, true]);
    expect(await verifyPassword(hashes[0], 'errada')).toBe(false);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(argon2Active()).toBe(0);
  });
});
