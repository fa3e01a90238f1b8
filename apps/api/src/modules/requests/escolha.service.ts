import { sql, type SQL } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { notificationWrites, storedData, storedNews } from '../notificacoes/notify';
import type { StoredKind } from '../notificacoes/templates';
import { executeNamed, preparedRaw } from '../../db/prepared';
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

/** The columns a choice's or a completion's statement answers (chooseStatement, completeStatement). */
type Outcome = {
  cliente_id: number;
  status: Locked['status'];
  escolhido_id: number | null;
  escolhido_em: string | Date | null;
  /** The one named applied (or, completing, nobody is named). */
  candidato: boolean;
  /** Every application was seen (completo): see `applicantsSeen`. */
  completo: boolean;
  mudou: boolean;
};

/**
 * The project is read with FOR UPDATE (applying, choosing, completing and cancelling lock it, so they
 * happen one after the other) and its applicants in the same statement. A statement reads one
 * snapshot, taken before any wait for that lock: an application committed during the wait would not
 * be among the applicants (not told it was not chosen, or that the project closed). The locked row is
 * the newest, and its `candidaturas_n` counts every application (applying raises it; migration 0024):
 * when it differs from the applications seen, the statement changes nothing and is run again, once,
 * without the check (a new snapshot, taken after that commit).
 */
const applicantsSeen = (id: SQL) => sql`(select count(*)::int from candidaturas ca where ca.request_id = ${id}) = cur.candidaturas_n`;

async function runChecked(run: (strict: boolean) => Promise<Outcome | undefined>): Promise<Outcome | undefined> {
  const first = await run(true);
  return first && !first.completo && !first.mudou && first.status === 'ABERTO' ? run(false) : first;
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
  const r = await runChecked(
    async (strict) =>
      (await preparedRaw<Outcome>(db, 'choose', chooseStatement).execute({ id, cliente: clienteId, pro: profissionalId, at: now.toISOString(), strict }))
        .rows[0],
  );
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

/** A stored kind's news to the professional `p` about the project `cur` (rows of the caller's statement), keyed as notifyAll keys it. */
function newsToProfessional<K extends StoredKind>(kind: K, at: SQL, dados: SQL): SQL {
  return storedNews(kind, { tipo: 'profissional', id: sql`p.id`, email: sql`p.email` }, sql`${sql.raw(`'${kind}:r'`)} || cur.id || ':p' || p.id`, at, dados);
}

/** "Foi escolhido!"'s data, from the project `cur` and its client `c`. */
const chosenData = () => storedData('escolhido', { requestId: sql`cur.id`, titulo: sql`cur.titulo`, clienteNome: sql`c.nome` });

/**
 * The choice as one statement, built once (preparedRaw): the project locked, its applicants (all of
 * them: applicantsSeen), the change only where the caller owns the open project and the one chosen
 * applied and was not already chosen, and the news read from that change (template data,
 * templates.ts).
 */
function chooseStatement() {
  const v = (key: string) => sql.placeholder(key);
  const pro = sql`${v('pro')}::int`;
  const at = sql`${v('at')}::timestamptz`;
  const news = sql`${newsToProfessional('escolhido', at, chosenData())}
    from upd cross join cur join profissionais p on p.id = ${pro} left join clientes c on c.id = cur.cliente_id
    union all ${newsToProfessional('nao_escolhido', at, storedData('nao_escolhido', { titulo: sql`cur.titulo` }))} from upd cross join cur join apps a on a.id <> ${pro} and (cur.escolhido_id is null or a.id = cur.escolhido_id)
      join profissionais p on p.id = a.id`;
  return sql`
    with cur as (
      select r.id, r.cliente_id, r.status, r.escolhido_id, r.escolhido_em, r.titulo, r.candidaturas_n from requests r
      where r.id = ${v('id')}::int for update
    ), apps as (
      select ca.profissional_id as id from candidaturas ca where ca.request_id = ${v('id')}::int and ca.profissional_id is not null
    ), seen as (
      select ${applicantsSeen(sql`${v('id')}::int`)} as completo from cur
    ), upd as (
      update requests r set escolhido_id = ${pro}, escolhido_em = ${at}
      from cur, seen
      where r.id = cur.id and cur.cliente_id = ${v('cliente')}::int and cur.status = 'ABERTO' and cur.escolhido_id is distinct from ${pro}
        and exists (select 1 from apps where apps.id = ${pro}) and (seen.completo or not ${v('strict')}::boolean)
      returning r.id
    ), ${notificationWrites(news, at)}
    select cur.cliente_id, cur.status, cur.escolhido_id, cur.escolhido_em,
      exists (select 1 from apps where apps.id = ${pro}) as candidato, seen.completo, exists (select 1 from upd) as mudou
    from cur cross join seen`;
}

/**
 * ABERTO → CONCLUIDO, by the owner only, saying who did the job: one of the applicants, or null
 * ("Nenhum destes profissionais"); without it the choice made before stays. Whoever is then chosen
 * and had not been told is told; every other applicant hears the project closed (no refund: the
 * leads were real). Two statements in a transaction (it was about nine round trips): the completion
 * with its news (completeStatement), then the badges of the one named and of the one chosen before,
 * which must see the project completed ("Domótica Expert" counts completed projects).
 */
export async function concludeRequest(db: Db, id: number, clienteId: number, profissionalId: number | null | undefined, now: Date) {
  return db.transaction(async (tx) => {
    const r = await runChecked(
      async (strict) => (await executeNamed<Outcome>(tx, completeStatement(id, clienteId, profissionalId, now.toISOString(), strict))).rows[0],
    );
    if (!r || Number(r.cliente_id) !== clienteId) throw notFound(M.chamadoNaoEncontrado);
    if (r.status !== 'ABERTO') throw conflict('INVALID_STATUS', 'Só um projeto aberto pode ser marcado como concluído.');
    if (!r.candidato) throw badRequest('NOT_APPLICANT', NOT_APPLICANT);
    if (!r.mudou) throw new Error(`completion of project ${id} changed nothing`);
    const antes = r.escolhido_id === null ? null : Number(r.escolhido_id);
    const escolhido = profissionalId === undefined ? antes : profissionalId;
    await recomputeSelos(tx, [escolhido, antes], now);
    return { id, status: 'CONCLUIDO' as const, escolhidoId: escolhido };
  });
}

/** The completion as one statement: as chooseStatement, with the closing news to every other applicant. */
function completeStatement(id: number, clienteId: number, profissionalId: number | null | undefined, at: string, strict: boolean) {
  const when = sql`${at}::timestamptz`;
  const named = profissionalId === undefined ? sql`cur.escolhido_id` : sql`${profissionalId}::int`;
  const news = sql`${newsToProfessional('escolhido', when, chosenData())}
    from upd cross join cur cross join esc join profissionais p on p.id = esc.id left join clientes c on c.id = cur.cliente_id
    where esc.id is distinct from cur.escolhido_id
    union all ${newsToProfessional('projeto_fechado', when, storedData('projeto_fechado', { titulo: sql`cur.titulo`, reembolso: sql`null::int` }))} from upd cross join cur cross join esc join apps a on a.id is distinct from esc.id join profissionais p on p.id = a.id`;
  return sql`
    with cur as (
      select r.id, r.cliente_id, r.status, r.escolhido_id, r.escolhido_em, r.titulo, r.candidaturas_n from requests r
      where r.id = ${id}::int for update
    ), apps as (
      select ca.profissional_id as id from candidaturas ca where ca.request_id = ${id}::int and ca.profissional_id is not null
    ), esc as (
      select ${named} as id from cur
    ), seen as (
      select ${applicantsSeen(sql`${id}::int`)} as completo from cur
    ), upd as (
      update requests r set status = 'CONCLUIDO', concluido_em = ${when}, escolhido_id = esc.id,
        escolhido_em = case when esc.id is not distinct from cur.escolhido_id then cur.escolhido_em when esc.id is null then null else ${when} end
      from cur, esc, seen
      where r.id = cur.id and cur.cliente_id = ${clienteId}::int and cur.status = 'ABERTO'
        and (esc.id is null or exists (select 1 from apps where apps.id = esc.id)) and (seen.completo or not ${strict}::boolean)
      returning r.id
    ), ${notificationWrites(news, when)}
    select cur.cliente_id, cur.status, cur.escolhido_id, cur.escolhido_em,
      (esc.id is null or exists (select 1 from apps where apps.id = esc.id)) as candidato, seen.completo, exists (select 1 from upd) as mudou
    from cur cross join esc cross join seen`;
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
