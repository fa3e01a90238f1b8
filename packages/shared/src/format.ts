import { CURRENCY, LOCALE, TIME_ZONE } from './catalogue/brand';

/*
 * No Intl object is built when this module loads, and the two formats of a public page (a rating, a
 * review's day) are written without one: the first Intl formatter a page builds loads the locale's
 * and time zone's data, 115-175 ms of a phone's main thread (Chromium, CPU slowed 4x) inside React's
 * first render of a professional's profile. The same texts as Intl's (format.test.ts compares them).
 */
let euro: Intl.NumberFormat | undefined;
export const formatEuros = (value: number) => (euro ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY })).format(value);
let oneDecimal: Intl.NumberFormat | undefined;
/** Ratings (0-5): one decimal with a comma, or N/A when there is none yet. */
export function formatRating(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value) || value <= 0) return 'N/A';
  const shortest = String(value);
  // Rounded half up on the number's shortest decimal form, as Intl does (0.15 -> 0,2; toFixed gives 0.1).
  if (shortest.includes('e')) return (oneDecimal ??= new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(value);
  const tenths = Math.round(Number(`${shortest}e1`));
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}

/*
 * Dates: every one a person reads goes through these (web pages and e-mails), pt-PT, Lisbon time, and
 * always with the four-digit year. (`dateStyle: 'short'` in pt-PT writes "20/11/26": not used.)
 */

/** 'YYYY-MM-DD' or 'YYYY-MM' is a calendar day or month, not an instant: read and shown in UTC so no time zone moves it. */
const CALENDAR = /^\d{4}-\d{2}(-\d{2})?$/;
const formats = new Map<string, Intl.DateTimeFormat>();
/** The instant a value names, and whether it is a calendar day or month (read at midnight UTC). */
function readDate(value: string | Date): { date: Date; calendar: boolean } {
  const calendar = typeof value === 'string' && CALENDAR.test(value);
  return { date: calendar ? new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`) : new Date(value), calendar };
}
function formatWith(options: Intl.DateTimeFormatOptions, value: string | Date): string {
  const { date, calendar } = readDate(value);
  const timeZone = calendar ? 'UTC' : TIME_ZONE;
  const key = `${timeZone}${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone })));
  return f.format(date);
}

/**
 * Mainland Portugal's offset from UTC at an instant, in minutes (the EU rule since 1996: summer time
 * from the last Sunday of March to the last Sunday of October, 01:00 UTC both), for TIME_ZONE
 * 'Europe/Lisbon'; undefined where Intl must answer (another zone, an earlier year, no date).
 */
function lisbonOffset(date: Date): number | undefined {
  const t = date.getTime();
  const y = date.getUTCFullYear();
  if (TIME_ZONE !== 'Europe/Lisbon' || Number.isNaN(t) || y < 1997) return undefined;
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month + 1, 0));
    return Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  return t >= lastSunday(2) && t < lastSunday(9) ? 60 : 0;
}
const two = (n: number) => String(n).padStart(2, '0');

/** "20/11/2026" */
export function formatDate(value: string | Date): string {
  const { date, calendar } = readDate(value);
  const offset = calendar ? 0 : lisbonOffset(date);
  if (offset === undefined || Number.isNaN(date.getTime())) return formatWith({ day: '2-digit', month: '2-digit', year: 'numeric' }, value);
  const local = new Date(date.getTime() + offset * 60_000);
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
}
/** "20/11/2026, 14:05" */
export const formatDateTime = (value: string | Date) =>
  formatWith({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, value);
/** "20 de novembro de 2026" */
export const formatDateLong = (value: string | Date) => formatWith({ day: 'numeric', month: 'long', year: 'numeric' }, value);
/** "novembro de 2026" */
export const formatMonthYear = (value: string | Date) => formatWith({ month: 'long', year: 'numeric' }, value);
/** "nov. 2026" (a chart axis) */
export const formatMonthYearShort = (value: string | Date) => `${formatWith({ month: 'short' }, value)} ${formatWith({ year: 'numeric' }, value)}`;
/** "2026": the calendar year in Lisbon (a receipt's number). */
export const formatYear = (value: string | Date) => formatWith({ year: 'numeric' }, value);
