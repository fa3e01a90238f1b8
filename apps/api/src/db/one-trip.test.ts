import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { statementsInOneTrip, type ShapeStep } from './prepared';
import { sqlState } from '../lib/db-errors';
import { freshPglite, scratchPostgres, TEST_DB, watchStatements } from '../test/harness';

// statementsInOneTrip: kept statements as one transaction, written at once on PostgreSQL.
let database: Database;
let drop: () => Promise<void>;
let url = '';

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    const scratch = await scratchPostgres('tc_test_trip');
    url = scratch.url;
    // One connection: a client not given back, or given back broken, and the next call waits forever.
    database = await openDatabase({ url: scratch.url, poolMax: 1 });
    drop = async () => {
      await database.close();
      await scratch.drop();
    };
  } else {
    database = await freshPglite();
    drop = () => database.close();
  }
  await database.db.execute(sql`create table viagem (id int primary key, n int not null default 0)`);
});
afterAll(() => drop());

const insert = (id: number): ShapeStep => ({
  shape: 'test_trip_insert',
  build: () => sql`insert into viagem (id) values (${sql.placeholder('id')}::int) returning id`,
  values: { id },
});
const count: ShapeStep = { shape: 'test_trip_count', build: () => sql`select count(*)::int as n from viagem`, values: {} };
const ids = async () => (await database.db.execute<{ id: number }>(sql`select id from viagem order by id`)).rows.map((r) => Number(r.id));

describe(`statementsInOneTrip (${TEST_DB})`, () => {
  it('runs the statements in order in one transaction and answers each one’s rows', async () => {
    const watch = TEST_DB === 'postgres' ? watchStatements() : undefined;
    let answers;
    try {
      answers = await statementsInOneTrip(database.db, [insert(1), count, insert(2)]);
    } finally {
      watch?.restore();
    }
    expect(answers.map((a) => a.rows)).toEqual([[{ id: 1 }], [{ n: 1 }], [{ id: 2 }]]);
    expect(await ids()).toEqual([1, 2]);
    if (watch) {
      // One round trip: BEGIN, the three statements and COMMIT all written before the first answer.
      const firstAnswer = watch.events.findIndex((e) => e.startsWith('answered '));
      expect(
        watch.events.slice(0, firstAnswer).map((e) =>
          e
            .replace(/^sent /, '')
            .split(' ')[0]!
            .toLowerCase(),
        ),
      ).toEqual(['begin', 'insert', 'select', 'insert', 'commit']);
      // Each kept: named, like executeShape's.
      expect(watch.sent.filter((s) => s.text.startsWith('insert') || s.text.startsWith('select')).every((s) => s.name?.startsWith('n_'))).toBe(true);
    }
  });

  it('a statement that fails rolls every one back, throws PostgreSQL’s error, and the connection serves the next call', async () => {
    // 3 is written, then 1 again breaks the key: 3 must not stay. Twice, on a pool of one connection.
    for (let i = 0; i < 2; i++) {
      const failed = await statementsInOneTrip(database.db, [insert(3), insert(1), count]).catch((e: unknown) => e);
      expect(sqlState(failed)).toBe('23505');
      expect(await ids()).toEqual([1, 2]);
    }
    expect((await statementsInOneTrip(database.db, [count]))[0]!.rows).toEqual([{ n: 2 }]);
  });

  it.runIf(TEST_DB === 'postgres')('each statement reads what was committed when it starts, as if awaited in turn', async () => {
    // The first statement waits for a row lock; meanwhile another connection adds a row and commits,
    // then the lock goes. The second statement, started after the wait, counts that row: what a review's
    // approval relies on to count every approval committed while the professional's row was locked.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('begin');
    await other.query('select id from viagem where id = 1 for update');
    const bump: ShapeStep = { shape: 'test_trip_bump', build: () => sql`update viagem set n = n + 1 where id = 1 returning n`, values: {} };
    const trip = statementsInOneTrip(database.db, [bump, count]);
    await waitForLockWaiter(other);
    await other.query('insert into viagem (id) values (4)');
    await other.query('commit');
    const [bumped, counted] = await trip;
    expect(bumped!.rows).toEqual([{ n: 1 }]);
    expect(counted!.rows).toEqual([{ n: 3 }]);
    await other.end();
  });
});

/** Resolves once a statement of this database waits for a lock (read on `client`: the pool's one connection is the one waiting). */
async function waitForLockWaiter(client: pg.Client) {
  for (let i = 0; i < 250; i++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (rows[0]!.n >= 1) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never waiting for a lock');
}
