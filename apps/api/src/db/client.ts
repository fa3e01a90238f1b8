import type { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { fasterArrayRows, fasterQueryConfig } from './pg-array-rows';
import { schema } from './schema';
import { SharedReadsPool } from './shared-reads';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** Works for both drivers: the query builder is the same. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: instances starting together take turns on this lock to migrate. */
const MIGRATION_LOCK = 724_981_203;

/**
 * Migrations on their own connection: no statement timeout (an index on a million rows takes
 * longer than any request may), under an advisory lock so that several instances starting at once
 * migrate one after the other (the later ones find nothing left to do).
 */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite (a folder, or memory when `dataDir` is
 * undefined). Migrations run before the handle is returned.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolMax?: number;
  /** Shared connections for named reads (db/shared-reads.ts); 0 sends every query through the pool. */
  sharedReads?: number;
  statementTimeoutMs?: number;
  /** Sees every statement with its parameters (the query-plan tests read them). */
  logQuery?: (query: string, params: unknown[]) => void;
  /**
   * PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. The
   * tests start from an already migrated database: PGlite's own initdb takes 3-5 s, a load 0.8 s.
   */
  template?: Blob;
}): Promise<Database> {
  if (opts.url) {
    await migratePostgres(opts.url);
    fasterArrayRows();
    fasterQueryConfig();
    const pool = new SharedReadsPool(
      {
        connectionString: opts.url,
        max: opts.poolMax ?? 10,
        // Server-side limits: a slow query is cancelled by PostgreSQL, and a transaction left open by a
        // crashed request does not hold its locks.
        statement_timeout: opts.statementTimeoutMs ?? 5000,
        idle_in_transaction_session_timeout: 30000,
        // A client taken from the pool writes each query at once instead of after the last one's
        // answer: statementsInOneTrip (db/prepared.ts) sends a whole transaction in one round trip.
        // Queries awaited one by one, as everywhere else, go exactly as before.
        pipeline: true,
      },
      opts.sharedReads ?? 2,
    );
    // An idle connection can be closed by the server (restart, failover, admin command). Without a
    // listener node-postgres throws that as an uncaught exception and the process dies; the pool
    // already discards the client and opens a new one on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL: idle connection lost (${err.message})`));
    const logger = opts.logQuery ? { logQuery: opts.logQuery } : undefined;
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // Loaded only here: on PostgreSQL the embedded engine (about 40 MB of memory) is never loaded.
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // PGlite.create awaits the extension bundles; the bare constructor would not have them yet.
  const client = await PGlite.create(opts.dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: opts.template });
  const db = drizzlePglite(client, { schema });
  // From a template too: whatever it lacks is migrated here, nothing is assumed.
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
