import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemo } from './seed';
import { DEMO_ADMIN, DEMO_CLIENTES, DEMO_PASSWORD, DEMO_PROFISSIONAIS } from './demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => {
  const { rows } = await t.db.execute<Record<string, number>>(sql`select
    (select count(*)::int from admins) as admins, (select count(*)::int from clientes) as clientes,
    (select count(*)::int from profissionais) as profissionais, (select count(*)::int from requests) as requests,
    (select count(*)::int from reviews) as reviews, (select count(*)::int from payments) as payments,
    (select count(*)::int from credit_ledger) as ledger`);
  return rows[0];
};

describe('demo seed', () => {
  it('seeds every role, every project status and review status, with photos and a professional with credits', async () => {
    const logins = await seedDemo(t.db, { storage: t.app.ctx.storage });
    expect(logins.join('\n')).toContain(DEMO_ADMIN.email);
    const c = await counts();
    expect(c).toMatchObject({ admins: 1, clientes: DEMO_CLIENTES.length, profissionais: DEMO_PROFISSIONAIS.length });
    const statuses = await t.db.execute<{ status: string }>(sql`select distinct status::text from requests order by 1`);
    expect(statuses.rows.map((r) => r.status)).toEqual(['ABERTO', 'CONCLUIDO', 'ESPERA']);
    const reviewStatuses = await t.db.execute<{ status: string }>(sql`select distinct status::text from reviews order by 1`);
    expect(reviewStatuses.rows.map((r) => r.status)).toEqual(['APROVADO', 'ESPERA']);
    // Reviews only of the professional the client chose for a completed project (docs/decisions/0008).
    const stray = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from reviews v join requests r on r.id = v.request_id
      where r.status <> 'CONCLUIDO' or r.escolhido_id is distinct from v.profissional_id or r.cliente_id <> v.cliente_id`);
    expect(stray.rows[0].n).toBe(0);
    // Each project's count of applications (what applying checks the five places against) is right.
    const miscounted = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from requests r where r.candidaturas_n <> (select count(*) from candidaturas c where c.request_id = r.id)`);
    expect(miscounted.rows[0].n).toBe(0);
    const counted = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from requests where candidaturas_n > 0`);
    expect(counted.rows[0].n).toBeGreaterThan(0);
    const regions = await t.db.execute<{ bairro: string }>(sql`select distinct bairro from profissionais order by 1`);
    expect(regions.rows.map((r) => r.bairro)).toEqual(['Faro', 'Lisboa', 'Porto', 'Setúbal']);

    // Each professional's balance equals the sum of its ledger, and the last ledger line's saldo.
    const ledger = await t.db.execute<{ ok: boolean }>(sql`
      select bool_and(s.creditos_restantes = coalesce(l.soma, 0)) as ok from subscriptions s
      left join (select subscription_id, sum(delta)::int soma from credit_ledger group by subscription_id) l on l.subscription_id = s.id`);
    expect(ledger.rows[0].ok).toBe(true);
    // Newest first, each line's running balance is the previous (older) one plus its movement.
    const order = await t.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from (
        select saldo_apos, delta, lag(saldo_apos) over (partition by subscription_id order by criado_em, id) as antes
        from credit_ledger) x
      where x.antes is not null and x.saldo_apos <> x.antes + x.delta`);
    expect(order.rows[0].bad).toBe(0);
    const rich = await t.db.execute<{ c: number }>(sql`select count(*)::int c from subscriptions where creditos_restantes > 0`);
    expect(rich.rows[0].c).toBeGreaterThanOrEqual(1);

    // Badges and the ranking are computed by the app's own rules (modules/selos): some of each.
    const top = (await t.app.inject({ method: 'GET', url: '/api/profissional/top-avaliados' })).json() as {
      nome: string;
      selos: string[];
      totalAvaliacoes: number;
    }[];
    const selosOf = (nome: string) => top.find((x) => x.nome === nome)?.selos;
    expect(selosOf('João Ferreira')).toEqual(expect.arrayContaining(['VERIFICADO', 'TOP_AVALIADO']));
    expect(selosOf('Marta Ribeiro')).toEqual(expect.arrayContaining(['VERIFICADO', 'DOMOTICA_EXPERT']));
    expect(selosOf('Sofia Almeida')).toEqual(expect.arrayContaining(['VERIFICADO', 'RESPOSTA_RAPIDA']));
    expect(top.every((x) => x.totalAvaliacoes > 0)).toBe(true);
    const ranked = await t.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from profissionais where selos_em is null or (total_avaliacoes > 0) <> (nota_bayes is not null)`);
    expect(ranked.rows[0].bad).toBe(0);

    // Photos are served publicly, as real images.
    const [prof] = (await t.db.execute<{ foto_key: string }>(sql`select foto_key from profissionais limit 1`)).rows;
    const img = await t.app.inject({ method: 'GET', url: `/api/files/${prof.foto_key}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // The demo log-ins work through the API.
    for (const [email, tipo] of [
      [DEMO_ADMIN.email, 'admin'],
      [DEMO_CLIENTES[0].email, 'cliente'],
      [DEMO_PROFISSIONAIS[0].email, 'profissional'],
    ]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: DEMO_PASSWORD, tipo } });
      expect(r.statusCode, `${tipo} login`).toBe(200);
    }
  });

  it('every demo client and professional has accepted the current terms: no log-in asks for them (docs/decisions/0016)', async () => {
    for (const [email, tipo] of [...DEMO_CLIENTES.map((c) => [c.email, 'cliente']), ...DEMO_PROFISSIONAIS.map((p) => [p.email, 'profissional'])]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: DEMO_PASSWORD, tipo } });
      expect(r.json(), `${email} asked to accept the terms`).toEqual({ id: expect.any(Number), access_token: expect.any(String) });
    }
  });

  it('a second start changes nothing', async () => {
    const before = await counts();
    const logins = await seedDemo(t.db, { storage: t.app.ctx.storage });
    expect(logins.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });
});
