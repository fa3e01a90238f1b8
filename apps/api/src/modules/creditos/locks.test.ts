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

  it('a balance spent while an application holds the place: refused, and the place is given back', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 10);
    const id = await openProject(t.app, c, admin, 10);
    const kept = async () => (await t.db.execute<{ n: number }>(sql`select candidaturas_n n from requests where id = ${id}`)).rows[0].n;
    let answer: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    let waited = false;
    // Another write holds the professional's balance while the application reads it (10, enough),
    // takes the place (the project's count) and waits to debit; that write then spends the balance.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update subscriptions set creditos_restantes = 0 where profissional_id = ${p.id}`);
      const applying = t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } }).then((r) => (answer = r));
      for (let i = 0; i < 200; i++) {
        // The application's statement, waiting for that row (its text as PostgreSQL shows it, cut at 1 KB).
        const { rows } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ~ '^\\s*with v as'`,
        );
        waited = rows[0].n > 0;
        if (waited) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(waited, 'the application waits for the balance').toBe(true);
      expect(answer).toBeUndefined();
      void applying;
    });
    for (let i = 0; i < 200 && !answer; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answer?.statusCode, answer?.body).toBe(402);
    expect(answer?.json().code).toBe('INSUFFICIENT_CREDITS');
    // Nothing of it stays: no application, no ledger line, and the place is free again.
    expect(await kept()).toBe(0);
    const { rows } = await t.db.execute<{ n: number; l: number }>(
      sql`select (select count(*)::int from candidaturas where request_id = ${id}) n, (select count(*)::int from credit_ledger where request_id = ${id}) l`,
    );
    expect(rows[0]).toEqual({ n: 0, l: 0 });
    expect(await balance(p)).toBe(0);
  });
});
