import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from './client';

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
