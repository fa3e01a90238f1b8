import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientes, profissionais, reviews } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { pageOf, pageWindow } from '../../db/paging';
import { fieldsOf, runList } from '../../db/prepared';
import { containsFolded, everyWord, idIn, sortedKey, walkedTable, wordFilters, type TextPlan, type Words } from '../../db/search';
import type { TtlCache } from '../../lib/ttl-cache';
import { audit } from '../audit/audit.service';
import { notifyAll } from '../notificacoes/notify';
import { recomputeSelos } from '../selos/selos.service';
import { recomputeRating } from './reviews.service';

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
    // The comment and the client's name in one column (migration 0013), each word.
    const where = and(
      others,
      words((word) => containsFolded(reviews.buscaAdmin, word)),
    );
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
      criadoEm: r.criadoEm.toISOString(),
      cliente: { nome: r.clienteNome },
      profissional: { nome: r.profissionalNome },
    })),
    f.page,
    f.pageSize,
  );
}

/** Approve or reject a pending review; the professional's average is recomputed in the same transaction. */
export async function decideReview(db: Db, id: number, decision: 'APROVADO' | 'NEGADO', adminId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status: decision })
      .where(and(eq(reviews.id, id), eq(reviews.status, 'ESPERA')))
      .returning({ id: reviews.id, status: reviews.status, profissionalId: reviews.profissionalId });
    if (!row) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
      if (!exists) throw notFound('Review não encontrada.');
      throw conflict('INVALID_STATUS', 'Só uma review pendente pode ser aprovada ou reprovada.');
    }
    await recomputeRating(tx, row.profissionalId);
    await recomputeSelos(tx, [row.profissionalId], now);
    await audit(tx, { tipo: 'admin', id: adminId }, decision === 'APROVADO' ? 'REVIEW_APROVADA' : 'REVIEW_REPROVADA', 'review', id);
    if (decision === 'APROVADO') {
      // Now public: the professional hears of it, and the client that it counts.
      await notifyAll(
        tx,
        [
          { tipo: 'avaliacao_aprovada', reviewId: id },
          { tipo: 'avaliacao_publicada', reviewId: id },
        ],
        now,
      );
    }
    const [prof] = await tx.select({ notaMedia: profissionais.notaMedia }).from(profissionais).where(eq(profissionais.id, row.profissionalId));
    return { id: row.id, status: row.status, profissionalId: row.profissionalId, notaMedia: prof?.notaMedia ?? null };
  });
}

export async function deleteReview(db: Db, id: number, adminId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, profissionalId: reviews.profissionalId, comentario: reviews.comentario });
    if (!row) throw notFound('Review não encontrada.');
    await recomputeRating(tx, row.profissionalId);
    await recomputeSelos(tx, [row.profissionalId], now);
    await audit(tx, { tipo: 'admin', id: adminId }, 'REVIEW_ELIMINADA', 'review', id, { comentario: row.comentario });
    return { id };
  });
}
