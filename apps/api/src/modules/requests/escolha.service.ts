import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { NotificationEvent } from '../notificacoes/events';
import { notifyAll } from '../notificacoes/notify';
import { deleteRequestWithRefunds } from './requests.service';
import { recomputeSelos } from '../selos/selos.service';

/**
 * The client's side of the lead loop (issue 10): whom it chose among the applicants (who did the job,
 * the only one it may then review), completing the project, and cancelling it before anyone was chosen.
 * Each locks the project row first, as applying and deleting do, so they happen one after the other.
 */

export const NOT_APPLICANT = 'Este profissional não se candidatou a este projeto.';

interface Locked {
  titulo: string;
  clienteId: number;
  status: 'ESPERA' | 'ABERTO' | 'CONCLUIDO';
  escolhidoId: number | null;
  escolhidoEm: Date | null;
}

/** The caller's project, locked; another client's project is "not found", as everywhere. */
async function lockOwn(tx: Tx, id: number, clienteId: number): Promise<Locked> {
  const r = await tx.execute<{
    titulo: string;
    cliente_id: number;
    status: Locked['status'];
    escolhido_id: number | null;
    escolhido_em: string | Date | null;
  }>(sql`
    select titulo, cliente_id, status, escolhido_id, escolhido_em from requests where id = ${id} for update`);
  const row = r.rows[0];
  if (!row || Number(row.cliente_id) !== clienteId) throw notFound(M.chamadoNaoEncontrado);
  return {
    titulo: row.titulo,
    clienteId: Number(row.cliente_id),
    status: row.status,
    escolhidoId: row.escolhido_id === null ? null : Number(row.escolhido_id),
    escolhidoEm: row.escolhido_em === null ? null : new Date(row.escolhido_em),
  };
}

/** Professionals (still with an account) who paid to apply, in the order they applied. */
async function applicantIds(tx: Tx, requestId: number) {
  const rows = await tx
    .select({ profissionalId: candidaturas.profissionalId })
    .from(candidaturas)
    .where(and(eq(candidaturas.requestId, requestId), isNotNull(candidaturas.profissionalId)))
    .orderBy(candidaturas.criadoEm, candidaturas.id);
  return rows.map((r) => r.profissionalId!);
}

/**
 * "Escolhi este profissional": one of the applicants, on an open project; the choice may change until
 * the project is completed. The chosen one is told; so are the others (the first time a choice is
 * made) or the one chosen before (when it changes). Choosing the same one again changes nothing.
 */
export async function chooseProfessional(db: Db, id: number, clienteId: number, profissionalId: number, now: Date) {
  return db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, clienteId);
    if (req.status === 'CONCLUIDO') throw conflict('INVALID_STATUS', 'O projeto já está concluído: a escolha já não pode ser alterada.');
    if (req.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só pode escolher um profissional depois de o projeto ser aprovado.');
    const applicants = await applicantIds(tx, id);
    if (!applicants.includes(profissionalId)) throw badRequest('NOT_APPLICANT', NOT_APPLICANT);
    if (req.escolhidoId === profissionalId) return { id, escolhidoId: profissionalId, escolhidoEm: (req.escolhidoEm ?? now).toISOString() };

    await tx.execute(sql`update requests set escolhido_id = ${profissionalId}, escolhido_em = ${now} where id = ${id}`);
    const news: NotificationEvent[] = [{ tipo: 'escolhido', requestId: id, profissionalId }];
    const toldBefore = req.escolhidoId !== null;
    for (const other of applicants) {
      if (other === profissionalId) continue;
      // The others already heard they were not chosen when the first choice was made.
      if (toldBefore && other !== req.escolhidoId) continue;
      news.push({ tipo: 'nao_escolhido', requestId: id, profissionalId: other });
    }
    await notifyAll(tx, news, now);
    // Who did the job is an input of "Domótica Expert" (for the one chosen and the one chosen before).
    await recomputeSelos(tx, [profissionalId, req.escolhidoId], now);
    return { id, escolhidoId: profissionalId, escolhidoEm: now.toISOString() };
  });
}

/**
 * ABERTO → CONCLUIDO, by the owner only, saying who did the job: one of the applicants, or null
 * ("Nenhum destes profissionais"); without it the choice made before stays. Whoever is then chosen
 * and had not been told is told; every other applicant hears the project closed (no refund: the
 * leads were real).
 */
export async function concludeRequest(db: Db, id: number, clienteId: number, profissionalId: number | null | undefined, now: Date) {
  return db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, clienteId);
    if (req.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só um projeto aberto pode ser marcado como concluído.');
    const applicants = await applicantIds(tx, id);
    const escolhido = profissionalId === undefined ? req.escolhidoId : profissionalId;
    if (escolhido !== null && !applicants.includes(escolhido)) throw badRequest('NOT_APPLICANT', NOT_APPLICANT);
    const changed = escolhido !== req.escolhidoId;
    const escolhidoEm = changed ? (escolhido === null ? null : now) : req.escolhidoEm;
    await tx.execute(sql`
      update requests set status = 'CONCLUIDO', concluido_em = ${now}, escolhido_id = ${escolhido}, escolhido_em = ${escolhidoEm}
      where id = ${id}`);
    const news: NotificationEvent[] = escolhido !== null && changed ? [{ tipo: 'escolhido', requestId: id, profissionalId: escolhido }] : [];
    for (const other of applicants) {
      if (other !== escolhido) news.push({ tipo: 'projeto_fechado', requestId: id, profissionalId: other, titulo: req.titulo, reembolso: null });
    }
    await notifyAll(tx, news, now);
    await recomputeSelos(tx, [escolhido, req.escolhidoId], now);
    return { id, status: 'CONCLUIDO' as const, escolhidoId: escolhido };
  });
}

/**
 * "Cancelar projeto": the client withdraws a project nobody was chosen for (waiting for approval or
 * open). It is removed and every professional who paid for it is refunded (deleteRequestWithRefunds).
 */
export async function cancelRequest(db: Db, id: number, clienteId: number, now: Date) {
  return db.transaction(async (tx) => {
    const req = await lockOwn(tx, id, clienteId);
    if (req.status === 'CONCLUIDO') throw conflict('INVALID_STATUS', 'Um projeto concluído não pode ser cancelado.');
    if (req.escolhidoId !== null) throw conflict('ALREADY_CHOSEN', 'Já escolheu um profissional para este projeto: já não o pode cancelar.');
    return deleteRequestWithRefunds(tx, id, { tipo: 'cliente', id: clienteId }, 'cancelado pelo cliente', now);
  });
}
