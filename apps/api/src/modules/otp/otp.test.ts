import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '@tc/shared';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import type { Clock } from '../../lib/clock';

/** A real SMTP receiver: the API sends through nodemailer over a socket, as in production. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox = () => smtp.inbox;

let now = new Date('2026-11-22T10:00:00Z');
const clock: Clock = { now: () => now };
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (email: string, tipo = 'cliente') => t.app.inject({ method: 'POST', url: '/api/otp/send', payload: { email, tipo } });
const validate = (email: string, code: string, tipo = 'cliente') => t.app.inject({ method: 'POST', url: '/api/otp/validate', payload: { email, code, tipo } });
const recover = (email: string, resetToken: string, novaSenha = 'Outra#Senha2026', tipo = 'cliente') =>
  t.app.inject({ method: 'PUT', url: `/api/${tipo}/recovery-password`, payload: { email, resetToken, novaSenha } });
const login = (email: string, senha: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, tipo: 'cliente' } });

async function codeFor(email: string) {
  for (let i = 0; i < 50 && !inbox().some((m) => m.to === email); i++) await new Promise((r) => setTimeout(r, 20));
  const mail = [...inbox()].reverse().find((m) => m.to === email);
  const match = mail?.raw.match(/O seu c=C3=B3digo =C3=A9 (\d{6})|O seu código é (\d{6})/);
  expect(match, 'code in the e-mail').toBeTruthy();
  return (match![1] ?? match![2])!;
}

describe('password recovery', () => {
  it('sends a 6-digit code by e-mail; the code gives a reset token; the token sets the new password once', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const sent = await send(c.email);
    expect(sent.statusCode).toBe(200);
    const code = await codeFor(c.email);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await validate(c.email, code);
    expect(ok.json()).toMatchObject({ message: true, resetToken: expect.any(String) });
    // A used code cannot be used again.
    expect((await validate(c.email, code)).json()).toEqual({ code: 'OTP_INVALID', message: M.otpInvalid });
    // E-mail and new password alone change nothing.
    expect((await recover(c.email, 'inventado')).statusCode).toBe(400);
    expect((await recover(c.email, ok.json().resetToken)).json()).toEqual({ message: M.senhaAlterada });
    // Whoever held a session before the reset is logged out.
    expect((await t.app.inject({ method: 'GET', url: `/api/cliente/account/${c.email}`, headers: c.auth })).statusCode).toBe(401);
    expect((await login(c.email, 'Outra#Senha2026')).statusCode).toBe(200);
    expect((await login(c.email, 'Segura#123')).statusCode).toBe(401);
    // The token is single use.
    expect((await recover(c.email, ok.json().resetToken, 'Terceira#2026')).statusCode).toBe(400);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = inbox().length;
    const known = await registerAndLogin(t.app, 'cliente');
    const a = await send('ninguem.aqui@exemplo.pt');
    const b = await send(known.email);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    await codeFor(known.email);
    expect(
      inbox()
        .slice(before)
        .every((m) => m.to !== 'ninguem.aqui@exemplo.pt'),
    ).toBe(true);
  });

  it('expires after 10 minutes', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    await send(c.email);
    const code = await codeFor(c.email);
    now = new Date(now.getTime() + 11 * 60 * 1000);
    expect((await validate(c.email, code)).statusCode).toBe(400);
  });

  it('allows 5 tries per code, then the code is dead even if right', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    await send(c.email);
    const code = await codeFor(c.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await validate(c.email, wrong)).statusCode).toBe(400);
    expect((await validate(c.email, code)).statusCode).toBe(400);
  });

  it('refuses malformed codes with the spec message', async () => {
    const r = await validate('a@exemplo.pt', '12a4');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(M.otpDigits);
  });
});
