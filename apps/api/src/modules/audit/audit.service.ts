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
  await auditAll(db, actor, acao, [{ alvoTipo, alvoId, detalhes }]);
}

/** Several entries of one action by one actor (a deleted account's projects), in one statement. */
export async function auditAll(
  db: Db | Tx,
  actor: { tipo: Role; id: number },
  acao: string,
  entries: { alvoTipo?: string; alvoId?: number; detalhes?: Record<string, unknown> }[],
) {
  if (!entries.length) return;
  await db
    .insert(auditLog)
    .values(entries.map((e) => ({ actorTipo: actor.tipo, actorId: actor.id, acao, alvoTipo: e.alvoTipo, alvoId: e.alvoId, detalhes: e.detalhes })));
}
