import { describe, expect, it } from 'vitest';
import * as shared from './index';
import { formatDate, formatDateLong, formatDateTime, formatMonthYear, formatMonthYearShort } from './index';

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
