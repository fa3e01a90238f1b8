import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { M } from '@tc/shared';
import { otpCodes } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { MAX_DAILY_FAILURES } from '../otp/otp.service';
import { LOGIN, RECOVERY } from './attempt-limits';

/**
 * Each limit here is checked both ways: it stops the attacker (the test fails if the limit is
 * removed) and it does not stop the owner (the test fails if the limit is made global).
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox = () => smtp.inbox;

let now = new Date('2026-11-23T09:00:00Z');
const clock: Clock = { now: () => now };
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { RATE_LIMIT: 'true', SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'Segura#123';
const login = (email: string, senha: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, senha, tipo: 'cliente' } });

describe('log-in limits count failures, not people', () => {
  it('stops one address after LOGIN.perDevice wrong passwords on an account, even with the right one', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < LOGIN.perDevice; i++) expect((await login(c.email, 'Errada#123', '10.2.0.1')).statusCode).toBe(401);
    const blocked = await login(c.email, PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: M.tooManyRequests });
    // The owner, elsewhere, is not locked out by that address.
    expect((await login(c.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('lets the owner in from a clean address while an account is attacked from many; failed addresses wait', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 1; i <= LOGIN.perAccount; i++) expect((await login(c.email, 'Errada#123', `10.3.0.${i}`)).statusCode).toBe(401);
    // Under attack: an address that has failed on this account is refused even with the right password...
    expect((await login(c.email, PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    // ...the owner's own device, which never failed, gets in...
    expect((await login(c.email, PASSWORD, '10.3.1.1')).statusCode).toBe(200);
    // ...and that success clears the account's count, so the other addresses may try again.
    expect((await login(c.email, PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it("forgets a device's failures when it logs in successfully", async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < LOGIN.perDevice - 1; i++) await login(c.email, 'Errada#123', '10.4.0.1');
    expect((await login(c.email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN.perDevice - 1; i++) expect((await login(c.email, 'Errada#123', '10.4.0.1')).statusCode).toBe(401);
    expect((await login(c.email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('stops an address guessing across many accounts after LOGIN.perIp failures', async () => {
    for (let i = 0; i < LOGIN.perIp; i++) expect((await login(`alvo${i}@exemplo.pt`, 'Errada#123', '10.5.0.1')).statusCode).toBe(401);
    expect((await login('mais.um@exemplo.pt', 'Errada#123', '10.5.0.1')).statusCode).toBe(429);
    expect((await login('mais.um@exemplo.pt', 'Errada#123', '10.5.0.2')).statusCode).toBe(401);
  });

  it('answers a body without an e-mail with 400, and such bodies never block anyone', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < LOGIN.perIp + 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.6.0.1', payload: { senha: 'x', tipo: 'cliente' } });
      expect(r.statusCode).toBe(400);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.6.0.1',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await login(c.email, PASSWORD, '10.6.0.1')).statusCode).toBe(200);
  });

  it('opens again when the window has passed', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < LOGIN.perDevice; i++) await login(c.email, 'Errada#123', '10.7.0.1');
    expect((await login(c.email, PASSWORD, '10.7.0.1')).statusCode).toBe(429);
    advance(LOGIN.windowMs + 1000);
    expect((await login(c.email, PASSWORD, '10.7.0.1')).statusCode).toBe(200);
  });
});

const send = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/otp/send', remoteAddress: ip, payload: { email, tipo: 'cliente' } });
const validate = (email: string, code: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/otp/validate', remoteAddress: ip, payload: { email, code, tipo: 'cliente' } });

async function codeFor(email: string, after: number) {
  for (
    let i = 0;
    i < 100 &&
    !inbox()
      .slice(after)
      .some((m) => m.to === email);
    i++
  )
    await new Promise((r) => setTimeout(r, 20));
  const mail = inbox()
    .slice(after)
    .reverse()
    .find((m) => m.to === email);
  const match = mail?.raw.match(/O seu c=C3=B3digo =C3=A9 (\d{6})|O seu código é (\d{6})/);
  expect(match, 'code in the e-mail').toBeTruthy();
  return (match![1] ?? match![2])!;
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const codeRows = async (email: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.tipo, 'cliente')))
  )[0]!.n;

describe('recovery limits', () => {
  it('lets one address ask RECOVERY.send.perDevice codes per window; another address still can', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < RECOVERY.send.perDevice; i++) expect((await send(c.email, '10.8.0.1')).statusCode).toBe(200);
    expect((await send(c.email, '10.8.0.1')).statusCode).toBe(429);
    expect((await send(c.email, '10.8.0.2')).statusCode).toBe(200);
    // Unknown e-mails are counted the same way (the limit tells nothing about accounts).
    for (let i = 0; i < RECOVERY.send.perDevice; i++) await send('ninguem@exemplo.pt', '10.8.0.3');
    expect((await send('ninguem@exemplo.pt', '10.8.0.3')).statusCode).toBe(429);
  });

  it('sends at most RECOVERY.send.perAccount codes an hour to one mailbox, from all addresses together', async () => {
    advance(RECOVERY.send.perAccountWindowMs);
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 1; i <= RECOVERY.send.perAccount; i++) expect((await send(c.email, `10.9.0.${i}`)).statusCode).toBe(200);
    expect((await send(c.email, '10.9.1.1')).statusCode).toBe(429);
    advance(RECOVERY.send.perAccountWindowMs + 1000);
    expect((await send(c.email, '10.9.1.1')).statusCode).toBe(200);
  });

  it('pauses an address after RECOVERY.validate.perDevice wrong codes; the owner elsewhere recovers', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const before = inbox().length;
    await send(c.email, '10.10.0.1');
    const code = await codeFor(c.email, before);
    for (let i = 0; i < RECOVERY.validate.perDevice; i++) expect((await validate(c.email, wrongFor(code), '10.10.0.66')).statusCode).toBe(400);
    expect((await validate(c.email, wrongFor(code), '10.10.0.66')).statusCode).toBe(429);
    // The attacker burnt that code; the owner asks another and uses it.
    const again = inbox().length;
    await send(c.email, '10.10.0.1');
    const fresh = await codeFor(c.email, again);
    const ok = await validate(c.email, fresh, '10.10.0.1');
    expect(ok.json()).toMatchObject({ message: true });
  });

  it('caps one address at RECOVERY.validate.perDeviceDay wrong codes a day, then opens the next day', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const rounds = Math.ceil(RECOVERY.validate.perDeviceDay / RECOVERY.validate.perDevice);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < RECOVERY.validate.perDevice; i++) await validate(c.email, '000000', '10.11.0.66');
      advance(RECOVERY.validate.windowMs + 1000);
    }
    // The short pause is over, but the day's cap holds.
    expect((await validate(c.email, '000000', '10.11.0.66')).statusCode).toBe(429);
    advance(RECOVERY.validate.dayMs);
    expect((await validate(c.email, '000000', '10.11.0.66')).statusCode).toBe(400);
  });

  it(`stops making codes after ${MAX_DAILY_FAILURES} wrong codes on an account in a day, from any addresses`, async () => {
    advance(RECOVERY.send.perAccountWindowMs);
    const c = await registerAndLogin(t.app, 'cliente');
    let ip = 0;
    for (let failures = 0; failures < MAX_DAILY_FAILURES; ip++) {
      // A new address for each code: no per-address limit is reached, only the account's daily cap.
      if (ip > 0 && ip % RECOVERY.send.perAccount === 0) advance(RECOVERY.send.perAccountWindowMs + 1000);
      const rowsBefore = await codeRows(c.email);
      expect((await send(c.email, `10.12.${ip}.1`)).statusCode).toBe(200);
      for (let i = 0; i < 50 && (await codeRows(c.email)) === rowsBefore; i++) await new Promise((r) => setTimeout(r, 10));
      for (let i = 0; i < 5 && failures < MAX_DAILY_FAILURES; i++, failures++) {
        expect((await validate(c.email, '999999', `10.12.${ip}.2`)).statusCode).toBe(400);
      }
    }
    // The next request from a fresh address gets the same polite answer, and no code is made.
    advance(RECOVERY.send.perAccountWindowMs + 1000);
    const rows = await codeRows(c.email);
    expect((await send(c.email, '10.12.200.1')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await codeRows(c.email)).toBe(rows);
    // A day later the owner recovers.
    advance(24 * 3600 * 1000);
    const before = inbox().length;
    expect((await send(c.email, '10.12.201.1')).statusCode).toBe(200);
    const code = await codeFor(c.email, before);
    expect((await validate(c.email, code, '10.12.201.1')).json()).toMatchObject({ message: true });
  });
});
