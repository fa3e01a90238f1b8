import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { NotificationEvent } from '../notificacoes/events';
import { notificationWrites, notifyAll, storedData, storedNews } from '../notificacoes/notify';
import { preparedRaw } from '../../db/prepared';
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
 * One statement (chooseStatement): it was ten round trips in a transaction (333 choices a second,
 * p99 307 ms with 50 clients at once). No badge is recomputed: "Domótica Expert" counts completed
 * projects only, and completing one (concludeRequest) recomputes them.
 */
export async function chooseProfessional(db: Db, id: number, clienteId: number, profissionalId: number, now: Date) {
  const { rows } = await preparedRaw<{
    cliente_id: number;
    status: Locked['status'];
    escolhido_id: number | null;
    escolhido_em: string | Date | null;
    candidato: boolean;
    mudou: boolean;
  }>(db, 'choose', chooseStatement).execute({ id, cliente: clienteId, pro: profissionalId, at: now.toISOString() });
  const r = rows[0];
  if (!r || Number(r.cliente_id) !== clienteId) throw notFound(M.chamadoNaoEncontrado);
  if (r.status === 'CONCLUIDO') throw conflict('INVALID_STATUS', 'O projeto já está concluído: a escolha já não pode ser alterada.');
  if (r.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só pode escolher um profissional depois de o projeto ser aprovado.');
  if (!r.candidato) throw badRequest('NOT_APPLICANT', NOT_APPLICANT);
  if (r.escolhido_id !== null && Number(r.escolhido_id) === profissionalId) {
    return { id, escolhidoId: profissionalId, escolhidoEm: (r.escolhido_em === null ? now : new Date(r.escolhido_em)).toISOString() };
  }
  if (!r.mudou) throw new Error(`choice on project ${id} changed nothing`);
  return { id, escolhidoId: profissionalId, escolhidoEm: now.toISOString() };
}

/**
 * The choice as one statement, built once (preparedRaw): the project locked (applying, completing and
 * cancelling lock it too, so they happen one after the other), its applicants, the change only where
 * the caller owns the open project and the one chosen applied and was not already chosen, and the
 * news read from that change (template data, templates.ts). The applicants are read in the
 * statement's snapshot: one whose application commits while the lock is awaited is not among them,
 * as if he had applied just after the choice (the client could not have seen him).
 */
function chooseStatement() {
  const v = (key: string) => sql.placeholder(key);
  const pro = sql`${v('pro')}::int`;
  const at = sql`${v('at')}::timestamptz`;
  const news = sql`${storedNews(
    'escolhido',
    { tipo: 'profissional', id: sql`p.id`, email: sql`p.email` },
    sql`'escolhido:r' || cur.id || ':p' || p.id`,
    at,
    storedData('escolhido', { requestId: sql`cur.id`, titulo: sql`cur.titulo`, clienteNome: sql`c.nome` }),
  )} from upd cross join cur join profissionais p on p.id = ${pro} left join clientes c on c.id = cur.cliente_id
    union all ${storedNews(
      'nao_escolhido',
      { tipo: 'profissional', id: sql`p.id`, email: sql`p.email` },
      sql`'nao_escolhido:r' || cur.id || ':p' || p.id`,
      at,
      storedData('nao_escolhido', { titulo: sql`cur.titulo` }),
    )} from upd cross join cur join apps a on a.id <> ${pro} and (cur.escolhido_id is null or a.id = cur.escolhido_id)
      join profissionais p on p.id = a.id`;
  return sql`
    with cur as (
      select r.id, r.cliente_id, r.status, r.escolhido_id, r.escolhido_em, r.titulo from requests r where r.id = ${v('id')}::int for update
    ), apps as (
      select ca.profissional_id as id from candidaturas ca where ca.request_id = ${v('id')}::int and ca.profissional_id is not null
    ), upd as (
      update requests r set escolhido_id = ${pro}, escolhido_em = ${at}
      from cur
      where r.id = cur.id and cur.cliente_id = ${v('cliente')}::int and cur.status = 'ABERTO' and cur.escolhido_id is distinct from ${pro}
        and exists (select 1 from apps where apps.id = ${pro})
      returning r.id
    ), ${notificationWrites(news, at)}
    select cur.cliente_id, cur.status, cur.escolhido_id, cur.escolhido_em,
      exists (select 1 from apps where apps.id = ${pro}) as candidato, exists (select 1 from upd) as mudou
    from cur`;
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
