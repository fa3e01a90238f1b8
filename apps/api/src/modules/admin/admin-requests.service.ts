import { eq, sql } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_TEXTS, M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { requests } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../audit/audit.service';
import { notify } from '../notificacoes/notify';
import { deleteRequestWithRefunds } from '../requests/requests.service';

/**
 * Approve and price in one step (ESPERA → ABERTO with credits). The spec's call sends no body: the
 * project is then approved but stays out of job search until it has a price (`visivel: false`).
 * A client who has not confirmed the e-mail cannot have a project approved.
 * The project becomes visible (approved AND priced) here or in `setRequestCredits`, exactly once:
 * that is when the client and the professionals of its zone are told.
 */
export async function approveRequest(db: Db, id: number, adminId: number, now: Date, creditos?: number) {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ status: string; creditos: number | null; confirmado: boolean }>(sql`
      select r.status, r.creditos, c.email_confirmado_em is not null as confirmado
      from requests r join clientes c on c.id = r.cliente_id
      where r.id = ${id} for update of r`);
    const before = locked.rows[0];
    if (!before) throw notFound(M.chamadoNaoEncontrado);
    if (before.status !== 'ESPERA') throw conflict('INVALID_STATUS', 'Só um projeto em espera pode ser aprovado.');
    if (!before.confirmado) throw conflict('EMAIL_NOT_CONFIRMED', EMAIL_CONFIRMATION_TEXTS.adminRecusa);
    const [row] = await tx
      .update(requests)
      .set({ status: 'ABERTO', aprovadoEm: now, ...(creditos !== undefined ? { creditos } : {}) })
      .where(eq(requests.id, id))
      .returning({ id: requests.id, status: requests.status, creditos: requests.creditos });
    await audit(tx, { tipo: 'admin', id: adminId }, 'PROJETO_APROVADO', 'request', id, creditos !== undefined ? { creditos } : undefined);
    const visivel = row.creditos !== null;
    if (visivel) await announceVisible(tx, id, now);
    return { ...row, visivel };
  });
}

/** Sets the credits a project costs; only while ABERTO. Answers the new `creditos` and `status`. */
export async function setRequestCredits(db: Db, id: number, creditos: number, adminId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: requests.status, creditos: requests.creditos }).from(requests).where(eq(requests.id, id)).for('update');
    if (!before) throw notFound(M.chamadoNaoEncontrado);
    if (before.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só pode aplicar créditos a um projeto aberto.');
    const [row] = await tx.update(requests).set({ creditos }).where(eq(requests.id, id)).returning({ creditos: requests.creditos, status: requests.status });
    await audit(tx, { tipo: 'admin', id: adminId }, 'PROJETO_CREDITOS', 'request', id, { antes: before.creditos, depois: creditos });
    // Approved earlier without a price (the spec's two calls): it becomes visible now.
    if (before.creditos === null) await announceVisible(tx, id, now);
    return { creditos: row.creditos!, status: row.status };
  });
}

/** The project is now in job search: its client and the matching professionals are told. */
async function announceVisible(tx: Tx, requestId: number, now: Date) {
  await notify(tx, { tipo: 'projeto_aprovado', requestId }, now);
  await notify(tx, { tipo: 'novo_projeto_na_zona', requestId }, now);
}

export const deleteRequestAsAdmin = (db: Db, id: number, adminId: number, now: Date = new Date()) =>
  db.transaction((tx) => deleteRequestWithRefunds(tx, id, { tipo: 'admin', id: adminId }, 'eliminado pela administração', now));
