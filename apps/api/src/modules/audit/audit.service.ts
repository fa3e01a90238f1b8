import type { Role } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who did what to which record, and when. Written inside the caller's transaction. */
export async function audit(
  db: Db | Tx,
  actor: { tipo: Role; id: number },
  acao: string,
  alvoTipo?: string,
  alvoId?: number,
  detalhes?: Record<string, unknown>,
) {
  await db.insert(auditLog).values({ actorTipo: actor.tipo, actorId: actor.id, acao, alvoTipo, alvoId, detalhes });
}
