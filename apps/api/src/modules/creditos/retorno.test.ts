import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminSession, createTestApp, openProject, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import { grantCredits } from './creditos.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let client: Awaited<ReturnType<typeof registerAndLogin>>;
let ana: Awaited<ReturnType<typeof registerAndLogin>>;
let bruno: Awaited<ReturnType<typeof registerAndLogin>>;
const ids: Record<string, number> = {};

const give = (id: number, n: number) => t.db.transaction((tx) => grantCredits(tx, id, n, 'AJUSTE', { descricao: 'teste' }));
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers?: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode}: ${r.body}`);
  return JSON.parse(r.body || 'null');
};
const apply = (p: { auth: Record<string, string> }, requestId: number) => ok(call('POST', '/api/creditos/usar', p.auth, { requestId }), 201);

/** YYYY-MM of a date in Lisbon, as the API keys its months. */
const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon', year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);

/**
 * Ana applies to five projects: chosen on one (Bruno applied too, and was not chosen), one concluded
 * without anyone chosen, one still open, one whose lead she reported and the admin refunded, and one
 * she applied to last month (a ledger line moved back a month). The client reviews her; the admin approves.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  client = await registerAndLogin(t.app, 'cliente');
  ana = await registerAndLogin(t.app, 'profissional', { nome: 'Ana Retorno' });
  bruno = await registerAndLogin(t.app, 'profissional', { nome: 'Bruno Retorno' });
  await give(ana.id, 100);
  await give(bruno.id, 100);

  ids.chosen = await openProject(t.app, client, admin, 10);
  ids.closed = await openProject(t.app, client, admin, 5);
  ids.open = await openProject(t.app, client, admin, 7);
  ids.refunded = await openProject(t.app, client, admin, 4);
  ids.lastMonth = await openProject(t.app, client, admin, 3);
  const cand: Record<string, number> = {};
  for (const k of ['lastMonth', 'chosen', 'closed', 'open', 'refunded']) cand[k] = (await apply(ana, ids[k]!)).id;
  await apply(bruno, ids.chosen!);

  await ok(call('POST', `/api/requests/${ids.chosen}/escolher`, client.auth, { profissionalId: ana.id }));
  await ok(call('PATCH', `/api/requests/${ids.chosen}/concluir`, client.auth, { profissionalId: ana.id }));
  await ok(call('PATCH', `/api/requests/${ids.closed}/concluir`, client.auth, { profissionalId: null }));
  const report = await ok(
    call('POST', `/api/candidaturas/${cand.refunded}/reportar`, ana.auth, { motivo: 'CONTACTO_INVALIDO', nota: 'Número não existe.' }),
    201,
  );
  await ok(call('PATCH', `/api/admin/leads-reportados/${report.id}/reembolsar`, admin.auth));
  const review = await ok(
    call('POST', '/api/review/create', client.auth, { profissionalId: ana.id, requestId: ids.chosen, nota: 5, comentario: 'Excelente trabalho.' }),
    201,
  );
  await ok(call('PUT', `/api/review/accept/${review.id}`, admin.auth));

  // The application of last month: its ledger line, as the ledger would have it a month ago.
  await t.db.execute(sql`
    update credit_ledger set criado_em = (date_trunc('month', now() at time zone 'Europe/Lisbon') - interval '1 month' + interval '3 days') at time zone 'Europe/Lisbon'
    where profissional_id = ${ana.id} and request_id = ${ids.lastMonth} and tipo = 'CANDIDATURA'`);
  // And one older than the 12 months shown: left out.
  await t.db.execute(sql`
    insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, descricao, criado_em)
    select s.id, s.profissional_id, 'CANDIDATURA', -50, 0, 'muito antiga', now() - interval '13 months' from subscriptions s where s.profissional_id = ${ana.id}`);
});
afterAll(() => t.close());

describe(`the professional's return on spend (${TEST_DB})`, () => {
  it('GET /profissional/retorno: 12 months, oldest first, spent / applications / chosen / reviews / refunds', async () => {
    const r = await ok(call('GET', '/api/profissional/retorno', ana.auth));
    expect(r.meses).toHaveLength(12);
    const now = new Date();
    const thisMonth = monthOf(now);
    const prev = new Date(now);
    prev.setUTCDate(15);
    prev.setUTCMonth(prev.getUTCMonth() - 1);
    expect(r.meses.at(-1).mes).toBe(thisMonth);
    expect(r.meses.at(-2).mes).toBe(monthOf(prev));
    expect(r.meses.map((m: { mes: string }) => m.mes)).toEqual([...r.meses.map((m: { mes: string }) => m.mes)].sort());
    expect(r.meses.at(-1)).toEqual({ mes: thisMonth, creditosGastos: 26, candidaturas: 4, escolhido: 1, avaliacoes: 1, creditosReembolsados: 4 });
    expect(r.meses.at(-2)).toEqual({ mes: monthOf(prev), creditosGastos: 3, candidaturas: 1, escolhido: 0, avaliacoes: 0, creditosReembolsados: 0 });
    for (const m of r.meses.slice(0, -2)) expect(m).toMatchObject({ creditosGastos: 0, candidaturas: 0, escolhido: 0, avaliacoes: 0, creditosReembolsados: 0 });
    expect(r.totais).toEqual({ creditosGastos: 29, candidaturas: 5, escolhido: 1, avaliacoes: 1, creditosReembolsados: 4 });

    const b = await ok(call('GET', '/api/profissional/retorno', bruno.auth));
    expect(b.totais).toEqual({ creditosGastos: 10, candidaturas: 1, escolhido: 0, avaliacoes: 0, creditosReembolsados: 0 });
  });

  it('each application says what came of it: Escolhido, Não escolhido, Fechado, Em aberto, Reembolsado', async () => {
    const list = await ok(call('GET', `/api/creditos/profissional/${ana.id}?pageSize=3`, ana.auth));
    expect(list.hasMore).toBe(true);
    const page2 = await ok(call('GET', `/api/creditos/profissional/${ana.id}?pageSize=3&page=2`, ana.auth));
    const all = [...list.items, ...page2.items];
    const outcome = Object.fromEntries(all.map((a: { request: { id: number }; resultado: string }) => [a.request.id, a.resultado]));
    expect(outcome).toEqual({
      [ids.chosen!]: 'ESCOLHIDO',
      [ids.closed!]: 'FECHADO',
      [ids.open!]: 'EM_ABERTO',
      [ids.refunded!]: 'REEMBOLSADO',
      [ids.lastMonth!]: 'EM_ABERTO',
    });
    expect(all.find((a: { request: { id: number } }) => a.request.id === ids.refunded).reembolsadoEm).toEqual(expect.any(String));
    const bruno1 = await ok(call('GET', `/api/creditos/profissional/${bruno.id}`, bruno.auth));
    expect(bruno1.items.map((a: { resultado: string }) => a.resultado)).toEqual(['NAO_ESCOLHIDO']);
  });

  it('is private: another professional, a client or a stranger cannot read mine', async () => {
    expect((await call('GET', `/api/creditos/profissional/${ana.id}`, bruno.auth)).statusCode).toBe(403);
    expect((await call('GET', `/api/creditos/profissional/${ana.id}`, client.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/profissional/retorno', client.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/profissional/retorno', admin.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/profissional/retorno')).statusCode).toBe(401);
    expect((await call('GET', `/api/creditos/profissional/${ana.id}`, admin.auth)).statusCode).toBe(200);
  });
});
