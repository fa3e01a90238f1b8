import { TIME_ZONE } from '@tc/shared';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Wall-clock fields of an instant in Lisbon. */
function lisbon(at: Date) {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** The instant Lisbon's clock shows y-m-d h:00 (DST moves at 01:00/02:00, never near 08:00). */
function lisbonInstant(y: number, m: number, d: number, h: number) {
  const guess = Date.UTC(y, m - 1, d, h);
  const w = lisbon(new Date(guess));
  const offset = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - guess;
  return new Date(guess - offset);
}

export const DIGEST_HOUR = 8;

/** The hour (0–23) Lisbon's clock shows at `at`: emergency availability is set in local hours. */
export const lisbonHour = (at: Date) => lisbon(at).h;

/** The next 08:00 in Lisbon after `now` (a daily digest's delivery), and its date as a key. */
export function nextDailyDigest(now: Date): { at: Date; day: string } {
  const w = lisbon(now);
  let at = lisbonInstant(w.y, w.m, w.d, DIGEST_HOUR);
  if (at.getTime() <= now.getTime()) {
    const tomorrow = new Date(Date.UTC(w.y, w.m - 1, w.d + 1));
    at = lisbonInstant(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate(), DIGEST_HOUR);
  }
  const l = lisbon(at);
  return { at, day: `${l.y}-${String(l.m).padStart(2, '0')}-${String(l.d).padStart(2, '0')}` };
}

/** The admins' digest: everything of one clock hour goes out together at the next full hour. */
export function nextHourlyDigest(now: Date): { at: Date; hour: string } {
  const at = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  return { at, hour: at.toISOString().slice(0, 13) };
}
