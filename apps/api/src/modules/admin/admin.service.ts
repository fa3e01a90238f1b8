import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { M, specialtyLabel } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, auditLog, clientes, payments, profissionais, requests, reviews } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { publicFileUrl, type Storage } from '../../lib/storage';
import { audit } from '../audit/audit.service';
import { escapeLike, likeFolded } from '../profissionais/profissionais.service';
import { recomputeRating } from '../reviews/reviews.service';

const pageOf = <T>(items: T[], total: number, page: number, pageSize: number) => ({
  items, total, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)),
});
const term = (q?: string) => (q?.trim() ? escapeLike(q.trim()) : undefined);

export async function listProjects(db: Db, f: { q?: string; status?: 'ESPERA' | 'ABERTO' | 'CONCLUIDO'; page: number; pageSize: number }) {
  const q = term(f.q);
  const where = and(
    f.status ? eq(requests.status, f.status) : undefined,
    q ? sql`(${likeFolded(requests.titulo, q)} or ${likeFolded(requests.descricao, q)} or ${likeFolded(clientes.nome, q)} or ${likeFolded(requests.cidade, q)})` : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(requests).leftJoin(clientes, eq(clientes.id, requests.clienteId)).where(where);
  const rows = await db
    .select({
      id: requests.id, titulo: requests.titulo, descricao: requests.descricao, cidade: requests.cidade, bairro: requests.bairro,
      especialidade: requests.especialidade, contato: requests.contato, tempo: requests.tempo, clienteId: requests.clienteId,
      creditos: requests.creditos, status: requests.status, criadoEm: requests.criadoEm, clienteNome: clientes.nome, clienteEmail: clientes.email,
      candidaturas: sql<number>`(select count(*)::int from candidaturas c where c.request_id = ${requests.id})`,
    })
    .from(requests)
    .leftJoin(clientes, eq(clientes.id, requests.clienteId))
    .where(where)
    .orderBy(sql`case ${requests.status} when 'ESPERA' then 0 when 'ABERTO' then 1 else 2 end`, desc(requests.criadoEm), desc(requests.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return pageOf(
    rows.map(({ clienteNome, clienteEmail, criadoEm, ...r }) => ({
      ...r, criadoEm: criadoEm.toISOString(), candidaturas: Number(r.candidaturas), especialidadeLabel: specialtyLabel(r.especialidade),
      cliente: clienteNome === null ? null : { nome: clienteNome, email: clienteEmail },
    })),
    total, f.page, f.pageSize,
  );
}

export async function listReviews(db: Db, f: { q?: string; status?: 'ESPERA' | 'APROVADO' | 'NEGADO'; page: number; pageSize: number }) {
  const q = term(f.q);
  const where = and(
    f.status ? eq(reviews.status, f.status) : undefined,
    q ? sql`(${likeFolded(reviews.comentario, q)} or ${likeFolded(clientes.nome, q)})` : undefined,
  );
  const base = db.select({ total: sql<number>`count(*)::int` }).from(reviews).innerJoin(clientes, eq(clientes.id, reviews.clienteId));
  const [{ total }] = await base.where(where);
  const rows = await db
    .select({
      id: reviews.id, profissionalId: reviews.profissionalId, clienteId: reviews.clienteId, requestId: reviews.requestId, nota: reviews.nota,
      comentario: reviews.comentario, status: reviews.status, criadoEm: reviews.criadoEm, clienteNome: clientes.nome, profissionalNome: profissionais.nome,
    })
    .from(reviews)
    .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
    .innerJoin(profissionais, eq(profissionais.id, reviews.profissionalId))
    .where(where)
    .orderBy(sql`case ${reviews.status} when 'ESPERA' then 0 else 1 end`, desc(reviews.criadoEm), desc(reviews.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return pageOf(
    rows.map(({ clienteNome, profissionalNome, criadoEm, ...r }) => ({
      ...r, criadoEm: criadoEm.toISOString(), cliente: { nome: clienteNome }, profissional: { nome: profissionalNome },
    })),
    total, f.page, f.pageSize,
  );
}

/** Approve or reject a pending review; the professional's average is recomputed in the same transaction. */
export async function decideReview(db: Db, id: number, decision: 'APROVADO' | 'NEGADO', adminId: number) {
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
    await audit(tx, { tipo: 'admin', id: adminId }, decision === 'APROVADO' ? 'REVIEW_APROVADA' : 'REVIEW_REPROVADA', 'review', id);
    const [prof] = await tx.select({ notaMedia: profissionais.notaMedia }).from(profissionais).where(eq(profissionais.id, row.profissionalId));
    return { id: row.id, status: row.status, profissionalId: row.profissionalId, notaMedia: prof?.notaMedia ?? null };
  });
}

export async function deleteReview(db: Db, id: number, adminId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id, profissionalId: reviews.profissionalId, comentario: reviews.comentario });
    if (!row) throw notFound('Review não encontrada.');
    await recomputeRating(tx, row.profissionalId);
    await audit(tx, { tipo: 'admin', id: adminId }, 'REVIEW_ELIMINADA', 'review', id, { comentario: row.comentario });
    return { id };
  });
}

export async function listClientes(db: Db, f: { q?: string; page: number; pageSize: number }) {
  const q = term(f.q);
  const where = q ? sql`(${likeFolded(clientes.nome, q)} or ${likeFolded(clientes.email, q)})` : undefined;
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(clientes).where(where);
  const rows = await db
    .select({ id: clientes.id, nome: clientes.nome, email: clientes.email, telefone: clientes.telefone, fotoKey: clientes.fotoKey, criadoEm: clientes.criadoEm,
      projetos: sql<number>`(select count(*)::int from requests r where r.cliente_id = ${clientes.id})` })
    .from(clientes)
    .where(where)
    .orderBy(desc(clientes.criadoEm), desc(clientes.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return pageOf(rows.map(({ fotoKey, criadoEm, ...r }) => ({ ...r, fotoUrl: publicFileUrl(fotoKey), criadoEm: criadoEm.toISOString(), projetos: Number(r.projetos) })), total, f.page, f.pageSize);
}

export async function listProfissionaisAdmin(db: Db, f: { q?: string; verificacao?: 'PENDENTE' | 'VERIFICADO' | 'RECUSADO'; page: number; pageSize: number }) {
  const q = term(f.q);
  const where = and(
    q ? sql`(${likeFolded(profissionais.nome, q)} or ${likeFolded(profissionais.email, q)})` : undefined,
    f.verificacao ? eq(profissionais.verificacao, f.verificacao) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(profissionais).where(where);
  const rows = await db
    .select({
      id: profissionais.id, nome: profissionais.nome, email: profissionais.email, telefone: profissionais.telefone, cidade: profissionais.cidade,
      bairro: profissionais.bairro, especialidades: profissionais.especialidades, fotoKey: profissionais.fotoKey, notaMedia: profissionais.notaMedia,
      verificacao: profissionais.verificacao, verificadoEm: profissionais.verificadoEm, criadoEm: profissionais.criadoEm,
      temFrente: sql<boolean>`${profissionais.ccFrenteKey} is not null`, temVerso: sql<boolean>`${profissionais.ccVersoKey} is not null`,
      verificadoPorNome: admins.nome,
    })
    .from(profissionais)
    .leftJoin(admins, eq(admins.id, profissionais.verificadoPor))
    .where(where)
    .orderBy(sql`case ${profissionais.verificacao} when 'PENDENTE' then 0 else 1 end`, desc(profissionais.criadoEm), desc(profissionais.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return pageOf(
    rows.map(({ fotoKey, criadoEm, verificadoEm, ...r }) => ({
      ...r, fotoUrl: publicFileUrl(fotoKey), criadoEm: criadoEm.toISOString(), verificadoEm: verificadoEm?.toISOString() ?? null,
      especialidadesLabels: r.especialidades.map(specialtyLabel), temFrente: !!r.temFrente, temVerso: !!r.temVerso,
    })),
    total, f.page, f.pageSize,
  );
}

/** An ID-card image, for admins only; every view is written to the audit log (DESIGN §4). */
export async function readDocument(db: Db, storage: Storage, profissionalId: number, lado: 'frente' | 'verso', adminId: number) {
  const [row] = await db.select({ frente: profissionais.ccFrenteKey, verso: profissionais.ccVersoKey }).from(profissionais).where(eq(profissionais.id, profissionalId));
  if (!row) throw notFound(M.profissionalNaoIdentificado);
  const key = lado === 'frente' ? row.frente : row.verso;
  const data = key ? await storage.get('private', key) : undefined;
  if (!data) throw notFound(lado === 'frente' ? 'Foto frente não disponível.' : 'Foto verso não disponível.');
  await audit(db, { tipo: 'admin', id: adminId }, 'DOCUMENTO_VISTO', 'profissional', profissionalId, { lado });
  return data;
}

/**
 * Decides the verification; the ID images are then deleted (Lei 7/2007 art. 5): only the decision,
 * who took it and when remain.
 */
export async function decideVerification(db: Db, storage: Storage, profissionalId: number, decisao: 'VERIFICADO' | 'RECUSADO', adminId: number, now: Date) {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx.select({ frente: profissionais.ccFrenteKey, verso: profissionais.ccVersoKey }).from(profissionais).where(eq(profissionais.id, profissionalId));
    if (!row) throw notFound(M.profissionalNaoIdentificado);
    await tx
      .update(profissionais)
      .set({ verificacao: decisao, verificadoEm: now, verificadoPor: adminId, ccFrenteKey: null, ccVersoKey: null })
      .where(eq(profissionais.id, profissionalId));
    await audit(tx, { tipo: 'admin', id: adminId }, decisao === 'VERIFICADO' ? 'PROFISSIONAL_VERIFICADO' : 'PROFISSIONAL_RECUSADO', 'profissional', profissionalId, { documentosEliminados: !!(row.frente || row.verso) });
    return row;
  });
  if (keys.frente) await storage.remove('private', keys.frente);
  if (keys.verso) await storage.remove('private', keys.verso);
  return { id: profissionalId, verificacao: decisao, verificadoEm: now.toISOString() };
}

const weekKey = (col: SQL | unknown) => sql<string>`to_char(date_trunc('week', ${col} at time zone 'Europe/Lisbon'), 'YYYY-MM-DD')`;
const monthKey = (col: SQL | unknown) => sql<string>`to_char(${col} at time zone 'Europe/Lisbon', 'YYYY-MM')`;

/** Figures for the dashboard: totals, revenue per month, projects and sign-ups per week (12 weeks). */
export async function dashboardStats(db: Db, now: Date) {
  const since = new Date(now.getTime() - 12 * 7 * 24 * 3600 * 1000);
  const [totals] = (await db.execute<{ recebido: number; total: number; clientes: number; profissionais: number; projetos: number; espera: number; reviews_espera: number; verificacoes: number }>(sql`
    select
      coalesce((select sum(valor_centimos) from payments where estado = 'PAGO'), 0)::int as recebido,
      coalesce((select sum(valor_centimos) from payments where estado in ('PAGO', 'PENDENTE')), 0)::int as total,
      (select count(*) from clientes)::int as clientes,
      (select count(*) from profissionais)::int as profissionais,
      (select count(*) from requests)::int as projetos,
      (select count(*) from requests where status = 'ESPERA')::int as espera,
      (select count(*) from reviews where status = 'ESPERA')::int as reviews_espera,
      (select count(*) from profissionais where verificacao = 'PENDENTE')::int as verificacoes`)).rows;
  const receita = await db
    .select({ mes: monthKey(payments.criadoEm), recebido: sql<number>`coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} = 'PAGO'), 0)::int`, total: sql<number>`coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} in ('PAGO','PENDENTE')), 0)::int` })
    .from(payments)
    .groupBy(monthKey(payments.criadoEm))
    .orderBy(monthKey(payments.criadoEm));
  const projetos = await db
    .select({ semana: weekKey(requests.criadoEm), total: sql<number>`count(*)::int` })
    .from(requests)
    .where(sql`${requests.criadoEm} >= ${since}`)
    .groupBy(weekKey(requests.criadoEm))
    .orderBy(weekKey(requests.criadoEm));
  const registos = (await db.execute<{ semana: string; clientes: number; profissionais: number }>(sql`
    select semana, sum(c)::int as clientes, sum(p)::int as profissionais from (
      select to_char(date_trunc('week', criado_em at time zone 'Europe/Lisbon'), 'YYYY-MM-DD') as semana, 1 as c, 0 as p from clientes where criado_em >= ${since}
      union all
      select to_char(date_trunc('week', criado_em at time zone 'Europe/Lisbon'), 'YYYY-MM-DD'), 0, 1 from profissionais where criado_em >= ${since}
    ) x group by semana order by semana`)).rows;
  return {
    valorRecebido: Number(totals.recebido) / 100,
    valorTotal: Number(totals.total) / 100,
    clientes: Number(totals.clientes),
    profissionais: Number(totals.profissionais),
    projetos: Number(totals.projetos),
    pendentes: { projetos: Number(totals.espera), reviews: Number(totals.reviews_espera), verificacoes: Number(totals.verificacoes) },
    receitaPorMes: receita.map((r) => ({ mes: r.mes, recebido: Number(r.recebido) / 100, total: Number(r.total) / 100 })),
    projetosPorSemana: projetos.map((r) => ({ semana: r.semana, total: Number(r.total) })),
    registosPorSemana: registos.map((r) => ({ semana: r.semana, clientes: Number(r.clientes), profissionais: Number(r.profissionais) })),
  };
}

/** Payments behind the figures: `recebido` = paid only; `total` = paid and pending. */
export async function listPaymentsAdmin(db: Db, f: { tipo: 'recebido' | 'total'; mes?: string; plano?: string; page: number; pageSize: number }) {
  const where = and(
    f.tipo === 'recebido' ? eq(payments.estado, 'PAGO') : sql`${payments.estado} in ('PAGO', 'PENDENTE')`,
    f.mes ? sql`${monthKey(payments.criadoEm)} = ${f.mes}` : undefined,
    f.plano ? eq(payments.plano, f.plano) : undefined,
  );
  const [agg] = await db.select({ total: sql<number>`count(*)::int`, soma: sql<number>`coalesce(sum(${payments.valorCentimos}), 0)::int` }).from(payments).where(where);
  const rows = await db
    .select({ id: payments.id, plano: payments.plano, valorCentimos: payments.valorCentimos, creditos: payments.creditos, metodo: payments.metodo, estado: payments.estado, provider: payments.provider, criadoEm: payments.criadoEm, pagoEm: payments.pagoEm, profissionalId: payments.profissionalId, profissionalNome: profissionais.nome })
    .from(payments)
    .innerJoin(profissionais, eq(profissionais.id, payments.profissionalId))
    .where(where)
    .orderBy(desc(payments.criadoEm), desc(payments.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return {
    ...pageOf(rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString(), pagoEm: r.pagoEm?.toISOString() ?? null })), Number(agg.total), f.page, f.pageSize),
    somaEuros: Number(agg.soma) / 100,
  };
}

export async function listAudit(db: Db, page: number, pageSize: number) {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog);
  const rows = await db
    .select({ id: auditLog.id, actorTipo: auditLog.actorTipo, actorId: auditLog.actorId, acao: auditLog.acao, alvoTipo: auditLog.alvoTipo, alvoId: auditLog.alvoId, detalhes: auditLog.detalhes, criadoEm: auditLog.criadoEm, adminNome: admins.nome })
    .from(auditLog)
    .leftJoin(admins, and(eq(auditLog.actorTipo, 'admin'), eq(admins.id, auditLog.actorId)))
    .orderBy(desc(auditLog.criadoEm), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return pageOf(rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString() })), total, page, pageSize);
}

export async function simpleTotals(db: Db) {
  const [r] = (await db.execute<{ clientes: number; profissionais: number; requests: number; pago: number }>(sql`
    select (select count(*) from clientes)::int clientes, (select count(*) from profissionais)::int profissionais,
      (select count(*) from requests)::int requests, coalesce((select sum(valor_centimos) from payments where estado = 'PAGO'), 0)::int pago`)).rows;
  return r;
}
