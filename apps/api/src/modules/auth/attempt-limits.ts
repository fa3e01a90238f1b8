import type { Role } from '@tc/shared';
import type { FailureCounter } from '../../lib/failure-counter';

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
  const keys = (tipo: Role, email: string, ip: string) => {
    const a = account(tipo, email);
    return [`login:ip:${ip}`, `login:acct:${a}`, `login:dev:${a}:${ip}`];
  };
  return {
    async blocked(tipo: Role, email: string, ip: string) {
      const [ip_, acct, device] = await counter.get(keys(tipo, email, ip));
      return ip_ >= LOGIN.perIp || device >= LOGIN.perDevice || (acct >= LOGIN.perAccount && device > 0);
    },
    failed: (tipo: Role, email: string, ip: string) => counter.add(keys(tipo, email, ip), LOGIN.windowMs),
    /** The owner is in: their account's and this device's failures are forgotten (the IP's stay). */
    succeeded: (tipo: Role, email: string, ip: string) => counter.clear(keys(tipo, email, ip).slice(1)),
  };
}

export function recoveryLimits(counter: FailureCounter) {
  return {
    /** Counts this request and says whether it goes beyond what one device or one account may ask. */
    async sendAllowed(tipo: Role, email: string, ip: string) {
      const a = account(tipo, email);
      const [device, acct] = await counter.get([`otp-send:dev:${a}:${ip}`, `otp-send:acct:${a}`]);
      if (device >= RECOVERY.send.perDevice || acct >= RECOVERY.send.perAccount) return false;
      await counter.add([`otp-send:dev:${a}:${ip}`], RECOVERY.send.windowMs);
      await counter.add([`otp-send:acct:${a}`], RECOVERY.send.perAccountWindowMs);
      return true;
    },
    /** 'pause': too many wrong codes from this device lately; 'day': this device's daily cap is spent. */
    async validateBlocked(tipo: Role, email: string, ip: string): Promise<'pause' | 'day' | false> {
      const a = account(tipo, email);
      const [recent, day] = await counter.get([`otp-fail:dev:${a}:${ip}`, `otp-fail-day:dev:${a}:${ip}`]);
      if (day >= RECOVERY.validate.perDeviceDay) return 'day';
      return recent >= RECOVERY.validate.perDevice ? 'pause' : false;
    },
    async validateFailed(tipo: Role, email: string, ip: string) {
      const a = account(tipo, email);
      await counter.add([`otp-fail:dev:${a}:${ip}`], RECOVERY.validate.windowMs);
      await counter.add([`otp-fail-day:dev:${a}:${ip}`], RECOVERY.validate.dayMs);
    },
  };
}
