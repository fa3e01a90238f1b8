import { CURRENCY, LOCALE, TIME_ZONE } from './catalogue/brand';

const euro = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatEuros = (value: number) => euro.format(value);
/** Ratings: one decimal, or N/A when there is none yet. */
export const formatRating = (value: number | null | undefined) => (value == null || !Number.isFinite(value) || value <= 0 ? 'N/A' : oneDecimal.format(value));

/*
 * Dates: every one a person reads goes through these (web pages and e-mails), pt-PT, Lisbon time, and
 * always with the four-digit year. (`dateStyle: 'short'` in pt-PT writes "20/11/26": not used.)
 */

/** 'YYYY-MM-DD' or 'YYYY-MM' is a calendar day or month, not an instant: read and shown in UTC so no time zone moves it. */
const CALENDAR = /^\d{4}-\d{2}(-\d{2})?$/;
const formats = new Map<string, Intl.DateTimeFormat>();
function formatWith(options: Intl.DateTimeFormatOptions, value: string | Date): string {
  const calendar = typeof value === 'string' && CALENDAR.test(value);
  const date = calendar ? new Date(`${value.length === 7 ? `${value}-01` : value}T00:00:00Z`) : new Date(value);
  const timeZone = calendar ? 'UTC' : TIME_ZONE;
  const key = `${timeZone}${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone })));
  return f.format(date);
}

/** "20/11/2026" */
export const formatDate = (value: string | Date) => formatWith({ day: '2-digit', month: '2-digit', year: 'numeric' }, value);
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
