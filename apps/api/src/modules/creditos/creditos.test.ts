import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, describeOnPostgres, openProject, projectPayload, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import { grantCredits } from './creditos.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let client: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  client = await registerAndLogin(t.app, 'cliente');
});
afterAll(() => t.close());

const give = (id: number, n: number) => t.db.transaction((tx) => grantCredits(tx, id, n, 'AJUSTE', { descricao: 'teste' }));
const apply = (auth: Record<string, string>, requestId: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: auth, payload: { requestId, ...extra } });
const balanceOf = async (p: { id: number; auth: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: `/api/subscriptions/credito/${p.id}`, headers: p.auth })).json().creditosRestantes as number;

/** Every balance equals the sum of its ledger and the last line's saldo_apos; none is negative. */
async function ledgerAddsUp() {
  const { rows } = await t.db.execute<{ bad: number }>(sql`
    select count(*)::int as bad from subscriptions s
    left join (select subscription_id, sum(delta)::int soma from credit_ledger group by subscription_id) l on l.subscription_id = s.id
    left join lateral (select saldo_apos from credit_ledger x where x.subscription_id = s.id order by x.id desc limit 1) last on true
    where s.creditos_restantes <> coalesce(l.soma, 0) or s.creditos_restantes <> coalesce(last.saldo_apos, 0) or s.creditos_restantes < 0`);
  expect(rows[0].bad).toBe(0);
  const { rows: cand } = await t.db.execute<{ bad: number }>(sql`
    select count(*)::int as bad from candidaturas c
    where not exists (select 1 from credit_ledger l where l.request_id = c.request_id and l.profissional_id = c.profissional_id and l.tipo = 'CANDIDATURA' and l.delta = -c.creditos)`);
  expect(cand[0].bad).toBe(0);
}

describe(`applying with credits (${TEST_DB})`, () => {
  it('charges the project price (never the quantidade sent), reveals the contact and records usage and ledger', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 50);
    const id = await openProject(t.app, client, admin, 15);
    const res = await apply(p.auth, id, { quantidade: 1, profissionalId: p.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ creditosGastos: 15, creditosRestantes: 35, contato: '+351912345678', message: M.candidaturaOk });
    expect(await balanceOf(p)).toBe(35);
    const list = await t.app.inject({ method: 'GET', url: `/api/creditos/profissional/${p.id}`, headers: p.auth });
    expect(list.json()).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(list.json().items[0]).toMatchObject({ creditos: 15, request: { id, contato: '+351912345678' } });
    const history = await t.app.inject({ method: 'GET', url: `/api/creditos/historico/${p.id}`, headers: p.auth });
    expect(history.json().items.map((h: { tipo: string; delta: number; saldoApos: number }) => [h.tipo, h.delta, h.saldoApos])).toEqual([
      ['CANDIDATURA', -15, 35],
      ['AJUSTE', 50, 50],
    ]);
    await ledgerAddsUp();
  });

  it('refuses with a clear message and changes nothing: not enough credits, second application, closed project, another professional id', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 10);
    const pricey = await openProject(t.app, client, admin, 20);
    const poor = await apply(p.auth, pricey);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({ code: 'INSUFFICIENT_CREDITS', message: M.creditosInsuficientes });

    const cheap = await openProject(t.app, client, admin, 5);
    expect((await apply(p.auth, cheap)).statusCode).toBe(201);
    const twice = await apply(p.auth, cheap);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.jaCandidatado);

    const waiting = (await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload() })).json().id;
    expect((await apply(p.auth, waiting)).json()).toMatchObject({ code: 'NOT_OPEN', message: M.projetoIndisponivel });
    const other = await registerAndLogin(t.app, 'profissional');
    expect((await apply(p.auth, cheap, { profissionalId: other.id })).statusCode).toBe(403);
    expect((await apply(client.auth, cheap)).statusCode).toBe(403);
    expect(await balanceOf(p)).toBe(5);
    await ledgerAddsUp();
  });

  it('the database itself refuses a negative balance', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await expect(t.db.execute(sql`update subscriptions set creditos_restantes = -1 where profissional_id = ${p.id}`)).rejects.toThrow();
    expect(await balanceOf(p)).toBe(0);
  });

  it('job search lists only open, priced projects, with filters, newest first, 12 a page', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    const c = await registerAndLogin(t.app, 'cliente');
    const mk = async (over: Record<string, unknown>, approve = true, creditos: number | null = 5) => {
      const id = (await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload(over) })).json().id;
      if (approve) await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth });
      if (approve && creditos) await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos } });
      return id;
    };
    const a = await mk({ titulo: 'Fuga na cozinha Évora', bairro: 'Évora', especialidade: 'reparacao-fugas-agua', tempo: 'URGENTE' });
    const b = await mk({ titulo: 'Quadro novo', bairro: 'Faro' });
    await mk({ titulo: 'Sem preço ainda' }, true, null);
    await mk({ titulo: 'Por aprovar' }, false);
    const get = async (qs: string) => (await t.app.inject({ method: 'GET', url: `/api/requests/disponiveis?${qs}`, headers: p.auth })).json();
    const all = await get('pageSize=50');
    const ids = all.items.map((r: { id: number }) => r.id);
    expect(ids).toContain(a);
    expect(ids).toContain(b);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(
      all.items.every((r: { status: string; creditos: number | null; contato: string | null }) => r.status === 'ABERTO' && r.creditos && r.contato === null),
    ).toBe(true);
    expect((await get('q=evora')).items.map((r: { id: number }) => r.id)).toEqual([a]);
    expect((await get('bairro=faro')).items.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await get('tempo=URGENTE')).items.map((r: { id: number }) => r.id)).toEqual([a]);
    expect((await get('especialidade=reparacao-fugas-agua')).items.map((r: { id: number }) => r.id)).toEqual([a]);
    expect((await get('')).pageSize).toBe(12);
    // The district as typed (any case, accents or not) is matched to the catalogue's name.
    expect((await get('bairro=EVORA')).items.map((r: { id: number }) => r.id)).toEqual([a]);
    expect((await get('q=faro')).items.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/disponiveis', headers: c.auth })).statusCode).toBe(403);
  });
});

describeOnPostgres('applying at the same moment', () => {
  it('the same professional clicking ten times at once spends once', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 100);
    const id = await openProject(t.app, client, admin, 10);
    const results = await Promise.all(Array.from({ length: 10 }, () => apply(p.auth, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await balanceOf(p)).toBe(90);
    await ledgerAddsUp();
  });

  it('eight professionals applying at once: exactly five get the places', async () => {
    const pros = await Promise.all(Array.from({ length: 8 }, () => registerAndLogin(t.app, 'profissional')));
    for (const p of pros) await give(p.id, 30);
    const id = await openProject(t.app, client, admin, 10);
    const results = await Promise.all(pros.map((p) => apply(p.auth, id)));
    const ok = results.filter((r) => r.statusCode === 201);
    const full = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(full).toHaveLength(3);
    for (const r of full) expect(r.json()).toEqual({ code: 'PROJECT_FULL', message: M.projetoCheio });
    const balances = await Promise.all(pros.map(balanceOf));
    expect(balances.filter((b) => b === 20)).toHaveLength(5);
    expect(balances.filter((b) => b === 30)).toHaveLength(3);
    const { rows } = await t.db.execute<{ n: number; kept: number }>(
      sql`select count(*)::int n, (select candidaturas_n from requests where id = ${id}) kept from candidaturas where request_id = ${id}`,
    );
    // The places counted on the project's row (what applying checks under its lock) agree.
    expect(rows[0]).toEqual({ n: 5, kept: 5 });
    await ledgerAddsUp();
  });

  it('a balance that covers only one of three simultaneous applications pays for exactly one', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    await give(p.id, 10);
    const ids = [await openProject(t.app, client, admin, 10), await openProject(t.app, client, admin, 10), await openProject(t.app, client, admin, 10)];
    const results = await Promise.all(ids.map((id) => apply(p.auth, id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(2);
    expect(await balanceOf(p)).toBe(0);
    // Only the application that went in is counted: a refused one raises no project's count.
    const { rows } = await t.db.execute<{ kept: number }>(sql`select sum(candidaturas_n)::int kept from requests where id in (${sql.join(ids, sql`, `)})`);
    expect(rows[0].kept).toBe(1);
    await ledgerAddsUp();
  });
});
