import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminSession, createTestApp, describeOnPostgres, openProject, registerAndLogin, type TestApp } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { grantCredits } from './creditos.service';

/** Races that only the row locks prevent (each test here fails with its FOR UPDATE removed). */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox = () => smtp.inbox;

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await adminSession(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const give = (id: number, n: number) => t.db.transaction((tx) => grantCredits(tx, id, n, 'AJUSTE', { descricao: 'teste' }));
const balance = async (p: { id: number; auth: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${p.id}`, headers: p.auth })).json().creditosRestantes as number;

describeOnPostgres('row locks', () => {
  it('a project deleted twice at once refunds each professional once', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const pros = [await registerAndLogin(t.app, 'profissional'), await registerAndLogin(t.app, 'profissional')];
    for (const p of pros) await give(p.id, 30);
    const id = await openProject(t.app, c, admin, 12);
    for (const p of pros) await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${id}`, headers: admin.auth })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404]);
    for (const p of pros) expect(await balance(p)).toBe(30);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int n from credit_ledger where request_id = ${id} and tipo = 'REEMBOLSO'`);
    expect(rows[0].n).toBe(2);
  });

  it('twenty wrong recovery codes at once still count as twenty: the right code is dead after five', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    await t.app.inject({ method: 'POST', url: '/api/otp/send', payload: { email: c.email, tipo: 'cliente' } });
    for (let i = 0; i < 100 && !inbox().some((m) => m.to === c.email); i++) await new Promise((r) => setTimeout(r, 20));
    const raw = inbox().find((m) => m.to === c.email)!.raw;
    const m = raw.match(/O seu c=C3=B3digo =C3=A9 (\d{6})|O seu código é (\d{6})/)!;
    const code = (m[1] ?? m[2])!;
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/otp/validate', payload: { email: c.email, code: wrong, tipo: 'cliente' } })),
    );
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    const right = await t.app.inject({ method: 'POST', url: '/api/otp/validate', payload: { email: c.email, code, tipo: 'cliente' } });
    expect(right.statusCode).toBe(400);
  });

  it('a purchase confirmed five times at once grants its credits once', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const { pagamentoId } = (
      await t.app.inject({ method: 'POST', url: '/api/stripe/checkout', headers: p.auth, payload: { pacote: 'Elite', metodo: 'card' } })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: `/api/pagamentos/demo/${pagamentoId}/confirmar`, headers: p.auth })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(p)).toBe(150);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int n from credit_ledger where payment_id = ${pagamentoId}`);
    expect(rows[0].n).toBe(1);
  });
});
