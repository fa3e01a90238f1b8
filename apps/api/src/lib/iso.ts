const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(value).toISOString()`, written out by hand. V8's own toISOString costs ~1.1 µs here, a
 * third of a list row's mapping: a heavy client's page of 20 projects formats 40 dates. The same
 * text for every date of years 1000-9999; anything else (or an invalid date, which throws) goes to
 * toISOString itself.
 */
export function iso(value: Date | string | number): string {
  const d = value instanceof Date ? value : new Date(value);
  const y = d.getUTCFullYear();
  if (!(y >= 1000 && y <= 9999)) return d.toISOString();
  return `${y}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${three(d.getUTCMilliseconds())}Z`;
}
