import { describe, expect, it } from 'vitest';
import { iso } from './iso';

describe('iso (a date as the API writes it)', () => {
  it('writes what toISOString writes, from a date, a number or a text', () => {
    const edges = [
      0,
      -1,
      1,
      999,
      86_399_999,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 11, 31, 23, 59, 59, 5),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2_147_483_647) / 2_147_483_647;
    const samples = [...edges, ...Array.from({ length: 5000 }, () => Math.floor(random() * 4_102_444_800_000))];
    for (const ms of samples) {
      const d = new Date(ms);
      expect(iso(d)).toBe(d.toISOString());
      expect(iso(ms)).toBe(d.toISOString());
    }
    // PostgreSQL's own text of a timestamptz, as a JSON field carries it.
    expect(iso('2026-12-01T13:47:17.49+00:00')).toBe('2026-12-01T13:47:17.490Z');
    expect(iso('2026-12-01 13:47:17+01')).toBe('2026-12-01T12:47:17.000Z');
  });

  it('leaves years outside 1000-9999 and invalid dates to toISOString', () => {
    for (const d of [new Date(Date.UTC(999, 0, 1)), new Date(Date.UTC(10_000, 0, 1)), new Date(-62_198_755_200_000)]) expect(iso(d)).toBe(d.toISOString());
    expect(() => iso('não é uma data')).toThrow(RangeError);
  });
});
