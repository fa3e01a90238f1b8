import type { Writable } from 'node:stream';
import pg from 'pg';

/** Shown in `pg_stat_activity.application_name` for the shared connections. */
export const SHARED_READS_NAME = 'tc-shared-reads';

/** Queries one shared connection may hold sent and unanswered; past that a read goes through the pool. */
const MAX_IN_FLIGHT = 32;
/** A shared connection whose oldest unanswered query is older than this takes no new read (it is stuck behind something slow). */
const STALLED_MS = 50;
/** After a shared connection could not be opened, its slot rests this long (reads go through the pool). */
const RETRY_MS = 1000;

/** A statement that can neither write nor wait for a row lock: a plain SELECT, without FOR UPDATE/SHARE. */
const READ_ONLY = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/** Errors of the statement's own data (22: data, 23: constraint, 57014: cancelled by the timeout): the connection is fine. */
const statementOnly = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23') || code === '57014');
};

interface Shared {
  client: pg.Client;
  /** When each unanswered query was sent, oldest first (a pipeline answers in order). */
  sent: number[];
  corked: Writable | undefined;
  /** Takes it out of its slot and closes it (once its queries are answered). */
  drop?: () => void;
}

const streamOf = (client: pg.Client) => (client as unknown as { connection: { stream: Writable } }).connection.stream;

/**
 * The pool, except that a named read-only statement outside a transaction (every list, page and
 * profile the API keeps prepared) is written to one of a few shared connections instead of taking a
 * connection of its own. node-postgres pipelines queries on a client (`pipeline: true`), and the
 * statements written to a shared connection in one turn of the event loop go out in one write, at
 * the turn's end. Taking a pooled connection per read cost a write and a wake-up of a sleeping
 * PostgreSQL backend per query: a fifth of the API's thread on a list, and half of PostgreSQL's CPU
 * under load (docs/decisions/0006, thirty-eighth session).
 *
 * Only plain SELECTs go there: a write or a locking read can wait for a lock, and everything written
 * after it on that connection would wait too. Transactions take a pooled connection as before
 * (`connect()`), unnamed statements (text searches, planned for their words) go through the pool. Each
 * statement still runs alone with its own snapshot: a pipelined query that fails fails alone (each
 * has its own Sync). A read goes to the least busy shared connection, never to one whose oldest query
 * has waited STALLED_MS or that holds MAX_IN_FLIGHT; with none left it goes through the pool. So a slow
 * statement holds back only what was already queued behind it. A shared connection that fails, or
 * answers an error that is not about the statement's data, is closed and replaced on a later read.
 */
export class SharedReadsPool extends pg.Pool {
  readonly #shared: (Shared | undefined)[];
  readonly #retryAt: number[];
  readonly #readOnly = new Map<string, boolean>();
  #closed = false;

  constructor(config: pg.PoolConfig, sharedConnections: number) {
    super(config);
    this.#shared = new Array<Shared | undefined>(sharedConnections).fill(undefined);
    this.#retryAt = new Array<number>(sharedConnections).fill(0);
  }

  // The pool's own overloads (promise or callback) are kept: only a promise-style named read is diverted.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [pg.QueryConfig | string, unknown[] | undefined, unknown];
    if (callback === undefined && typeof values !== 'function' && typeof config === 'object' && config !== null && this.#isSharedRead(config)) {
      const shared = this.#pick();
      if (shared) return this.#send(shared, config, values) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  #isSharedRead(config: pg.QueryConfig): boolean {
    if (this.#closed || this.#shared.length === 0 || typeof config.name !== 'string' || !config.name) return false;
    let readOnly = this.#readOnly.get(config.name);
    if (readOnly === undefined) {
      readOnly = READ_ONLY.test(config.text) && !LOCKING.test(config.text);
      this.#readOnly.set(config.name, readOnly);
    }
    return readOnly;
  }

  /** The usable shared connection with the fewest queries waiting (one is opened where a slot is empty). */
  #pick(): Shared | undefined {
    const now = Date.now();
    let best: Shared | undefined;
    for (let i = 0; i < this.#shared.length; i++) {
      let s = this.#shared[i];
      if (!s) {
        if (now < this.#retryAt[i]!) continue;
        s = this.#open(i);
      }
      if (s.sent.length === 0) return s;
      if (s.sent.length >= MAX_IN_FLIGHT || now - s.sent[0]! > STALLED_MS) continue;
      if (!best || s.sent.length < best.sent.length) best = s;
    }
    return best;
  }

  #open(slot: number): Shared {
    const options = (this as unknown as { options: pg.ClientConfig }).options;
    const statementTimeout = typeof options.statement_timeout === 'number' ? options.statement_timeout : 5000;
    const client = new pg.Client({
      ...options,
      application_name: SHARED_READS_NAME,
      // A connection that stops answering (a half-open socket, a server gone) is given up on, failing its
      // queries, rather than holding every read queued on it until TCP's own timeouts.
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      query_timeout: statementTimeout + 2000,
    });
    const shared: Shared = { client, sent: [], corked: undefined };
    this.#shared[slot] = shared;
    let opened = false;
    const drop = (err?: Error) => {
      if (this.#shared[slot] === shared) this.#shared[slot] = undefined;
      if (!opened) this.#retryAt[slot] = Date.now() + RETRY_MS;
      // Like the pool's idle connections (db/client.ts): said, never thrown as an uncaught exception.
      if (err && !this.#closed) console.error(`PostgreSQL: shared read connection lost (${err.message})`);
      client.end().catch(() => undefined);
    };
    shared.drop = drop;
    client.on('error', drop);
    client.on('end', () => drop());
    // Its queries wait in the client until it is connected; a failed connection fails them.
    client.connect().then(
      () => (opened = true),
      (e: Error) => drop(e),
    );
    return shared;
  }

  async #send(shared: Shared, config: pg.QueryConfig, values: unknown[] | undefined) {
    // Held until the end of this turn of the event loop: the statements of every request handled in it
    // leave in one write (node-postgres's own cork per query nests inside this one). The stream is read
    // now: with TLS, node-postgres replaces the socket once connected.
    if (!shared.corked) {
      const stream = streamOf(shared.client);
      shared.corked = stream;
      stream.cork();
      setImmediate(() => {
        shared.corked = undefined;
        stream.uncork();
      });
    }
    shared.sent.push(Date.now());
    try {
      return await shared.client.query(config, values);
    } catch (err) {
      // The pool closes a connection after any error; here only after one that may be the connection's
      // own (a plan gone stale after a migration, a statement it lost, a broken protocol).
      if (!statementOnly(err)) shared.drop?.();
      throw err;
    } finally {
      shared.sent.shift();
    }
  }

  /** Closes the shared connections, then the pool. */
  override async end(): Promise<void> {
    this.#closed = true;
    const open = this.#shared.filter((s): s is Shared => s !== undefined);
    this.#shared.fill(undefined);
    await Promise.all(open.map((s) => s.client.end().catch(() => undefined)));
    await super.end();
  }
}
