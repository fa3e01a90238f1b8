import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from './client';
import { auditLog, clientes, profissionais } from './schema';
import { scratchPostgres } from '../test/harness';

const url = process.env.DATABASE_URL;

describe.runIf(process.env.TEST_DB === 'postgres' && url)('PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and the next query works', async () => {
    const name = `tc_test_pool_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString() });
    try {
      await database.db.execute(sql`select 1`);
      // Kill every backend of this database, as a restart or an operator would.
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await database.db.execute<{ ok: number }>(sql`select 1 as ok`);
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres' && url)('rows read from PostgreSQL (db/pg-array-rows.ts)', () => {
  it("drizzle's array rows keep every type's parser; object rows keep their names; a row without a column list reads too", async () => {
    const scratch = await scratchPostgres('tc_test_rows');
    const database = await openDatabase({ url: scratch.url });
    try {
      const { db } = database;
      const [c] = await db
        .insert(clientes)
        .values({ nome: 'Ana Sousa', email: 'ana@exemplo.pt', senhaHash: 'x', emailConfirmadoEm: new Date('2026-11-27T10:00:00.123Z') })
        .returning({ id: clientes.id });
      await db.insert(profissionais).values({
        nome: 'João Ferreira',
        email: 'joao@exemplo.pt',
        senhaHash: 'x',
        cidade: 'Porto',
        bairro: 'Porto',
        especialidades: ['instalacao-eletrica', 'domotica'],
      });
      await db.insert(auditLog).values({ actorTipo: 'admin', actorId: 3, acao: 'TESTE', detalhes: { antes: null, depois: 5, nota: 'é' } });
      // Twice: the second run is the prepared statement's, parsed from its second column list.
      for (let i = 0; i < 2; i++) {
        const [row] = await db
          .select({
            id: clientes.id,
            nome: clientes.nome,
            telefone: clientes.telefone,
            confirmado: clientes.emailConfirmadoEm,
            confirmadoTexto: sql<string>`to_char(${clientes.emailConfirmadoEm} at time zone 'UTC', 'YYYY-MM-DD')`,
            n: sql<number>`(select count(*) from clientes)::int`,
            grande: sql<string>`9007199254740993::bigint`,
            sim: sql<boolean>`true`,
          })
          .from(clientes)
          .where(eq(clientes.id, c!.id));
        expect(row).toEqual({
          id: c!.id,
          nome: 'Ana Sousa',
          telefone: null,
          confirmado: new Date('2026-11-27T10:00:00.123Z'),
          confirmadoTexto: '2026-11-27',
          n: 1,
          grande: '9007199254740993',
          sim: true,
        });
        const [pro] = await db.select({ especialidades: profissionais.especialidades, verificacao: profissionais.verificacao }).from(profissionais);
        expect(pro!.especialidades).toEqual(['instalacao-eletrica', 'domotica']);
        const [log] = await db.select({ detalhes: auditLog.detalhes, actorTipo: auditLog.actorTipo, actorId: auditLog.actorId }).from(auditLog);
        expect(log).toEqual({ detalhes: { antes: null, depois: 5, nota: 'é' }, actorTipo: 'admin', actorId: 3 });
      }
      const { rows } = await db.execute<{ nome: string; n: number }>(sql`select nome, 2::int as n from clientes`);
      expect(rows).toEqual([{ nome: 'Ana Sousa', n: 2 }]);
      expect((await db.execute(sql`update clientes set telefone = '+351912345678'`)).rowCount).toBe(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it("a query's config is copied, not changed: named, with values, by callback, reused; its prototype's fields kept", async () => {
    const scratch = await scratchPostgres('tc_test_query_config');
    const database = await openDatabase({ url: scratch.url });
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const config = Object.freeze({ name: 'tc_config_test', text: 'select $1::int + 1 as n', rowMode: 'array' as const });
      for (const v of [1, 41]) expect((await client.query(config, [v])).rows).toEqual([[v + 1]]);
      // The caller's object as it was (frozen: a copy that wrote into it would have thrown).
      expect(Object.keys(config)).toEqual(['name', 'text', 'rowMode']);
      const byCallback = await new Promise<unknown>((resolve, reject) =>
        client.query({ text: 'select $1::text as t', values: ['é'] }, (err: Error | null, r: pg.QueryResult) => (err ? reject(err) : resolve(r.rows))),
      );
      expect(byCallback).toEqual([{ t: 'é' }]);
      expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
      // A config whose fields come from its prototype (as a class's defaults would).
      const inherited = Object.assign(Object.create({ rowMode: 'array' }) as object, { text: 'select 3 as n' });
      expect((await client.query(inherited)).rows).toEqual([[3]]);
    } finally {
      await client.end();
      await database.close();
      await scratch.drop();
    }
  });
});
