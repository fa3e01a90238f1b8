import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { candidaturas, requests } from '../../db/schema';

/**
 * "Has this professional applied to (paid for) this project?", the one way it is asked: as an SQL
 * condition, so it travels inside the query that reads the project (one statement, the unique index
 * on candidaturas (request_id, profissional_id)). It decides who sees the client's contact and
 * e-mail (DESIGN §4) and "Já candidatado".
 */
export const hasApplied = (requestId: SQL | unknown, profissionalId: SQL | unknown) =>
  sql<boolean>`exists (select 1 from candidaturas c where c.request_id = ${requestId} and c.profissional_id = ${profissionalId})`;

/** Professionals who applied to any of this client's projects (each once; null for a deleted account). */
export async function applicantsOfClient(db: Db | Tx, clienteId: number) {
  const rows = await db
    .selectDistinct({ p: candidaturas.profissionalId })
    .from(candidaturas)
    .innerJoin(requests, eq(requests.id, candidaturas.requestId))
    .where(eq(requests.clienteId, clienteId));
  return rows.map((r) => r.p);
}
