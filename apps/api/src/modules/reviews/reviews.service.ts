import { and, desc, eq, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas, clientes, profissionais, requests, reviews } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { publicFileUrl } from '../../lib/storage';
import { pageOf, pageWindow } from '../../db/paging';
import { containsFolded, searchTerm, specialtiesMatching, textArray } from '../../db/search';

/** notaMedia and totalAvaliacoes count approved reviews only (DESIGN §4); the average is null when there is none. */
export async function recomputeRating(db: Db | Tx, profissionalId: number) {
  await db.execute(sql`
    update profissionais p set nota_media = r.media, total_avaliacoes = r.n
    from (select avg(nota)::float8 as media, count(*)::int as n from reviews where profissional_id = ${profissionalId} and status = 'APROVADO') r
    where p.id = ${profissionalId}`);
}

export async function recentReviews(db: Db, limit = 6) {
  const rows = await db
    .select({
      id: reviews.id, comentario: reviews.comentario, nota: reviews.nota, criadoEm: reviews.criadoEm,
      profissionalId: profissionais.id, nome: profissionais.nome, fotoKey: profissionais.fotoKey,
      clienteNome: clientes.nome, clienteFotoKey: clientes.fotoKey,
    })
    .from(reviews)
    .innerJoin(profissionais, eq(profissionais.id, reviews.profissionalId))
    .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
    .where(eq(reviews.status, 'APROVADO'))
    .orderBy(desc(reviews.criadoEm), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id, comentario: r.comentario, nota: r.nota, criadoEm: r.criadoEm.toISOString(), profissionalId: r.profissionalId,
    nome: r.nome, fotoUrl: publicFileUrl(r.fotoKey), cliente: { nome: r.clienteNome, fotoUrl: publicFileUrl(r.clienteFotoKey) },
  }));
}

/** Approved reviews of one professional, newest first, paginated. */
export async function approvedReviewsOf(db: Db, profissionalId: number, page: number, pageSize: number) {
  const where = and(eq(reviews.profissionalId, profissionalId), eq(reviews.status, 'APROVADO'));
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .select({ id: reviews.id, nota: reviews.nota, comentario: reviews.comentario, status: reviews.status, criadoEm: reviews.criadoEm, clienteId: reviews.clienteId, clienteNome: clientes.nome, profissionalId: reviews.profissionalId })
    .from(reviews)
    .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
    .where(where)
    .orderBy(desc(reviews.criadoEm), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map(({ clienteNome, criadoEm, ...r }) => ({ ...r, criadoEm: criadoEm.toISOString(), cliente: { nome: clienteNome } })), page, pageSize);
}

/**
 * Professionals who applied to any of this client's projects (the ones it may review), with the
 * project to review them for: the most recent one not yet reviewed, finished projects first.
 */
export async function reviewableProfessionals(db: Db, clienteId: number, q: string | undefined, page: number, pageSize: number) {
  const term = searchTerm(q);
  const values = term ? specialtiesMatching(q!) : [];
  const where = and(
    // Starts from this client's projects (an index), not from every professional.
    sql`${profissionais.id} in (select c.profissional_id from candidaturas c join requests r on r.id = c.request_id where r.cliente_id = ${clienteId})`,
    term
      ? values.length
        ? sql`(${containsFolded(profissionais.busca, term)} or ${profissionais.especialidades} && ${textArray(values)})`
        : containsFolded(profissionais.busca, term)
      : undefined,
  );
  const pending = (col: 'id' | 'titulo') => sql.raw(`(select r.${col} from candidaturas c join requests r on r.id = c.request_id
      where c.profissional_id = profissionais.id and r.cliente_id = `).append(sql`${clienteId}`).append(sql.raw(`
      and not exists (select 1 from reviews rv where rv.request_id = r.id and rv.profissional_id = profissionais.id)
      order by (r.status = 'CONCLUIDO') desc, r.criado_em desc limit 1)`));
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .select({
      id: profissionais.id, nome: profissionais.nome, especialidades: profissionais.especialidades, cidade: profissionais.cidade,
      fotoKey: profissionais.fotoKey, notaMedia: profissionais.notaMedia,
      requestId: sql<number | null>`${pending('id')}`, requestTitulo: sql<string | null>`${pending('titulo')}`,
    })
    .from(profissionais)
    .where(where)
    .orderBy(profissionais.nome, profissionais.id)
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map(({ fotoKey, ...r }) => ({ ...r, fotoUrl: publicFileUrl(fotoKey), podeAvaliar: r.requestId !== null })), page, pageSize);
}

export async function createReview(
  db: Db,
  clienteId: number,
  body: { profissionalId: number; requestId?: number; nota: number; comentario: string },
) {
  try {
    return await insertReview(db, clienteId, body);
  } catch (e) {
    // Two simultaneous submissions for the same project: the unique index lets one through.
    if (isUniqueViolation(e)) throw conflict('ALREADY_REVIEWED', 'Já avaliou este profissional para os seus projetos.');
    throw e;
  }
}

function insertReview(db: Db, clienteId: number, body: { profissionalId: number; requestId?: number; nota: number; comentario: string }) {
  return db.transaction(async (tx) => {
    const eligible = await tx
      .select({ requestId: requests.id, status: requests.status })
      .from(candidaturas)
      .innerJoin(requests, eq(requests.id, candidaturas.requestId))
      .where(and(
        eq(candidaturas.profissionalId, body.profissionalId),
        eq(requests.clienteId, clienteId),
        body.requestId ? eq(requests.id, body.requestId) : undefined,
        sql`not exists (select 1 from reviews rv where rv.request_id = ${requests.id} and rv.profissional_id = ${body.profissionalId})`,
      ))
      .orderBy(sql`case when ${requests.status} = 'CONCLUIDO' then 0 else 1 end`, desc(requests.criadoEm))
      .limit(1);
    if (eligible.length === 0) {
      const applied = await tx
        .select({ id: candidaturas.id })
        .from(candidaturas)
        .innerJoin(requests, eq(requests.id, candidaturas.requestId))
        .where(and(eq(candidaturas.profissionalId, body.profissionalId), eq(requests.clienteId, clienteId)))
        .limit(1);
      if (applied.length) throw conflict('ALREADY_REVIEWED', 'Já avaliou este profissional para os seus projetos.');
      throw badRequest('NOT_ELIGIBLE', 'Só pode avaliar profissionais que se candidataram a um projeto seu.');
    }
    const [row] = await tx
      .insert(reviews)
      .values({ profissionalId: body.profissionalId, clienteId, requestId: eligible[0].requestId, nota: body.nota, comentario: body.comentario })
      .returning({ id: reviews.id, status: reviews.status, criadoEm: reviews.criadoEm, requestId: reviews.requestId });
    return { ...row, criadoEm: row.criadoEm.toISOString(), message: M.feedbackEnviado };
  });
}
