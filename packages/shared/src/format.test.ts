import { describe, expect, it } from 'vitest';
import * as shared from './index';
import { formatDate, formatDateLong, formatDateTime, formatMonthYear, formatMonthYearShort, formatRating } from './index';

describe('dates (pt-PT, Lisbon time, four-digit year)', () => {
  it('writes the day as dd/mm/aaaa, never with a two-digit year', () => {
    expect(formatDate('2026-11-20T10:05:00Z')).toBe('20/11/2026');
    expect(formatDate(new Date('2026-11-20T10:05:00Z'))).toBe('20/11/2026');
    expect(formatDate('2026-01-05T12:00:00.000Z')).toBe('05/01/2026');
  });

  it('adds the time, 24-hour, in Lisbon time (summer time included)', () => {
    expect(formatDateTime('2026-11-20T10:05:00Z')).toBe('20/11/2026, 10:05');
    expect(formatDateTime('2026-07-01T13:30:00Z')).toBe('01/07/2026, 14:30');
    expect(formatDateTime('2026-11-20T00:00:00Z')).toBe('20/11/2026, 00:00');
  });

  it('uses the Lisbon day at the edges of a day and of a year', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in Lisbon (WEST, UTC+1).
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('01/07/2026');
    // In winter Lisbon is on UTC: New Year's Eve stays in 2026.
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('31/12/2026');
    expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('31/12/2026, 23:59');
  });

  it('reads a calendar day or month (YYYY-MM-DD, YYYY-MM) as that day, whatever the time zone', () => {
    expect(formatDate('2026-03-02')).toBe('02/03/2026');
    expect(formatDateLong('2026-03-02')).toBe('2 de março de 2026');
    expect(formatMonthYear('2026-03')).toBe('março de 2026');
    expect(formatMonthYearShort('2026-03')).toBe('mar. 2026');
  });

  it('writes long dates in words', () => {
    expect(formatDateLong('2026-11-20T10:05:00Z')).toBe('20 de novembro de 2026');
    expect(formatMonthYear(new Date('2026-11-20T10:05:00Z'))).toBe('novembro de 2026');
  });

  it('shows four-digit years for every year of the century, in every date format (chart ticks too)', () => {
    // Every exported date formatter, so a new one without the year (like the old "2/03" tick) fails here.
    const formatters = Object.entries(shared).filter(([name]) => /^format(Date|Day|Month|Week)/.test(name)) as [string, (v: string) => string][];
    expect(formatters.map(([n]) => n).sort()).toEqual(['formatDate', 'formatDateLong', 'formatDateTime', 'formatMonthYear', 'formatMonthYearShort']);
    for (let y = 2000; y < 2100; y += 7) {
      const iso = `${y}-05-15T12:00:00Z`;
      for (const text of formatters.map(([, f]) => f(iso))) {
        expect(text).toContain(String(y));
        expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{2}\b/);
      }
    }
  });
});

describe('the day and the rating without Intl (a public page builds no Intl formatter)', () => {
  // One formatter for every comparison: building one per call made this test take seconds on a busy machine.
  const intlDayFormat = new Intl.DateTimeFormat('pt-PT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Lisbon' });
  const intlDay = (d: Date) => intlDayFormat.format(d);
  const intlRating = new Intl.NumberFormat('pt-PT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  it("writes Lisbon's day as Intl does, at every half hour around each change of the clocks and across years", () => {
    for (let y = 1997; y <= 2040; y++) {
      for (const month of [2, 9]) {
        // Around the last Sunday of March and of October (the clocks change at 01:00 UTC).
        const last = new Date(Date.UTC(y, month + 1, 0));
        const change = Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (let t = change - 26 * 3600_000; t <= change + 26 * 3600_000; t += 1800_000) {
          const d = new Date(t);
          expect(formatDate(d), d.toISOString()).toBe(intlDay(d));
          expect(formatDate(d.toISOString())).toBe(intlDay(d));
        }
      }
      // The edges of the year and of summer days.
      for (const iso of [`${y}-12-31T23:30:00Z`, `${y}-01-01T00:30:00Z`, `${y}-06-30T23:30:00Z`, `${y}-07-01T00:00:00Z`])
        expect(formatDate(iso), iso).toBe(intlDay(new Date(iso)));
    }
    // Before the current rule, and a text that is no date: Intl's own answer (and error).
    expect(formatDate('1995-07-01T23:30:00Z')).toBe(intlDay(new Date('1995-07-01T23:30:00Z')));
    expect(() => formatDate('não é uma data')).toThrow(RangeError);
  });

  it('writes a rating with one decimal and a comma, rounded as Intl rounds it', () => {
    for (let i = 1; i <= 5000; i++) {
      const v = i / 1000;
      expect(formatRating(v), String(v)).toBe(intlRating.format(v));
    }
    for (const v of [4.45, 4.25, 4.35, 4.05, 4.95, 1 / 3, 2 / 3, 4.999999, 1e-7]) expect(formatRating(v), String(v)).toBe(intlRating.format(v));
    expect(formatRating(0)).toBe('N/A');
    expect(formatRating(null)).toBe('N/A');
    expect(formatRating(Number.NaN)).toBe('N/A');
  });
});
