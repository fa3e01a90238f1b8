import type { Role } from '@tc/shared';
import type { FailureCounter } from '../../lib/failure-counter';
import { keyLimits, type KeyLimit } from '../../lib/key-limits';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * Limits that stop guessing without letting a stranger lock the owner out (docs/decisions/0009).
 * Only failures count, a success clears its account's count, and the counts are per account, per
 * device (account + IP) and per IP, so someone else's failures never block an owner who proves the
 * password from an address that has not failed.
 */
export const LOGIN = {
  windowMs: 15 * MIN,
  /** Failures from one address across all accounts. */
  perIp: 30,
  /** Failures of one address on one account. */
  perDevice: 5,
  /** Past this many failures on an account, only addresses that have not failed on it may try. */
  perAccount: 10,
};

export const RECOVERY = {
  /** Codes asked for one account from one address, and from anywhere (the owner's mailbox is not a target). */
  send: { windowMs: 15 * MIN, perDevice: 3, perAccountWindowMs: 60 * MIN, perAccount: 10 },
  /** Wrong codes from one address on one account: a short pause, then a daily cap for that address. */
  validate: { windowMs: 15 * MIN, perDevice: 5, dayMs: DAY, perDeviceDay: 15 },
};

const account = (tipo: Role, email: string) => `${tipo}:${email.toLowerCase()}`;

export function loginLimits(counter: FailureCounter) {
  const limits = keyLimits(counter);
  /** Per IP, per account, per device (account + IP): all failures, in one window. */
  const keys = (tipo: Role, email: string, ip: string): KeyLimit[] => {
    const a = account(tipo, email);
    return [
      { key: `login:ip:${ip}`, max: LOGIN.perIp, windowMs: LOGIN.windowMs },
      { key: `login:acct:${a}`, max: LOGIN.perAccount, windowMs: LOGIN.windowMs },
      { key: `login:dev:${a}:${ip}`, max: LOGIN.perDevice, windowMs: LOGIN.windowMs },
    ];
  };
  return {
    async blocked(tipo: Role, email: string, ip: string) {
      const [ip_, acct, device] = await limits.counts(keys(tipo, email, ip));
      return ip_ >= LOGIN.perIp || device >= LOGIN.perDevice || (acct >= LOGIN.perAccount && device > 0);
    },
    failed: (tipo: Role, email: string, ip: string) => limits.record(keys(tipo, email, ip)),
    /** The owner is in: their account's and this device's failures are forgotten (the IP's stay). */
    succeeded: (tipo: Role, email: string, ip: string) => limits.clear(keys(tipo, email, ip).slice(1)),
  };
}

export function recoveryLimits(counter: FailureCounter) {
  const limits = keyLimits(counter);
  const send = (tipo: Role, email: string, ip: string): KeyLimit[] => {
    const a = account(tipo, email);
    return [
      { key: `otp-send:dev:${a}:${ip}`, max: RECOVERY.send.perDevice, windowMs: RECOVERY.send.windowMs },
      { key: `otp-send:acct:${a}`, max: RECOVERY.send.perAccount, windowMs: RECOVERY.send.perAccountWindowMs },
    ];
  };
  const wrong = (tipo: Role, email: string, ip: string): KeyLimit[] => {
    const a = account(tipo, email);
    return [
      { key: `otp-fail:dev:${a}:${ip}`, max: RECOVERY.validate.perDevice, windowMs: RECOVERY.validate.windowMs },
      { key: `otp-fail-day:dev:${a}:${ip}`, max: RECOVERY.validate.perDeviceDay, windowMs: RECOVERY.validate.dayMs },
    ];
  };
  return {
    /** Counts this request and says whether it goes beyond what one device or one account may ask. */
    async sendAllowed(tipo: Role, email: string, ip: string) {
      const l = send(tipo, email, ip);
      if (await limits.reached(l)) return false;
      await limits.record(l);
      return true;
    },
    /** 'pause': too many wrong codes from this device lately; 'day': this device's daily cap is spent. */
    async validateBlocked(tipo: Role, email: string, ip: string): Promise<'pause' | 'day' | false> {
      const [recent, day] = await limits.counts(wrong(tipo, email, ip));
      if (day >= RECOVERY.validate.perDeviceDay) return 'day';
      return recent >= RECOVERY.validate.perDevice ? 'pause' : false;
    },
    validateFailed: (tipo: Role, email: string, ip: string) => limits.record(wrong(tipo, email, ip)),
  };
}
