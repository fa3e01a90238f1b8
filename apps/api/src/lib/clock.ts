/** The one source of "now", so tests can move time (OTP expiry, weekly charts). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
