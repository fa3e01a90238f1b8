import { and, eq } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../audit/audit.service';
import { deleteRequestWithRefunds } from '../requests/requests.service';

/** ESPERA → ABERTO. */
export async function approveRequest(db: Db, id: number, adminId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(requests)
      .set({ status: 'ABERTO', aprovadoEm: now })
      .where(and(eq(requests.id, id), eq(requests.status, 'ESPERA')))
      .returning({ id: requests.id, status: requests.status, creditos: requests.creditos });
    if (!row) {
      const [exists] = await tx.select({ status: requests.status }).from(requests).where(eq(requests.id, id));
      if (!exists) throw notFound(M.chamadoNaoEncontrado);
      throw conflict('INVALID_STATUS', 'Só um projeto em espera pode ser aprovado.');
    }
    await audit(tx, { tipo: 'admin', id: adminId }, 'PROJETO_APROVADO', 'request', id);
    return row;
  });
}

/** Sets the credits a project costs; only while ABERTO. Answers the new `creditos` and `status`. */
export async function setRequestCredits(db: Db, id: number, creditos: number, adminId: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: requests.status, creditos: requests.creditos }).from(requests).where(eq(requests.id, id));
    if (!before) throw notFound(M.chamadoNaoEncontrado);
    if (before.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só pode aplicar créditos a um projeto aberto.');
    const [row] = await tx.update(requests).set({ creditos }).where(eq(requests.id, id)).returning({ creditos: requests.creditos, status: requests.status });
    await audit(tx, { tipo: 'admin', id: adminId }, 'PROJETO_CREDITOS', 'request', id, { antes: before.creditos, depois: creditos });
    return { creditos: row.creditos!, status: row.status };
  });
}

export const deleteRequestAsAdmin = (db: Db, id: number, adminId: number) =>
  db.transaction((tx) => deleteRequestWithRefunds(tx, id, { tipo: 'admin', id: adminId }, 'eliminado pela administração'));
