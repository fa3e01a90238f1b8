import { eq, sql } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_TEXTS, M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { requests } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../audit/audit.service';
import { notificationWrites, notify, storedData, storedNews } from '../notificacoes/notify';
import { preparedRaw } from '../../db/prepared';
import { deleteRequestWithRefunds } from '../requests/requests.service';

/**
 * Approve and price in one step (ESPERA → ABERTO with credits). The spec's call sends no body: the
 * project is then approved but stays out of job search until it has a price (`visivel: false`).
 * A client who has not confirmed the e-mail cannot have a project approved.
 * The project becomes visible (approved AND priced) here or in `setRequestCredits`, exactly once:
 * that is when the client and the professionals of its zone are told.
 *
 * One statement, one round trip (kept prepared): the lock, the change, the audit line, the client's
 * news and the zone's queued alerts. As a transaction of eight statements each round trip woke
 * PostgreSQL again, which on a shared machine cost the API more CPU than the work (approvals at
 * 429/s, p99 about 200 ms with 50 at once). What the row was before tells the refusals apart; nothing is
 * written unless the project was waiting and its client confirmed (every write reads `upd`).
 */
export async function approveRequest(db: Db, id: number, adminId: number, now: Date, creditos?: number) {
  const { rows } = await preparedRaw<{
    status: string;
    confirmado: boolean;
    novo_status: 'ABERTO' | null;
    creditos: number | null;
  }>(db, 'approve', approveStatement).execute({ id, admin: adminId, creditos: creditos ?? null, at: now.toISOString() });
  const r = rows[0];
  if (!r) throw notFound(M.chamadoNaoEncontrado);
  if (r.status !== 'ESPERA') throw conflict('INVALID_STATUS', 'Só um projeto em espera pode ser aprovado.');
  if (!r.confirmado) throw conflict('EMAIL_NOT_CONFIRMED', EMAIL_CONFIRMATION_TEXTS.adminRecusa);
  if (r.novo_status !== 'ABERTO') throw new Error(`approval of project ${id} changed nothing`);
  return { id, status: r.novo_status, creditos: r.creditos, visivel: r.creditos !== null };
}

/** Built once with placeholders (preparedRaw); the news as announceVisible writes it, in SQL. */
function approveStatement() {
  const v = (key: string) => sql.placeholder(key);
  const at = sql`${v('at')}::timestamptz`;
  const news = sql`${storedNews(
    'projeto_aprovado',
    { tipo: 'cliente', id: sql`upd.cliente_id`, email: sql`cur.email` },
    sql`'projeto_aprovado:r' || upd.id`,
    at,
    storedData('projeto_aprovado', { titulo: sql`upd.titulo`, creditos: sql`upd.creditos`, clienteId: sql`upd.cliente_id` }),
  )} from upd cross join cur where upd.creditos is not null`;
  return sql`
    with cur as (
      select r.id, r.status, c.email, c.email_confirmado_em is not null as confirmado
      from requests r join clientes c on c.id = r.cliente_id
      where r.id = ${v('id')}::int
      for update of r
    ), upd as (
      update requests r set status = 'ABERTO', aprovado_em = ${at}, creditos = coalesce(${v('creditos')}::int, r.creditos)
      from cur where r.id = cur.id and cur.status = 'ESPERA' and cur.confirmado
      returning r.id, r.status, r.creditos, r.titulo, r.cliente_id
    ), audited as (
      insert into audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, detalhes)
      select 'admin', ${v('admin')}::int, 'PROJETO_APROVADO', 'request', upd.id,
        case when ${v('creditos')}::int is null then null else jsonb_build_object('creditos', ${v('creditos')}::int) end
      from upd
    ), queued as (
      insert into job_alert_queue (request_id, visivel_em)
      select upd.id, ${at} from upd where upd.creditos is not null
      on conflict (request_id) do nothing
    ), ${notificationWrites(news, at)}
    select cur.status, cur.confirmado, upd.status as novo_status, upd.creditos
    from cur left join upd on true`;
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
