import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { executeNamed } from './prepared';
import { SHARED_READS_NAME } from './shared-reads';
import { sqlState } from '../lib/db-errors';
import { describeOnPostgres, scratchPostgres, TEST_DB } from '../test/harness';

// Kept reads pipelined over a few shared connections (db/shared-reads.ts): PostgreSQL only, PGlite has
// one connection and no pool.
let database: Database;
let url = '';
let drop = async () => {};

beforeAll(async () => {
  if (TEST_DB !== 'postgres') return;
  const scratch = await scratchPostgres('tc_test_shared');
  url = scratch.url;
  database = await openDatabase({ url, poolMax: 10, sharedReads: 2 });
  drop = async () => {
    await database.close();
    await scratch.drop();
  };
  await database.db.execute(sql`create table leitura (id int primary key, v text not null)`);
  await database.db.execute(sql`insert into leitura select g, 'valor ' || g from generate_series(1, 500) g`);
});
afterAll(() => drop());

const read = (id: number) => executeNamed<{ v: string }>(database.db, sql`select v from leitura where id = ${id}::int`).then((r) => r.rows[0]?.v);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The backends of the shared connections, as PostgreSQL sees them. */
async function sharedBackends(): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and application_name = $1`, [
      SHARED_READS_NAME,
    ]);
    return rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** How many writes the process's sockets make while `run` runs (one call per write, whatever was corked). */
async function countWrites<T>(run: () => Promise<T>): Promise<{ writes: number; result: T }> {
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
  const saved = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  proto._write = function (this: unknown, ...a: unknown[]) {
    writes++;
    return saved._write.apply(this, a);
  };
  proto._writev = function (this: unknown, ...a: unknown[]) {
    writes++;
    return saved._writev.apply(this, a);
  };
  try {
    const result = await run();
    return { writes, result };
  } finally {
    proto._write = saved._write;
    proto._writev = saved._writev;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeOnPostgres('kept reads over shared connections', () => {
  it('a burst of kept reads is answered right, over the two shared connections, in a handful of writes', async () => {
    // The shared connections are opened (and their statements prepared) first, outside the count.
    await Promise.all(ids(10).map(read));
    const { writes, result: answers } = await countWrites(() => Promise.all(ids(60).map(read)));
    expect(answers).toEqual(ids(60).map((i) => `valor ${i}`));
    // Through the pool, each read took its own write (and up to ten connections).
    expect(writes).toBeLessThanOrEqual(4);
    // Past 32 waiting on each shared connection, reads go through the pool: answered all the same.
    expect(await Promise.all(ids(200).map(read))).toEqual(ids(200).map((i) => `valor ${i}`));
    expect(await sharedBackends()).toHaveLength(2);
  });

  it('a read that fails fails alone; the others in the same write are answered', async () => {
    const divide = (n: number) => executeNamed<{ x: number }>(database.db, sql`select (100 / ${n}::int)::int as x`).then((r) => r.rows[0]!.x);
    const { writes, result: results } = await countWrites(() => Promise.allSettled([...ids(10).map(read), divide(0), ...ids(10).map(read), divide(4)]));
    // Pipelined together on the shared connections, not each through the pool.
    expect(writes).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(sqlState((results[10] as PromiseRejectedResult).reason)).toBe('22012');
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'erro'))).toEqual([
      ...ids(10).map((i) => `valor ${i}`),
      'erro',
      ...ids(10).map((i) => `valor ${i}`),
      25,
    ]);
    expect(await read(7)).toBe('valor 7');
  });

  it('a kept write or locking read waiting for a row lock holds back no read', async () => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select * from leitura where id = 1 for update');
      let settled = 0;
      const update = executeNamed(database.db, sql`update leitura set v = 'mudado' where id = ${1}::int`).finally(() => settled++);
      const locking = executeNamed(database.db, sql`select v from leitura where id = ${1}::int for update`).finally(() => settled++);
      // Had the update or the locking read been written to a shared connection, every read queued
      // behind it there would wait for the lock too.
      const answers = await Promise.all(ids(40).map((i) => read(i + 1)));
      expect(answers).toEqual(ids(40).map((i) => `valor ${i + 1}`));
      expect(settled).toBe(0);
      await locker.query('commit');
      await Promise.all([update, locking]);
      expect(await read(1)).toBe('mudado');
    } finally {
      await locker.end();
    }
  });

  it('a shared connection closed by the server is replaced; reads go on', async () => {
    await Promise.all(ids(4).map(read));
    const before = await sharedBackends();
    expect(before.length).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`, [
        SHARED_READS_NAME,
      ]);
    } finally {
      await admin.end();
    }
    // A read written before the client learns of the close may fail (as on a pooled connection); the
    // connection is then dropped and the next reads open a new one.
    let answers: (string | undefined)[] | undefined;
    for (let attempt = 0; attempt < 20 && !answers; attempt++) {
      answers = await Promise.all(ids(20).map((i) => read(i + 1))).catch(() => undefined);
      if (!answers) await new Promise((r) => setTimeout(r, 50));
    }
    expect(answers).toEqual(ids(20).map((i) => `valor ${i + 1}`));
    const after = await sharedBackends();
    expect(after.length).toBeGreaterThan(0);
    // (A terminated backend may still be listed for a moment: a new one must be there.)
    expect(after.some((pid) => !before.includes(pid))).toBe(true);
  });

  it('a read never waits behind a shared connection stuck on a slow statement: it goes elsewhere', async () => {
    // One slow read on each shared connection (the least busy takes the second).
    let slowDone = 0;
    const slow = [1, 2].map(() => executeNamed(database.db, sql`select pg_sleep(${1}::float8) as s`).finally(() => slowDone++));
    await sleep(150);
    const answers = await Promise.all(ids(20).map((i) => read(i + 1)));
    expect(answers).toEqual(ids(20).map((i) => `valor ${i + 1}`));
    // Answered through the pool while both slow reads still ran.
    expect(slowDone).toBe(0);
    await Promise.all(slow);
  });

  it('a read cancelled by the statement timeout fails alone; its connection stays and serves the next', async () => {
    const quick = await openDatabase({ url, sharedReads: 1, statementTimeoutMs: 300 });
    try {
      const readHere = (id: number) => executeNamed<{ v: string }>(quick.db, sql`select v from leitura where id = ${id}::int`).then((r) => r.rows[0]?.v);
      await readHere(2);
      const before = await sharedBackends();
      const results = await Promise.allSettled([executeNamed(quick.db, sql`select pg_sleep(${5}::float8) as s`), ...ids(5).map((i) => readHere(i + 1))]);
      expect(sqlState((results[0] as PromiseRejectedResult).reason)).toBe('57014');
      expect(results.slice(1).map((r) => (r.status === 'fulfilled' ? r.value : 'erro'))).toEqual(ids(5).map((i) => `valor ${i + 1}`));
      expect(await readHere(9)).toBe('valor 9');
      // The same shared connections: a timeout is the statement's, not the connection's.
      expect(await sharedBackends()).toEqual(before);
    } finally {
      await quick.close();
    }
  });

  it('a kept read inside a transaction is the transaction’s own: it sees its uncommitted change', async () => {
    let seen: string | undefined;
    await database.db
      .transaction(async (tx) => {
        await executeNamed(tx, sql`update leitura set v = 'na transação' where id = ${3}::int`);
        seen = (await executeNamed<{ v: string }>(tx, sql`select v from leitura where id = ${3}::int`)).rows[0]?.v;
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seen).toBe('na transação');
    expect(await read(3)).toBe('valor 3');
  });

  it('a kept read whose plan a migration made stale is answered again on a new connection', async () => {
    await database.db.execute(sql`create table tipo (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into tipo values (1, 7)`);
    const readN = () => executeNamed<{ n: number | string }>(database.db, sql`select n from tipo where id = ${1}::int`).then((r) => Number(r.rows[0]?.n));
    await Promise.all([readN(), readN(), readN()]);
    await database.db.execute(sql`alter table tipo alter column n type bigint`);
    // Prepared before the change, the statement can no longer run on the connections that hold it
    // (0A000, "cached plan must not change result type"); the pool throws such a connection away, and
    // so must the shared ones, or the read would fail there until a restart.
    const answers: (number | string)[] = [];
    for (let i = 0; i < 6; i++) answers.push(await readN().catch((e: unknown) => sqlState(e) ?? 'erro'));
    expect(answers.slice(-2)).toEqual([7, 7]);
    expect(answers.every((a) => a === 7 || a === '0A000')).toBe(true);
  });
});
