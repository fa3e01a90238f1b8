import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { adminSession, createTestApp, openProject, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import { auditLog, clientes, profissionais, requests } from '../../db/schema';
import { executeNamed, prepared, preparedRaw } from '../../db/prepared';
import { hasApplied } from '../creditos/applicants';
import { grantCredits } from '../creditos/creditos.service';

// `prepared` maps the rows of a flat select itself on node-postgres (db/prepared.ts `flatRows`): each
// query here must give exactly what drizzle's own mapping gives for the same statement.
let t: TestApp;
let proId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminSession(t.app);
  const c = await registerAndLogin(t.app, 'cliente', { nome: 'Clara Mapa' });
  const p = await registerAndLogin(t.app, 'profissional', { nome: 'Pedro Mapa' });
  proId = p.id;
  await t.db.transaction((tx) => grantCredits(tx, p.id, 100, 'AJUSTE', { descricao: 'teste' }));
  const applied = await openProject(t.app, c, admin, 5);
  await openProject(t.app, c, admin, 7);
  expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: applied } })).statusCode).toBe(201);
  // Values of every kind a list reads: arrays, doubles, timestamps with a time zone, nulls.
  await t.db
    .update(profissionais)
    .set({ notaMedia: 4.5, selos: ['VERIFICADO'], selosEm: new Date('2026-11-20T10:00:00Z'), bio: null })
    .where(eq(profissionais.id, p.id));
});
afterAll(() => t.close());

describe('prepared selects map their rows as drizzle does', () => {
  it('columns of every type, a join with nulls, an SQL expression, a count and JSON', async () => {
    const { db } = t;
    const jobs = () =>
      db
        .select({
          id: requests.id,
          titulo: requests.titulo,
          status: requests.status,
          creditos: requests.creditos,
          criadoEm: requests.criadoEm,
          escolhidoId: requests.escolhidoId,
          clienteNome: clientes.nome,
          jaCandidatado: hasApplied(requests.id, sql.placeholder('pro')),
        })
        .from(requests)
        .leftJoin(clientes, eq(clientes.id, requests.clienteId))
        .orderBy(desc(requests.id));
    const pros = () =>
      db
        .select({
          id: profissionais.id,
          nome: profissionais.nome,
          especialidades: profissionais.especialidades,
          notaMedia: profissionais.notaMedia,
          selos: profissionais.selos,
          selosEm: profissionais.selosEm,
          bio: profissionais.bio,
        })
        .from(profissionais)
        .where(eq(profissionais.id, sql.placeholder('pro')));
    const counted = () =>
      db.select({ n: sql<number>`count(*)`.mapWith(Number), acoes: sql<string>`string_agg(${auditLog.acao}, ',' order by ${auditLog.id})` }).from(auditLog);
    const details = () => db.select({ id: auditLog.id, detalhes: auditLog.detalhes }).from(auditLog).orderBy(auditLog.id);

    type Built = { prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown[]> } };
    const cases: [string, () => Built][] = [
      ['map_jobs', jobs],
      ['map_pros', pros],
      ['map_count', counted],
      ['map_details', details],
    ];
    for (const [name, build] of cases) {
      const q = prepared(db, name, () => build().prepare(name));
      // On PostgreSQL the flat mapping is the one in use (a plain object, not drizzle's prepared query).
      expect(Object.getPrototypeOf(q) === Object.prototype).toBe(TEST_DB === 'postgres');
      const ours = await q.execute({ pro: proId });
      const theirs = await build().prepare(`${name}_drizzle`).execute({ pro: proId });
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(theirs);
    }
    // The values kept their types (dates as Dates, arrays as arrays, booleans, numbers).
    const [first] = (await prepared(db, 'map_jobs', () => jobs().prepare('map_jobs')).execute({ pro: proId })) as Record<string, unknown>[];
    expect(first.criadoEm).toBeInstanceOf(Date);
    const all = (await prepared(db, 'map_jobs', () => jobs().prepare('map_jobs')).execute({ pro: proId })) as {
      jaCandidatado: boolean;
      escolhidoId: unknown;
    }[];
    expect(all.map((r) => r.jaCandidatado).sort()).toEqual([false, true]);
    expect(all.every((r) => r.escolhidoId === null)).toBe(true);
    const [pro] = (await prepared(db, 'map_pros', () => pros().prepare('map_pros')).execute({ pro: proId })) as Record<string, unknown>[];
    expect(pro).toMatchObject({ nome: 'Pedro Mapa', notaMedia: 4.5, selos: ['VERIFICADO'], bio: null });
    expect(pro.selosEm).toEqual(new Date('2026-11-20T10:00:00Z'));
    const [count] = (await prepared(db, 'map_count', () => counted().prepare('map_count')).execute({})) as { n: unknown }[];
    expect(typeof count.n).toBe('number');
  });
});

describe('a raw statement built once (preparedRaw)', () => {
  it('is built on its first call only, and each call runs with its own values, as executeNamed does', async () => {
    let builds = 0;
    const text = (id: unknown, at: unknown) => sql`select id, nome from profissionais where id = ${id} and ${at}::timestamptz > '2000-01-01'`;
    const q = () =>
      preparedRaw<{ id: number; nome: string }>(t.db, 'test_raw_pro', () => {
        builds++;
        return text(sql.placeholder('id'), sql.placeholder('at'));
      });
    const at = new Date().toISOString();
    const found = await q().execute({ id: proId, at });
    const none = await q().execute({ id: proId + 1000, at });
    expect(builds).toBe(1);
    expect(found.rows).toEqual([{ id: proId, nome: 'Pedro Mapa' }]);
    expect(none.rows).toEqual([]);
    expect(found.rows).toEqual((await executeNamed(t.db, text(proId, at))).rows);
  });
});
