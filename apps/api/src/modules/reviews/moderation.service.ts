import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientes, profissionais, reviews, reviewsBusca } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { pageOf, pageWindow } from '../../db/paging';
import { executeNamed, executeShape, fieldsOf, runList, statementsInOneTrip } from '../../db/prepared';
import { everyWord, foundApart, idIn, sortedKey, walkedTable, wordFilters, type TextPlan, type Words } from '../../db/search';
import type { TtlCache } from '../../lib/ttl-cache';
import { notificationWrites, storedData, storedNews } from '../notificacoes/notify';
import { notaMediaOf, ratingAndSelosAfterApproval, recomputeRatingAndSelos } from '../selos/selos.service';
import { iso } from '../../lib/iso';

/** Review moderation in the back office (admin routes): the queue, approve or reject, delete. */

/** A review's own columns as the back office's list shows them. */
const reviewColumns = {
  id: reviews.id,
  profissionalId: reviews.profissionalId,
  clienteId: reviews.clienteId,
  requestId: reviews.requestId,
  nota: reviews.nota,
  comentario: reviews.comentario,
  status: reviews.status,
  criadoEm: reviews.criadoEm,
};

export async function listReviews(db: Db, f: { q?: string; status?: 'ESPERA' | 'APROVADO' | 'NEGADO'; page: number; pageSize: number }, searches?: TtlCache) {
  const { limit } = pageWindow(f.page, f.pageSize);
  // A later page's ids first, from the order index, then the names of those rows only. Joined before the
  // LIMIT, PostgreSQL 15 put a Memoize over each name lookup, sized for every review it might join,
  // and setting up those caches on every run cost more than the query (2.4 k → 3.7 k req/s).
  const build = (status: unknown, words: Words, ids: unknown, offset: unknown, plan: TextPlan) => {
    const later = sql<boolean>`(${reviews.status} <> 'ESPERA')`;
    const others = and(status === undefined ? undefined : eq(reviews.status, status as 'ESPERA'), idIn(reviews.id, ids));
    // The comment and the client's name in one text of its own table (migration 0033), each word.
    const where = and(others, foundApart(reviews.id, { table: reviewsBusca, key: reviewsBusca.reviewId, texto: reviewsBusca.texto }, words, plan));
    // Pending first, then newest (reviews_admin_idx / reviews_status_idx).
    const first = status === undefined ? later : reviews.status;
    const source = walkedTable(db, reviews, plan, others, [first, desc(reviews.criadoEm), desc(reviews.id)]);
    const order = [sortedKey(first, plan), desc(reviews.criadoEm), desc(reviews.id)];
    if (offset === undefined) {
      // The first page (and a text search's kept ids): its rows whole, nothing skipped, so not read
      // again by key (a fifth of PostgreSQL's work on this list); then the two names of those rows.
      const first = db
        .select({ ...reviewColumns, firstLater: later.as('first_later') })
        .from(source)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .as('first');
      return db
        .select({
          ...fieldsOf(first, reviewColumns),
          clienteNome: clientes.nome,
          profissionalNome: profissionais.nome,
        })
        .from(first)
        .innerJoin(clientes, eq(clientes.id, first.clienteId))
        .innerJoin(profissionais, eq(profissionais.id, first.profissionalId))
        .orderBy(...(status === undefined ? [first.firstLater] : []), desc(first.criadoEm), desc(first.id));
    }
    const page = db
      .select({ pageId: reviews.id, pageLater: later.as('page_later'), pageCriadoEm: reviews.criadoEm })
      .from(source)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return (
      db
        .select({
          ...reviewColumns,
          clienteNome: clientes.nome,
          profissionalNome: profissionais.nome,
        })
        .from(page)
        .innerJoin(reviews, eq(reviews.id, page.pageId))
        // Both cascade on delete: every review has its client and professional.
        .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
        .innerJoin(profissionais, eq(profissionais.id, reviews.profissionalId))
        // (With a status filter the status is one value: left out, or PostgreSQL would sort the page again.)
        .orderBy(...(status === undefined ? [page.pageLater] : []), desc(page.pageCriadoEm), desc(page.pageId))
    );
  };
  const rows = await runList(
    db,
    'admin_reviews',
    { page: f.page, pageSize: f.pageSize, filters: { status: f.status, ...wordFilters(f.q) }, searches },
    (v, offset, plan) => build(v('status', 'review_status'), (match) => everyWord(v, match), v('ids'), offset, plan),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      profissionalId: r.profissionalId,
      clienteId: r.clienteId,
      requestId: r.requestId,
      nota: r.nota,
      comentario: r.comentario,
      status: r.status,
      criadoEm: iso(r.criadoEm),
      cliente: { nome: r.clienteNome },
      profissional: { nome: r.profissionalNome },
    })),
    f.page,
    f.pageSize,
  );
}

type Decided = {
  status: 'ESPERA' | 'APROVADO' | 'NEGADO';
  profissional_id: number;
  novo_status: 'APROVADO' | 'NEGADO' | null;
  nota_media: number | string | null;
};

/**
 * Approve or reject a pending review. Rejecting changes neither the professional's average nor a
 * badge (both count approved reviews only): one statement. Approving is two in a transaction: the
 * decision (with the professional's row locked, the audit line and both people's news) and then his
 * average, ranking and badges, which must see the review approved and any other approval of his that
 * committed while the lock was awaited (a single statement reads one snapshot, taken before the wait).
 * Both go in one round trip with BEGIN and COMMIT (statementsInOneTrip): the recompute finds the
 * professional by the review. It was eleven round trips (250 decisions a second with 50 at once, p99
 * 451 ms), then four, the professional's row locked through the API's waits between them.
 */
export async function decideReview(db: Db, id: number, decision: 'APROVADO' | 'NEGADO', adminId: number, now: Date = new Date()) {
  const step = { shape: `review_${decision}`, build: () => decisionStatement(decision), values: { id, admin: adminId, at: now.toISOString() } };
  const [decided, rated] =
    decision === 'NEGADO'
      ? [await executeShape<Decided>(db, step.shape, step.build, step.values)]
      : await statementsInOneTrip(db, [step, ratingAndSelosAfterApproval(id, now)]);
  const r = decided!.rows[0] as Decided | undefined;
  if (!r) throw notFound('Review não encontrada.');
  if (r.status !== 'ESPERA') throw conflict('INVALID_STATUS', 'Só uma review pendente pode ser aprovada ou reprovada.');
  if (r.novo_status !== decision) throw new Error(`decision on review ${id} changed nothing`);
  const notaMedia = rated ? notaMediaOf(rated.rows[0]) : r.nota_media === null ? null : Number(r.nota_media);
  return { id, status: decision, profissionalId: Number(r.profissional_id), notaMedia };
}

/**
 * The decision as one statement: the review locked (a second admin's decision waits, then sees it
 * decided: 409), and for an approval its professional's row too; the change only where the review
 * was pending; the audit line and, for an approval, the professional's and the client's news as
 * template data (templates.ts) read from that change, so a refusal writes nothing. Built once per
 * decision (executeShape): the review `id`, the `admin` and the time `at` are its values.
 */
function decisionStatement(decision: 'APROVADO' | 'NEGADO') {
  const v = (key: string) => sql.placeholder(key);
  const id = v('id');
  const adminId = v('admin');
  const when = sql`${v('at')}::timestamptz`;
  const approve = decision === 'APROVADO';
  const news = sql`${storedNews(
    'avaliacao_aprovada',
    { tipo: 'profissional', id: sql`upd.profissional_id`, email: sql`pro.email` },
    sql`'avaliacao_aprovada:v' || upd.id`,
    when,
    storedData('avaliacao_aprovada', { nota: sql`upd.nota`, comentario: sql`upd.comentario`, clienteNome: sql`c.nome` }),
  )} from upd join pro on pro.id = upd.profissional_id join clientes c on c.id = upd.cliente_id
    union all ${storedNews(
      'avaliacao_publicada',
      { tipo: 'cliente', id: sql`upd.cliente_id`, email: sql`c.email` },
      sql`'avaliacao_publicada:v' || upd.id`,
      when,
      storedData('avaliacao_publicada', { profissionalId: sql`upd.profissional_id`, nome: sql`pro.nome`, nota: sql`upd.nota` }),
    )} from upd join pro on pro.id = upd.profissional_id join clientes c on c.id = upd.cliente_id`;
  return sql`
    with cur as (
      select v.id, v.status, v.profissional_id from reviews v where v.id = ${id}::int for update
    ), pro as (
      select p.id, p.email, p.nome, p.nota_media from profissionais p where p.id = (select profissional_id from cur) ${approve ? sql`for update` : sql``}
    ), upd as (
      update reviews v set status = ${decision}::review_status from cur
      where v.id = cur.id and cur.status = 'ESPERA'
      returning v.id, v.status, v.profissional_id, v.cliente_id, v.nota, v.comentario
    ), audited as (
      insert into audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id)
      select 'admin', ${adminId}::int, ${approve ? 'REVIEW_APROVADA' : 'REVIEW_REPROVADA'}, 'review', upd.id from upd
    )${approve ? sql`, ${notificationWrites(news, when)}` : sql``}
    select cur.status, cur.profissional_id, upd.status as novo_status, pro.nota_media
    from cur left join upd on true left join pro on true`;
}

/**
 * Deleting a review: the review and then its professional's row locked, in an approval's order, so
 * that his average and badges, recomputed next in one statement, see every approval committed
 * meanwhile. The professional's row first deadlocked with the deletion of the review's project (its
 * cascade reaches the review, then the badges the professional's row).
 */
export async function deleteReview(db: Db, id: number, adminId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const { rows } = await executeNamed<{ profissional_id: number }>(
      tx,
      sql`
      with cur as (
        select v.id, v.profissional_id from reviews v where v.id = ${id}::int for update
      ), pro as (
        select p.id from profissionais p where p.id = (select profissional_id from cur) for update
      ), del as (
        delete from reviews v where v.id = ${id}::int and exists (select 1 from pro) returning v.id, v.profissional_id, v.comentario
      ), audited as (
        insert into audit_log (actor_tipo, actor_id, acao, alvo_tipo, alvo_id, detalhes)
        select 'admin', ${adminId}::int, 'REVIEW_ELIMINADA', 'review', del.id, jsonb_build_object('comentario', del.comentario) from del
      )
      select del.profissional_id from del`,
    );
    if (!rows[0]) throw notFound('Review não encontrada.');
    const profissionalId = Number(rows[0].profissional_id);
    await recomputeRatingAndSelos(tx, profissionalId, now);
    return { id, profissionalId };
  });
}
