import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { clientes, profissionais, requests, reviews } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { notify } from '../notificacoes/notify';
import { publicFileUrl } from '../../lib/storage';
import { pageOf, pageWindow } from '../../db/paging';
import { runList } from '../../db/prepared';
import { containsFolded, intArray, searchTerm, specialtiesMatching, textArray, textArrayLiteral } from '../../db/search';
import { approvedRatingOf, bayesSql, storedPriorSql } from '../selos/ranking';
import { iso } from '../../lib/iso';

/**
 * notaMedia and totalAvaliacoes count approved reviews only (DESIGN §4); the average is null when there
 * is none. notaBayes (the ranking, docs/decisions/0015) is kept with them.
 */
export async function recomputeRating(db: Db | Tx, profissionalId: number) {
  await recomputeRatings(db, [profissionalId]);
}

/**
 * The same for several professionals in one statement (a deleted client's reviews touch every
 * professional he reviewed: one round trip each took seconds for a client with hundreds). A
 * professional left without approved reviews gets no average, 0 reviews and no ranking. Their rows are
 * locked in id order first, so two such recomputes over the same professionals wait for each other.
 */
export async function recomputeRatings(db: Db | Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  await db.execute(sql`
    update profissionais p set nota_media = r.media, total_avaliacoes = r.n, nota_bayes = ${bayesSql(sql`r.n`, sql`r.media`, sql`g.m`)}
    from (select id from profissionais where id = any(${intArray(unique)}) order by id for update) i
      cross join lateral (${approvedRatingOf(sql`i.id`)}) r, (select ${storedPriorSql} as m) g
    where p.id = i.id`);
}

export async function recentReviews(db: Db, limit = 6) {
  const rows = await db
    .select({
      id: reviews.id,
      comentario: reviews.comentario,
      nota: reviews.nota,
      criadoEm: reviews.criadoEm,
      profissionalId: profissionais.id,
      nome: profissionais.nome,
      fotoKey: profissionais.fotoKey,
      clienteNome: clientes.nome,
      clienteFotoKey: clientes.fotoKey,
    })
    .from(reviews)
    .innerJoin(profissionais, eq(profissionais.id, reviews.profissionalId))
    .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
    .where(eq(reviews.status, 'APROVADO'))
    .orderBy(desc(reviews.criadoEm), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    comentario: r.comentario,
    nota: r.nota,
    criadoEm: iso(r.criadoEm),
    profissionalId: r.profissionalId,
    nome: r.nome,
    fotoUrl: publicFileUrl(r.fotoKey),
    cliente: { nome: r.clienteNome, fotoUrl: publicFileUrl(r.clienteFotoKey) },
  }));
}

/** A professional's public reviews, a page at a time: the profile page asks for 5, "Minhas avaliações" for 3. */
export const PUBLIC_REVIEWS_PAGE_SIZE = 5;
/** The rate-a-professional list's page (the spec's 6; the route's default and the screen's size). */
export const REVIEWABLE_PAGE_SIZE = 6;

export async function approvedReviewsOf(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const rows = await runList(db, 'reviews_of', { page, pageSize, filters: { profissionalId } }, (v, offset) =>
    db
      .select({
        id: reviews.id,
        nota: reviews.nota,
        comentario: reviews.comentario,
        status: reviews.status,
        criadoEm: reviews.criadoEm,
        clienteId: reviews.clienteId,
        clienteNome: clientes.nome,
        profissionalId: reviews.profissionalId,
      })
      .from(reviews)
      .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
      .where(and(eq(reviews.profissionalId, v('profissionalId') as number), eq(reviews.status, 'APROVADO')))
      .orderBy(desc(reviews.criadoEm), desc(reviews.id))
      .limit(limit)
      .offset(offset as number),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      nota: r.nota,
      comentario: r.comentario,
      status: r.status,
      criadoEm: iso(r.criadoEm),
      clienteId: r.clienteId,
      profissionalId: r.profissionalId,
      cliente: { nome: r.clienteNome },
    })),
    page,
    pageSize,
  );
}

/**
 * A client's completed projects, most recently completed first: the project the Avaliar list offers
 * and the one a review without `requestId` is for (requests_cliente_escolhido_idx's order).
 */
const mostRecentlyDone = () => [sql`${requests.concluidoEm} desc nulls last`, desc(requests.id)] as const;

/**
 * The professionals this client may review (docs/decisions/0008): the one it chose, as the one who
 * did the job, on each of its completed projects. Each comes with the project to review them for:
 * the most recent one not yet reviewed (`podeAvaliar` false once all of them are).
 */
export async function reviewableProfessionals(db: Db, clienteId: number, q: string | undefined, page: number, pageSize: number) {
  const term = searchTerm(q);
  const values = term ? specialtiesMatching(q!) : [];
  const { limit } = pageWindow(page, pageSize);
  const filters = { clienteId, q: term, esp: values.length ? textArrayLiteral(values) : undefined };
  const rows = await runList(db, 'reviewable', { page, pageSize, filters }, (v, offset) => {
    const byText = term === undefined ? undefined : containsFolded(profissionais.busca, v('q'));
    const doneWith = and(eq(requests.clienteId, v('clienteId') as number), sql`${requests.status} = 'CONCLUIDO'`);
    // The professionals this client chose, each with its last job done, from
    // requests_cliente_escolhido_idx alone; most recent first (docs/decisions/0008); the page cut
    // before their names are read unless the search needs them; then, for the page's professionals
    // only, the most recent project not yet reviewed. (Sorting every chosen professional by name and
    // grouping each project with its review first: 3.2 ms for the heaviest client's page, now 0.4.)
    const lastDone = sql<string | null>`max(${requests.concluidoEm})`;
    const grouped = db
      .select({ pid: sql<number>`${requests.escolhidoId}`.as('pid'), ultimo: lastDone.as('ultimo') })
      .from(requests)
      .where(and(doneWith, isNotNull(requests.escolhidoId)))
      .groupBy(requests.escolhidoId);
    const chosen = (
      byText === undefined
        ? grouped
            .orderBy(sql`${lastDone} desc nulls last`, desc(requests.escolhidoId))
            .limit(limit)
            .offset(offset as number)
        : grouped
    ).as('chosen');
    const columns = {
      id: profissionais.id,
      nome: profissionais.nome,
      especialidades: profissionais.especialidades,
      cidade: profissionais.cidade,
      fotoKey: profissionais.fotoKey,
      notaMedia: profissionais.notaMedia,
      ultimo: chosen.ultimo,
    };
    const named = db.select(columns).from(chosen).innerJoin(profissionais, eq(profissionais.id, chosen.pid));
    const page = (
      byText === undefined
        ? named
        : named
            .where(values.length ? sql`(${byText} or ${profissionais.especialidades} && ${textArray(v('esp'))})` : byText)
            .orderBy(sql`${chosen.ultimo} desc nulls last`, desc(chosen.pid))
            .limit(limit)
            .offset(offset as number)
    ).as('page');
    // Any review of that professional for that project, whatever its state, closes it (one at most: reviews_unica).
    const pending = db
      .select({ requestId: sql<number | null>`${requests.id}`.as('pending_id'), requestTitulo: sql<string | null>`${requests.titulo}`.as('pending_titulo') })
      .from(requests)
      .where(
        and(
          doneWith,
          eq(requests.escolhidoId, page.id),
          sql`not exists (select 1 from ${reviews} where ${reviews.requestId} = ${requests.id} and ${reviews.profissionalId} = ${page.id})`,
        ),
      )
      .orderBy(...mostRecentlyDone())
      .limit(1)
      .as('pending');
    return db
      .select({
        id: page.id,
        nome: page.nome,
        especialidades: page.especialidades,
        cidade: page.cidade,
        fotoKey: page.fotoKey,
        notaMedia: page.notaMedia,
        requestId: pending.requestId,
        requestTitulo: pending.requestTitulo,
      })
      .from(page)
      .leftJoinLateral(pending, sql`true`)
      .orderBy(sql`${page.ultimo} desc nulls last`, desc(page.id));
  });
  return pageOf(
    // Field by field: V8 copies "a row minus some keys" (`...rest`) slowly (docs/decisions/0006, row mapping).
    rows.map((r) => ({
      id: r.id,
      nome: r.nome,
      especialidades: r.especialidades,
      cidade: r.cidade,
      notaMedia: r.notaMedia,
      requestId: r.requestId,
      requestTitulo: r.requestTitulo,
      fotoUrl: publicFileUrl(r.fotoKey),
      podeAvaliar: r.requestId !== null,
    })),
    page,
    pageSize,
  );
}

export const NOT_ELIGIBLE = 'Só pode avaliar o profissional que escolheu para um projeto seu concluído.';
export const ALREADY_REVIEWED = 'Já avaliou este profissional para este projeto.';

export async function createReview(
  db: Db,
  clienteId: number,
  body: { profissionalId: number; requestId?: number; nota: number; comentario: string },
  now: Date = new Date(),
) {
  try {
    return await insertReview(db, clienteId, body, now);
  } catch (e) {
    // Two simultaneous submissions for the same project: the unique index lets one through.
    if (isUniqueViolation(e)) throw conflict('ALREADY_REVIEWED', ALREADY_REVIEWED);
    throw e;
  }
}

/**
 * One review per completed project, of the professional the client chose for it (who did the job):
 * with `requestId` for that project, without it for the most recently completed such project not yet
 * reviewed. The unique index (request, professional) stops a second one, even at the same instant.
 */
function insertReview(db: Db, clienteId: number, body: { profissionalId: number; requestId?: number; nota: number; comentario: string }, now: Date) {
  return db.transaction(async (tx) => {
    const chosenFor = and(
      eq(requests.clienteId, clienteId),
      eq(requests.status, 'CONCLUIDO'),
      eq(requests.escolhidoId, body.profissionalId),
      body.requestId ? eq(requests.id, body.requestId) : undefined,
    );
    const eligible = await tx
      .select({ requestId: requests.id })
      .from(requests)
      .where(and(chosenFor, sql`not exists (select 1 from reviews rv where rv.request_id = ${requests.id} and rv.profissional_id = ${body.profissionalId})`))
      .orderBy(...mostRecentlyDone())
      .limit(1);
    if (eligible.length === 0) {
      const done = await tx.select({ id: requests.id }).from(requests).where(chosenFor).limit(1);
      if (done.length) throw conflict('ALREADY_REVIEWED', ALREADY_REVIEWED);
      throw badRequest('NOT_ELIGIBLE', NOT_ELIGIBLE);
    }
    const [row] = await tx
      .insert(reviews)
      .values({ profissionalId: body.profissionalId, clienteId, requestId: eligible[0].requestId, nota: body.nota, comentario: body.comentario })
      .returning({ id: reviews.id, status: reviews.status, criadoEm: reviews.criadoEm, requestId: reviews.requestId });
    // The admins' next digest lists it for moderation.
    await notify(tx, { tipo: 'admin_avaliacao_pendente', reviewId: row.id }, now);
    return { ...row, criadoEm: iso(row.criadoEm), message: M.feedbackEnviado };
  });
}
