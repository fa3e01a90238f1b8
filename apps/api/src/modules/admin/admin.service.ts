import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { M, specialtyLabel } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, auditLog, clientes, payments, profissionais, requests, reviews } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { publicFileUrl, type Storage } from '../../lib/storage';
import type { TtlCache } from '../../lib/ttl-cache';
import { audit } from '../audit/audit.service';
import { pageOf, pageWindow } from '../../db/paging';
import { containsFolded, searchTerm } from '../../db/search';
import { recomputeRating } from '../reviews/reviews.service';
import { recomputeSelos } from '../selos/selos.service';
import { notify } from '../notificacoes/notify';

/**
 * Ids of the clients whose name matches, capped: a search by a client's name then reads that
 * client's rows through the `cliente_id` indexes, as one more branch of an indexed OR.
 */
const clientesMatching = (q: string) =>
  sql`array(select c.id from clientes c where ${containsFolded(sql`c.busca`, q)} limit 200)`;

export async function listProjects(db: Db, f: { q?: string; status?: 'ESPERA' | 'ABERTO' | 'CONCLUIDO'; page: number; pageSize: number }) {
  const q = searchTerm(f.q);
  const where = and(
    f.status ? eq(requests.status, f.status) : undefined,
    q ? sql`(${containsFolded(requests.busca, q)} or ${requests.clienteId} = any(${clientesMatching(q)}))` : undefined,
  );
  const { limit, offset } = pageWindow(f.page, f.pageSize);
  const rows = await db
    .select({
      id: requests.id, titulo: requests.titulo, descricao: requests.descricao, cidade: requests.cidade, bairro: requests.bairro,
      especialidade: requests.especialidade, contato: requests.contato, tempo: requests.tempo, clienteId: requests.clienteId,
      creditos: requests.creditos, status: requests.status, criadoEm: requests.criadoEm, clienteNome: clientes.nome, clienteEmail: clientes.email,
      clienteConfirmado: sql<boolean>`${clientes.emailConfirmadoEm} is not null`,
      candidaturas: sql<number>`(select count(*)::int from candidaturas c where c.request_id = ${requests.id})`,
    })
    .from(requests)
    .leftJoin(clientes, eq(clientes.id, requests.clienteId))
    .where(where)
    // The enum's order (ESPERA, ABERTO, CONCLUIDO) is the back office's order: pending first; within
    // a status, emergencies ("Urgente 24h") first. The same expressions as requests_status_idx.
    .orderBy(requests.status, sql`(${requests.tempo} in ('PIQUETE', 'AVARIA')) desc`, desc(requests.criadoEm), desc(requests.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    rows.map(({ clienteNome, clienteEmail, clienteConfirmado, criadoEm, ...r }) => ({
      ...r, criadoEm: criadoEm.toISOString(), candidaturas: Number(r.candidaturas), especialidadeLabel: specialtyLabel(r.especialidade),
      // An unconfirmed e-mail keeps the project out of approval ("E-mail por confirmar").
      cliente: clienteNome === null ? null : { nome: clienteNome, email: clienteEmail, emailConfirmado: !!clienteConfirmado },
    })),
    f.page, f.pageSize,
  );
}

export async function listReviews(db: Db, f: { q?: string; status?: 'ESPERA' | 'APROVADO' | 'NEGADO'; page: number; pageSize: number }) {
  const q = searchTerm(f.q);
  const where = and(
    f.status ? eq(reviews.status, f.status) : undefined,
    q ? sql`(${containsFolded(reviews.busca, q)} or ${reviews.clienteId} = any(${clientesMatching(q)}))` : undefined,
  );
  const { limit, offset } = pageWindow(f.page, f.pageSize);
  const rows = await db
    .select({
      id: reviews.id, profissionalId: reviews.profissionalId, clienteId: reviews.clienteId, requestId: reviews.requestId, nota: reviews.nota,
      comentario: reviews.comentario, status: reviews.status, criadoEm: reviews.criadoEm, clienteNome: clientes.nome, profissionalNome: profissionais.nome,
    })
    .from(reviews)
    .innerJoin(clientes, eq(clientes.id, reviews.clienteId))
    .innerJoin(profissionais, eq(profissionais.id, reviews.profissionalId))
    .where(where)
    // Pending first, then newest (reviews_admin_idx / reviews_status_idx).
    .orderBy(f.status ? reviews.status : sql`(${reviews.status} <> 'ESPERA')`, desc(reviews.criadoEm), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    rows.map(({ clienteNome, profissionalNome, criadoEm, ...r }) => ({
      ...r, criadoEm: criadoEm.toISOString(), cliente: { nome: clienteNome }, profissional: { nome: profissionalNome },
    })),
    f.page, f.pageSize,
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
      await notify(tx, { tipo: 'avaliacao_aprovada', reviewId: id }, now);
      await notify(tx, { tipo: 'avaliacao_publicada', reviewId: id }, now);
    }
    const [prof] = await tx.select({ notaMedia: profissionais.notaMedia }).from(profissionais).where(eq(profissionais.id, row.profissionalId));
    return { id: row.id, status: row.status, profissionalId: row.profissionalId, notaMedia: prof?.notaMedia ?? null };
  });
}

export async function deleteReview(db: Db, id: number, adminId: number, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id, profissionalId: reviews.profissionalId, comentario: reviews.comentario });
    if (!row) throw notFound('Review não encontrada.');
    await recomputeRating(tx, row.profissionalId);
    await recomputeSelos(tx, [row.profissionalId], now);
    await audit(tx, { tipo: 'admin', id: adminId }, 'REVIEW_ELIMINADA', 'review', id, { comentario: row.comentario });
    return { id };
  });
}

export async function listClientes(db: Db, f: { q?: string; page: number; pageSize: number }) {
  const q = searchTerm(f.q);
  const where = q ? sql`(${containsFolded(clientes.busca, q)} or lower(${clientes.email}) like '%' || lower(${q}) || '%')` : undefined;
  const { limit, offset } = pageWindow(f.page, f.pageSize);
  const rows = await db
    .select({ id: clientes.id, nome: clientes.nome, email: clientes.email, telefone: clientes.telefone, fotoKey: clientes.fotoKey, criadoEm: clientes.criadoEm,
      emailConfirmadoEm: clientes.emailConfirmadoEm,
      projetos: sql<number>`(select count(*)::int from requests r where r.cliente_id = clientes.id)` })
    .from(clientes)
    .where(where)
    .orderBy(desc(clientes.criadoEm), desc(clientes.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map(({ fotoKey, criadoEm, emailConfirmadoEm, ...r }) => ({
    ...r, fotoUrl: publicFileUrl(fotoKey), criadoEm: criadoEm.toISOString(), projetos: Number(r.projetos),
    emailConfirmado: emailConfirmadoEm !== null, emailConfirmadoEm: emailConfirmadoEm?.toISOString() ?? null,
  })), f.page, f.pageSize);
}

export async function listProfissionaisAdmin(db: Db, f: { q?: string; verificacao?: 'PENDENTE' | 'VERIFICADO' | 'RECUSADO'; page: number; pageSize: number }) {
  const q = searchTerm(f.q);
  const where = and(
    q ? sql`(${containsFolded(profissionais.busca, q)} or lower(${profissionais.email}) like '%' || lower(${q}) || '%')` : undefined,
    f.verificacao ? eq(profissionais.verificacao, f.verificacao) : undefined,
  );
  const { limit, offset } = pageWindow(f.page, f.pageSize);
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
    // Pending verifications first, then newest (profissionais_admin_idx / profissionais_verificacao_idx).
    .orderBy(f.verificacao ? profissionais.verificacao : sql`(${profissionais.verificacao} is distinct from 'PENDENTE')`, desc(profissionais.criadoEm), desc(profissionais.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    rows.map(({ fotoKey, criadoEm, verificadoEm, ...r }) => ({
      ...r, fotoUrl: publicFileUrl(fotoKey), criadoEm: criadoEm.toISOString(), verificadoEm: verificadoEm?.toISOString() ?? null,
      especialidadesLabels: r.especialidades.map(specialtyLabel), temFrente: !!r.temFrente, temVerso: !!r.temVerso,
    })),
    f.page, f.pageSize,
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
    // "Verificado" (and "Domótica Expert", which needs it) follow the decision.
    await recomputeSelos(tx, [profissionalId], now);
    await audit(tx, { tipo: 'admin', id: adminId }, decisao === 'VERIFICADO' ? 'PROFISSIONAL_VERIFICADO' : 'PROFISSIONAL_RECUSADO', 'profissional', profissionalId, { documentosEliminados: !!(row.frente || row.verso) });
    return row;
  });
  if (keys.frente) await storage.remove('private', keys.frente);
  if (keys.verso) await storage.remove('private', keys.verso);
  return { id: profissionalId, verificacao: decisao, verificadoEm: now.toISOString() };
}

const weekKey = (col: SQL | unknown) => sql<string>`to_char(date_trunc('week', ${col} at time zone 'Europe/Lisbon'), 'YYYY-MM-DD')`;
const monthKey = (col: SQL | unknown) => sql<string>`to_char(${col} at time zone 'Europe/Lisbon', 'YYYY-MM')`;

/**
 * Figures for the dashboard: totals, revenue per month, projects and sign-ups per week (12 weeks).
 * Sums and counts are 64-bit (a 32-bit cast overflowed past 21.47 M€); the routes cache the answer
 * for a few seconds, since each figure reads a whole table.
 */
export async function dashboardStats(db: Db, now: Date) {
  const since = new Date(now.getTime() - 12 * 7 * 24 * 3600 * 1000);
  const [totals] = (await db.execute<{ recebido: number; total: number; clientes: number; profissionais: number; projetos: number; espera: number; reviews_espera: number; verificacoes: number; por_conciliar: number }>(sql`
    select
      coalesce((select sum(valor_centimos) from payments where estado = 'PAGO'), 0)::bigint as recebido,
      coalesce((select sum(valor_centimos) from payments where estado in ('PAGO', 'PENDENTE')), 0)::bigint as total,
      (select count(*) from clientes) as clientes,
      (select count(*) from profissionais) as profissionais,
      (select count(*) from requests) as projetos,
      (select count(*) from requests where status = 'ESPERA') as espera,
      (select count(*) from reviews where status = 'ESPERA') as reviews_espera,
      (select count(*) from profissionais where verificacao = 'PENDENTE') as verificacoes,
      (select count(*) from payment_anomalies where resolvido_em is null) as por_conciliar`)).rows;
  const receita = await db
    .select({ mes: monthKey(payments.criadoEm), recebido: sql<number>`coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} = 'PAGO'), 0)::bigint`, total: sql<number>`coalesce(sum(${payments.valorCentimos}) filter (where ${payments.estado} in ('PAGO','PENDENTE')), 0)::bigint` })
    .from(payments)
    .groupBy(monthKey(payments.criadoEm))
    .orderBy(monthKey(payments.criadoEm));
  const projetos = await db
    .select({ semana: weekKey(requests.criadoEm), total: sql<number>`count(*)` })
    .from(requests)
    .where(sql`${requests.criadoEm} >= ${since}`)
    .groupBy(weekKey(requests.criadoEm))
    .orderBy(weekKey(requests.criadoEm));
  const registos = (await db.execute<{ semana: string; clientes: number; profissionais: number }>(sql`
    select semana, sum(c) as clientes, sum(p) as profissionais from (
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
    pendentes: { projetos: Number(totals.espera), reviews: Number(totals.reviews_espera), verificacoes: Number(totals.verificacoes), pagamentosPorConciliar: Number(totals.por_conciliar) },
    receitaPorMes: receita.map((r) => ({ mes: r.mes, recebido: Number(r.recebido) / 100, total: Number(r.total) / 100 })),
    projetosPorSemana: projetos.map((r) => ({ semana: r.semana, total: Number(r.total) })),
    registosPorSemana: registos.map((r) => ({ semana: r.semana, clientes: Number(r.clientes), profissionais: Number(r.profissionais) })),
  };
}

/**
 * Payments behind the figures: `recebido` = paid only; `total` = paid and pending. The count and sum
 * of the whole selection come from `summary` (the same short cache as the dashboard's figures).
 */
export async function listPaymentsAdmin(db: Db, summary: TtlCache['get'], f: { tipo: 'recebido' | 'total'; mes?: string; plano?: string; page: number; pageSize: number }) {
  const where = and(
    f.tipo === 'recebido' ? eq(payments.estado, 'PAGO') : sql`${payments.estado} in ('PAGO', 'PENDENTE')`,
    f.mes ? sql`${monthKey(payments.criadoEm)} = ${f.mes}` : undefined,
    f.plano ? eq(payments.plano, f.plano) : undefined,
  );
  const { limit, offset } = pageWindow(f.page, f.pageSize);
  const agg = await summary(`pagamentos:${f.tipo}:${f.mes ?? ''}:${f.plano ?? ''}`, async () =>
    (await db.select({ total: sql<string>`count(*)`, soma: sql<string>`coalesce(sum(${payments.valorCentimos}), 0)::bigint` }).from(payments).where(where))[0]);
  const rows = await db
    .select({ id: payments.id, plano: payments.plano, valorCentimos: payments.valorCentimos, creditos: payments.creditos, metodo: payments.metodo, estado: payments.estado, provider: payments.provider, criadoEm: payments.criadoEm, pagoEm: payments.pagoEm, profissionalId: payments.profissionalId, profissionalNome: profissionais.nome })
    .from(payments)
    .leftJoin(profissionais, eq(profissionais.id, payments.profissionalId))
    .where(where)
    .orderBy(desc(payments.criadoEm), desc(payments.id))
    .limit(limit)
    .offset(offset);
  return {
    ...pageOf(rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString(), pagoEm: r.pagoEm?.toISOString() ?? null })), f.page, f.pageSize),
    total: Number(agg.total),
    somaEuros: Number(agg.soma) / 100,
  };
}

export async function listAudit(db: Db, page: number, pageSize: number) {
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .select({ id: auditLog.id, actorTipo: auditLog.actorTipo, actorId: auditLog.actorId, acao: auditLog.acao, alvoTipo: auditLog.alvoTipo, alvoId: auditLog.alvoId, detalhes: auditLog.detalhes, criadoEm: auditLog.criadoEm, adminNome: admins.nome })
    .from(auditLog)
    .leftJoin(admins, and(eq(auditLog.actorTipo, 'admin'), eq(admins.id, auditLog.actorId)))
    .orderBy(desc(auditLog.criadoEm), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString() })), page, pageSize);
}

export async function simpleTotals(db: Db) {
  const [r] = (await db.execute<{ clientes: string; profissionais: string; requests: string; pago: string }>(sql`
    select (select count(*) from clientes) clientes, (select count(*) from profissionais) profissionais,
      (select count(*) from requests) requests, coalesce((select sum(valor_centimos) from payments where estado = 'PAGO'), 0)::bigint pago`)).rows;
  return { clientes: Number(r.clientes), profissionais: Number(r.profissionais), requests: Number(r.requests), pago: Number(r.pago) };
}
