import type { Socket } from 'node:net';
import pg from 'pg';

/** Shown in `pg_stat_activity.application_name` for the shared connections. */
export const SHARED_READS_NAME = 'tc-shared-reads';

/** Queries one shared connection may hold sent and unanswered; past that a read goes through the pool. */
const MAX_IN_FLIGHT = 32;

/** A statement that can neither write nor wait for a row lock: a plain SELECT, without FOR UPDATE/SHARE. */
const READ_ONLY = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

interface Shared {
  client: pg.Client;
  stream: Socket;
  inFlight: number;
  corked: boolean;
}

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
 * has its own Sync). The least busy shared connection is chosen, so one slow statement holds back at
 * most the reads queued behind it on its connection, and none once MAX_IN_FLIGHT are waiting there. A
 * shared connection that fails or is closed by the server is dropped; the next read opens another.
 */
export class SharedReadsPool extends pg.Pool {
  readonly #shared: (Shared | undefined)[];
  readonly #readOnly = new Map<string, boolean>();
  #closed = false;

  constructor(config: pg.PoolConfig, sharedConnections: number) {
    super(config);
    this.#shared = new Array<Shared | undefined>(sharedConnections).fill(undefined);
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

  /** The shared connection with the fewest queries waiting (one is opened where a slot is empty). */
  #pick(): Shared | undefined {
    let best: Shared | undefined;
    for (let i = 0; i < this.#shared.length; i++) {
      const s = this.#shared[i] ?? this.#open(i);
      if (s.inFlight === 0) return s;
      if (!best || s.inFlight < best.inFlight) best = s;
    }
    return best && best.inFlight < MAX_IN_FLIGHT ? best : undefined;
  }

  #open(slot: number): Shared {
    const client = new pg.Client({ ...(this as unknown as { options: pg.ClientConfig }).options, application_name: SHARED_READS_NAME });
    const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    const shared: Shared = { client, stream, inFlight: 0, corked: false };
    this.#shared[slot] = shared;
    const drop = (err?: Error) => {
      if (this.#shared[slot] === shared) this.#shared[slot] = undefined;
      // Like the pool's idle connections (db/client.ts): said, never thrown as an uncaught exception.
      if (err && !this.#closed) console.error(`PostgreSQL: shared read connection lost (${err.message})`);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    // Its queries wait in the client until it is connected; a failed connection fails them.
    client.connect().catch(drop);
    return shared;
  }

  async #send(shared: Shared, config: pg.QueryConfig, values: unknown[] | undefined) {
    // Held until the end of this turn of the event loop: the statements of every request handled in it
    // leave in one write (node-postgres's own cork per query nests inside this one).
    if (!shared.corked) {
      shared.corked = true;
      shared.stream.cork();
      setImmediate(() => {
        shared.corked = false;
        shared.stream.uncork();
      });
    }
    shared.inFlight++;
    try {
      return await shared.client.query(config, values);
    } finally {
      shared.inFlight--;
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
