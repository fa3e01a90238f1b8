import { LOCALE, TIME_ZONE } from './catalogue/brand';

const euro = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeZone: TIME_ZONE });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatEuros = (value: number) => euro.format(value);
export const formatDateTime = (value: string | Date) => dateTime.format(new Date(value));
export const formatDate = (value: string | Date) => date.format(new Date(value));
/** Ratings: one decimal, or N/A when there is none yet. */
export const formatRating = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) || value <= 0 ? 'N/A' : oneDecimal.format(value);
