import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { districtByLabel, districtByValue, fold, M, type CreateRequestBody, type Role, type TimeOption } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas, clientes, creditLedger, profissionais, requests, subscriptions } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/storage';
import type { SessionUser } from '../../plugins/auth';
import { audit } from '../audit/audit.service';
import { pageOf, pageWindow } from '../../db/paging';
import { containsFolded, searchTerm } from '../../db/search';
import { param, prepared } from '../../db/prepared';

const requestColumns = {
  id: requests.id,
  titulo: requests.titulo,
  descricao: requests.descricao,
  cidade: requests.cidade,
  bairro: requests.bairro,
  especialidade: requests.especialidade,
  contato: requests.contato,
  tempo: requests.tempo,
  clienteId: requests.clienteId,
  creditos: requests.creditos,
  status: requests.status,
  criadoEm: requests.criadoEm,
  clienteNome: clientes.nome,
  clienteEmail: clientes.email,
  candidaturas: sql<number>`(select count(*)::int from candidaturas c where c.request_id = ${requests.id})`,
};

type Row = {
  id: number; titulo: string; descricao: string; cidade: string; bairro: string; especialidade: string; contato: string;
  tempo: 'NORMAL' | 'URGENTE' | 'PIQUETE' | 'AVARIA'; clienteId: number; creditos: number | null;
  status: 'ESPERA' | 'ABERTO' | 'CONCLUIDO'; criadoEm: Date; clienteNome: string | null; clienteEmail: string | null; candidaturas: number;
};

/** The client's contact and e-mail leave the server only for the owner, admins and professionals who paid. */
export function toDto(r: Row, opts: { revealContact: boolean; jaCandidatado?: boolean }) {
  return {
    id: r.id, titulo: r.titulo, descricao: r.descricao, cidade: r.cidade, bairro: r.bairro, especialidade: r.especialidade,
    contato: opts.revealContact ? r.contato : null,
    tempo: r.tempo, clienteId: r.clienteId, creditos: r.creditos, status: r.status,
    criadoEm: new Date(r.criadoEm).toISOString(),
    candidaturas: Number(r.candidaturas),
    jaCandidatado: opts.jaCandidatado,
    cliente: r.clienteNome === null ? null : { nome: r.clienteNome, email: opts.revealContact ? r.clienteEmail : null },
  };
}

export async function createRequest(db: Db, clienteId: number, body: CreateRequestBody) {
  const [row] = await db
    .insert(requests)
    .values({
      titulo: body.titulo, descricao: body.descricao, cidade: body.cidade, bairro: body.bairro,
      especialidade: body.especialidade, contato: body.contato, tempo: body.tempo, clienteId,
    })
    .returning({ id: requests.id });
  return getRequest(db, row.id, { tipo: 'cliente', id: clienteId });
}

/** The client's own projects, newest first, a page at a time (some clients have hundreds). */
export async function listClientRequests(db: Db, clienteId: number, page: number, pageSize: number) {
  const own = prepared(db, 'client_requests', () =>
    db
      .select(requestColumns)
      .from(requests)
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .where(eq(requests.clienteId, sql.placeholder('clienteId')))
      .orderBy(desc(requests.criadoEm), desc(requests.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('client_requests'));
  const rows = await own.execute({ clienteId, ...pageWindow(page, pageSize) });
  return pageOf(rows.map((r) => toDto(r, { revealContact: true })), page, pageSize);
}

/**
 * One project. The owner and admins see everything; a professional sees approved projects, and the
 * contact only after paying for it; other clients see nothing.
 */
export async function getRequest(db: Db, id: number, user: SessionUser) {
  // One statement, prepared: the project, its client and whether the caller (if a professional) applied.
  const byId = prepared(db, 'request_by_id', () =>
    db
      .select({
        ...requestColumns,
        jaCandidatado: sql<boolean>`exists (select 1 from candidaturas c where c.request_id = ${requests.id} and c.profissional_id = ${sql.placeholder('profissionalId')})`,
      })
      .from(requests)
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .where(eq(requests.id, sql.placeholder('id')))
      .prepare('request_by_id'));
  const [found] = await byId.execute({ id, profissionalId: user.tipo === 'profissional' ? user.id : 0 });
  if (!found) throw notFound(M.chamadoNaoEncontrado);
  const { jaCandidatado, ...row } = found;
  if (user.tipo === 'admin') return toDto(row, { revealContact: true });
  if (user.tipo === 'cliente') {
    if (row.clienteId !== user.id) throw notFound(M.chamadoNaoEncontrado);
    return toDto(row, { revealContact: true });
  }
  const applied = !!jaCandidatado;
  if (!applied && row.status === 'ESPERA') throw notFound(M.chamadoNaoEncontrado);
  return toDto(row, { revealContact: applied, jaCandidatado: applied });
}

/** Professionals who applied (paid) to one of the caller's projects. */
export async function listApplicants(db: Db, requestId: number, user: SessionUser) {
  const [req] = await db.select({ clienteId: requests.clienteId }).from(requests).where(eq(requests.id, requestId));
  if (!req || (user.tipo === 'cliente' && req.clienteId !== user.id)) throw notFound(M.chamadoNaoEncontrado);
  const rows = await db
    .select({
      id: profissionais.id, nome: profissionais.nome, fotoKey: profissionais.fotoKey, especialidades: profissionais.especialidades,
      cidade: profissionais.cidade, notaMedia: profissionais.notaMedia, candidatadoEm: candidaturas.criadoEm,
    })
    .from(candidaturas)
    .innerJoin(profissionais, eq(profissionais.id, candidaturas.profissionalId))
    .where(eq(candidaturas.requestId, requestId))
    .orderBy(candidaturas.criadoEm);
  return rows.map(({ fotoKey, candidatadoEm, ...r }) => ({ ...r, fotoUrl: publicFileUrl(fotoKey), candidatadoEm: candidatadoEm.toISOString() }));
}

/** ABERTO → CONCLUIDO, by the owner only. */
export async function concludeRequest(db: Db, id: number, clienteId: number, now: Date) {
  const updated = await db
    .update(requests)
    .set({ status: 'CONCLUIDO', concluidoEm: now })
    .where(and(eq(requests.id, id), eq(requests.clienteId, clienteId), eq(requests.status, 'ABERTO')))
    .returning({ id: requests.id });
  if (updated.length === 0) {
    const [row] = await db.select({ clienteId: requests.clienteId, status: requests.status }).from(requests).where(eq(requests.id, id));
    if (!row || row.clienteId !== clienteId) throw notFound(M.chamadoNaoEncontrado);
    throw conflict('INVALID_STATUS', 'Só um projeto aberto pode ser marcado como concluído.');
  }
  return { id, status: 'CONCLUIDO' as const };
}

/**
 * Deletes a project; every professional who paid for it gets the credits back, in the same
 * transaction, with a REEMBOLSO line in the ledger.
 */
export async function deleteRequestWithRefunds(tx: Tx, id: number, actor: { tipo: Role; id: number }, motivo: string) {
  await tx.execute(sql`select id from requests where id = ${id} for update`);
  // Places paid by accounts since deleted have no balance left to refund into.
  const paid = (await tx
    .select({ profissionalId: candidaturas.profissionalId, subscriptionId: candidaturas.subscriptionId, creditos: candidaturas.creditos })
    .from(candidaturas)
    .where(eq(candidaturas.requestId, id)))
    .filter((p): p is { profissionalId: number; subscriptionId: number; creditos: number } => p.profissionalId !== null && p.subscriptionId !== null);
  const [req] = await tx.select({ titulo: requests.titulo }).from(requests).where(eq(requests.id, id));
  if (!req) throw notFound(M.chamadoNaoEncontrado);
  for (const p of paid) {
    const [sub] = await tx
      .update(subscriptions)
      .set({ creditosRestantes: sql`${subscriptions.creditosRestantes} + ${p.creditos}` })
      .where(eq(subscriptions.id, p.subscriptionId))
      .returning({ saldo: subscriptions.creditosRestantes });
    await tx.insert(creditLedger).values({
      subscriptionId: p.subscriptionId, profissionalId: p.profissionalId, tipo: 'REEMBOLSO', delta: p.creditos, saldoApos: sub.saldo,
      requestId: id, adminId: actor.tipo === 'admin' ? actor.id : null, descricao: `Reembolso: ${req.titulo} (${motivo})`,
    });
  }
  await tx.delete(requests).where(eq(requests.id, id));
  await audit(tx, actor, 'PROJETO_ELIMINADO', 'request', id, { titulo: req.titulo, reembolsos: paid.length, motivo });
  return { id, reembolsos: paid.map((p) => ({ profissionalId: p.profissionalId, creditos: p.creditos })) };
}

export const applicantCount = async (db: Db | Tx, requestId: number) =>
  (await db.select({ n: count() }).from(candidaturas).where(eq(candidaturas.requestId, requestId)))[0]?.n ?? 0;


/**
 * Jobs a professional can apply to: approved (ABERTO) with a price set; filters by text (title, city,
 * district), specialty, district and urgency; newest first; with the price, the places taken and
 * whether I applied. Each filter has a partial index in that order (migration 0004).
 */
export async function listAvailable(
  db: Db,
  profissionalId: number,
  f: { q?: string; especialidade?: string; bairro?: string; tempo?: TimeOption; page: number; pageSize: number },
) {
  const term = searchTerm(f.q);
  // The district is matched to the catalogue here, so the query compares the stored name exactly.
  const bairro = f.bairro ? (districtByLabel(f.bairro)?.label ?? districtByValue(fold(f.bairro))?.label ?? f.bairro) : undefined;
  const { limit, offset } = pageWindow(f.page, f.pageSize);
  const values = { profissionalId, especialidade: f.especialidade, bairro, tempo: f.tempo, limit, offset };
  const build = (isPrepared: boolean) => {
    const v = (name: keyof typeof values) => param(isPrepared, name, values[name]);
    // The page's ids first (from the index alone), then the details of those rows only: a deep page
    // would otherwise work out the places taken and "applied?" for every row it skips.
    const page = db
      .select({ pageId: requests.id, pageCriadoEm: requests.criadoEm })
      .from(requests)
      .where(and(
        eq(requests.status, 'ABERTO'),
        isNotNull(requests.creditos),
        term ? containsFolded(requests.busca, term) : undefined,
        f.especialidade ? sql`${requests.especialidade} = ${v('especialidade')}` : undefined,
        bairro ? sql`${requests.bairro} = ${v('bairro')}` : undefined,
        f.tempo ? sql`${requests.tempo} = ${v('tempo')}` : undefined,
      ))
      .orderBy(desc(requests.criadoEm), desc(requests.id))
      .limit(v('limit') as number)
      .offset(v('offset') as number)
      .as('page');
    return db
      .select({
        ...requestColumns,
        jaCandidatado: sql<boolean>`exists (select 1 from candidaturas c where c.request_id = ${requests.id} and c.profissional_id = ${v('profissionalId')})`,
      })
      .from(page)
      .innerJoin(requests, eq(requests.id, page.pageId))
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .orderBy(desc(page.pageCriadoEm), desc(page.pageId));
  };
  const shape = `jobs_${f.especialidade ? 'e' : ''}${bairro ? 'b' : ''}${f.tempo ? 't' : ''}`;
  const rows = term ? await build(false) : await prepared(db, shape, () => build(true).prepare(shape)).execute(values);
  return pageOf(
    rows.map(({ jaCandidatado, ...r }) => toDto(r, { revealContact: !!jaCandidatado, jaCandidatado: !!jaCandidatado })),
    f.page, f.pageSize,
  );
}
