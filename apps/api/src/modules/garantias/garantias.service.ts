import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  GARANTIA_MSG,
  GUARANTEE_MAX_PHOTOS,
  GUARANTEE_VISIT_MAX_DAYS,
  guaranteeDeadline,
  type Garantia,
  type GarantiaEstado,
  type GarantiaNumeros,
  type Role,
} from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { admins, clientes, garantias, profissionais, requests } from '../../db/schema';
import { pageIds, pageOf, pageWindow } from '../../db/paging';
import { prepared, preparedRaw, runList } from '../../db/prepared';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit.service';
import { notify, notifyAll } from '../notificacoes/notify';
import { processImage, type ImageInput } from '../uploads/images';

/**
 * The 14-day technical guarantee (docs/decisions/0014). The client of a concluded project opens one
 * claim about the chosen professional's work, within GUARANTEE_DAYS of `concluido_em`; the
 * professional accepts it with a visit date or disputes it; an admin closes it. Nobody else reads or
 * acts on a claim: another person's claim is "not found", as every other resource.
 */

export interface Viewer {
  tipo: Role;
  id: number;
}
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

// --- Opening a claim ------------------------------------------------------------------------------

type Eligible = { titulo: string; profissionalId: number };

/** Why this client may not open a claim for this project now (thrown), or what the claim needs. */
async function checkEligible(db: Db | Tx, requestId: number, clienteId: number, now: Date, lock: boolean): Promise<Eligible> {
  const found = await db.execute<{
    titulo: string;
    cliente_id: number;
    status: string;
    escolhido_id: number | null;
    concluido_em: string | Date | null;
    garantia: number | null;
  }>(sql`
    select r.titulo, r.cliente_id, r.status, r.escolhido_id, r.concluido_em, (select g.id from garantias g where g.request_id = r.id) as garantia
    from requests r where r.id = ${requestId} ${lock ? sql`for update of r` : sql``}`);
  const r = found.rows[0];
  if (!r || Number(r.cliente_id) !== clienteId) throw notFound(GARANTIA_MSG.projetoNaoEncontrado);
  if (r.status !== 'CONCLUIDO') throw conflict('NOT_CONCLUDED', GARANTIA_MSG.naoConcluido);
  if (r.escolhido_id === null) throw conflict('NO_PROFESSIONAL', GARANTIA_MSG.semProfissional);
  if (r.garantia !== null) throw conflict('ALREADY_OPENED', GARANTIA_MSG.jaAcionada);
  // Completed before `concluido_em` was recorded: no date to count from, so no guarantee.
  if (r.concluido_em === null || now > guaranteeDeadline(r.concluido_em)) throw conflict('GUARANTEE_EXPIRED', GARANTIA_MSG.prazo);
  return { titulo: r.titulo, profissionalId: Number(r.escolhido_id) };
}

/**
 * "Acionar garantia": the photos are checked and re-encoded (as every upload) before anything is
 * stored, then kept in the private area; the claim, the professional's and the admins' news are
 * written in one transaction. If that transaction fails, the stored photos are removed again.
 */
export async function openGuarantee(db: Db, storage: Storage, requestId: number, clienteId: number, descricao: string, files: ImageInput[], now: Date) {
  const photos = files.filter((f) => f.field === 'fotos');
  if (photos.length > GUARANTEE_MAX_PHOTOS) throw badRequest('TOO_MANY_PHOTOS', GARANTIA_MSG.fotosAMais, { fotos: GARANTIA_MSG.fotosAMais });
  // Bad input is refused first, whoever asks (bad photos are a 400 even on a project that is not one's own).
  const processed = await Promise.all(photos.map((f) => processImage(f, 1600)));
  // Then a refusal that needs nothing stored.
  await checkEligible(db, requestId, clienteId, now, false);
  const keys: string[] = [];
  try {
    for (const data of processed) keys.push(await storage.put('private', data, 'webp'));
    const id = await db.transaction(async (tx) => {
      const ok = await checkEligible(tx, requestId, clienteId, now, true);
      const [row] = await tx
        .insert(garantias)
        .values({ requestId, clienteId, profissionalId: ok.profissionalId, titulo: ok.titulo, descricao, fotos: keys, criadoEm: now })
        .returning({ id: garantias.id });
      await notifyAll(
        tx,
        [
          { tipo: 'garantia_acionada', garantiaId: row.id },
          { tipo: 'admin_garantia_acionada', garantiaId: row.id },
        ],
        now,
      );
      return row.id;
    });
    return readGuarantee(db, id, { tipo: 'cliente', id: clienteId });
  } catch (e) {
    for (const k of keys) await storage.remove('private', k).catch(() => {});
    // Two claims for the same project at once: the unique index lets one through.
    if (isUniqueViolation(e)) throw conflict('ALREADY_OPENED', GARANTIA_MSG.jaAcionada);
    throw e;
  }
}

// --- Reading ----------------------------------------------------------------------------------------

const fechadoPor = alias(admins, 'fechado_por_admin');
const columns = {
  id: garantias.id,
  requestId: garantias.requestId,
  titulo: garantias.titulo,
  descricao: garantias.descricao,
  fotos: garantias.fotos,
  estado: garantias.estado,
  resposta: garantias.resposta,
  agendadoPara: garantias.agendadoPara,
  respondidoEm: garantias.respondidoEm,
  resolucao: garantias.resolucao,
  fechadoEm: garantias.fechadoEm,
  fechadoPorNome: fechadoPor.nome,
  criadoEm: garantias.criadoEm,
  concluidoEm: requests.concluidoEm,
  contato: requests.contato,
  clienteId: garantias.clienteId,
  clienteNome: clientes.nome,
  clienteEmail: clientes.email,
  profissionalId: garantias.profissionalId,
  profissionalNome: profissionais.nome,
  profissionalEmail: profissionais.email,
  profissionalTelefone: profissionais.telefone,
};
type Row = {
  id: number;
  requestId: number | null;
  titulo: string;
  descricao: string;
  fotos: string[];
  estado: GarantiaEstado;
  resposta: string | null;
  agendadoPara: Date | null;
  respondidoEm: Date | null;
  resolucao: string | null;
  fechadoEm: Date | null;
  fechadoPorNome: string | null;
  criadoEm: Date;
  concluidoEm: Date | null;
  contato: string | null;
  clienteId: number | null;
  clienteNome: string | null;
  clienteEmail: string | null;
  profissionalId: number | null;
  profissionalNome: string | null;
  profissionalEmail: string | null;
  profissionalTelefone: string | null;
};

/**
 * Claims with their project, people and closing admin: the page's ids first, in `order` (db/paging
 * pageIds), then those rows only. One claim: `limit` 1, its id in `where`.
 */
function claimsPage(db: Db | Tx, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset?: unknown) {
  const page = pageIds(db, garantias.id, where, order, limit, offset);
  return db
    .select(columns)
    .from(page)
    .innerJoin(garantias, eq(garantias.id, page.pageId))
    .leftJoin(requests, eq(requests.id, garantias.requestId))
    .leftJoin(clientes, eq(clientes.id, garantias.clienteId))
    .leftJoin(profissionais, eq(profissionais.id, garantias.profissionalId))
    .leftJoin(fechadoPor, eq(fechadoPor.id, garantias.fechadoPor))
    .orderBy(...order);
}

/** Each party sees the other's contact it already has (the professional paid for the project's); e-mails only admins. */
function toDto(r: Row, viewer: Role): Garantia {
  const admin = viewer === 'admin';
  return {
    id: r.id,
    requestId: r.requestId,
    titulo: r.titulo,
    descricao: r.descricao,
    fotos: r.fotos.length,
    estado: r.estado,
    resposta: r.resposta,
    agendadoPara: iso(r.agendadoPara),
    respondidoEm: iso(r.respondidoEm),
    resolucao: r.resolucao,
    fechadoEm: iso(r.fechadoEm),
    fechadoPorNome: admin ? r.fechadoPorNome : null,
    criadoEm: iso(r.criadoEm)!,
    concluidoEm: iso(r.concluidoEm),
    cliente:
      r.clienteId === null || r.clienteNome === null
        ? null
        : {
            id: r.clienteId,
            nome: r.clienteNome,
            contacto: viewer === 'cliente' ? null : r.contato,
            email: admin ? r.clienteEmail : null,
          },
    profissional:
      r.profissionalId === null || r.profissionalNome === null
        ? null
        : {
            id: r.profissionalId,
            nome: r.profissionalNome,
            contacto: viewer === 'profissional' ? null : r.profissionalTelefone,
            email: admin ? r.profissionalEmail : null,
          },
  };
}

/** The claim's parties: its client, its professional, any admin. Anyone else: null. */
const visibleTo = (tipo: Role, id: unknown): SQL | undefined =>
  tipo === 'admin' ? undefined : tipo === 'cliente' ? sql`${garantias.clienteId} = ${id}` : sql`${garantias.profissionalId} = ${id}`;

/**
 * One claim as its viewer may see it: a kept (named) statement per role. Sent unnamed, PostgreSQL
 * planned its five joins on every request, ten times the cost of running it (330 answers a second
 * where the lists of claims gave 2,000).
 */
export async function readGuarantee(db: Db, id: number, viewer: Viewer): Promise<Garantia> {
  const shape = `garantia_${viewer.tipo}`;
  const [row] = await prepared(db, shape, () =>
    claimsPage(db, and(sql`${garantias.id} = ${sql.placeholder('id')}`, visibleTo(viewer.tipo, sql.placeholder('viewer'))), [garantias.id], 1).prepare(shape),
  ).execute({ id, viewer: viewer.id });
  if (!row) throw notFound(GARANTIA_MSG.naoEncontrada);
  return toDto(row, viewer.tipo);
}

/** The client's claims, newest first (garantias_cliente_idx). */
export async function listClientGuarantees(db: Db, clienteId: number, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const rows = await runList(db, 'garantias_cliente', { page, pageSize, filters: { clienteId } }, (v, offset) =>
    claimsPage(db, sql`${garantias.clienteId} = ${v('clienteId')}`, [desc(garantias.criadoEm), desc(garantias.id)], limit, offset),
  );
  return pageOf(
    rows.map((r) => toDto(r, 'cliente')),
    page,
    pageSize,
  );
}

/** The professional's claims: the ones waiting for his answer first, then newest. */
export async function listProfessionalGuarantees(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const rows = await runList(db, 'garantias_profissional', { page, pageSize, filters: { profissionalId } }, (v, offset) =>
    claimsPage(
      db,
      sql`${garantias.profissionalId} = ${v('profissionalId')}`,
      [sql`(${garantias.estado} <> 'ABERTA')`, desc(garantias.criadoEm), desc(garantias.id)],
      limit,
      offset,
    ),
  );
  return pageOf(
    rows.map((r) => toDto(r, 'profissional')),
    page,
    pageSize,
  );
}

/** Back office: the enum's order puts the open ones first (ABERTA, ACEITE, CONTESTADA, then FECHADA), newest first within (garantias_estado_idx). */
export async function listAllGuarantees(db: Db, f: { page: number; pageSize: number; estado?: GarantiaEstado; profissionalId?: number }) {
  const { limit } = pageWindow(f.page, f.pageSize);
  const filters = { estado: f.estado, profissionalId: f.profissionalId };
  const rows = await runList(db, 'garantias_admin', { page: f.page, pageSize: f.pageSize, filters }, (v, offset) =>
    claimsPage(
      db,
      and(
        f.estado ? sql`${garantias.estado} = ${v('estado', 'guarantee_status')}` : undefined,
        f.profissionalId ? sql`${garantias.profissionalId} = ${v('profissionalId')}` : undefined,
      ),
      [garantias.estado, desc(garantias.criadoEm), desc(garantias.id)],
      limit,
      offset,
    ),
  );
  return pageOf(
    rows.map((r) => toDto(r, 'admin')),
    f.page,
    f.pageSize,
  );
}

/** Photo `n` (1-based) of a claim, for its parties only. */
export async function readGuaranteePhoto(db: Db, storage: Storage, id: number, n: number, viewer: Viewer) {
  const [row] = await db
    .select({ fotos: garantias.fotos })
    .from(garantias)
    .where(and(eq(garantias.id, id), visibleTo(viewer.tipo, viewer.id)));
  if (!row) throw notFound(GARANTIA_MSG.naoEncontrada);
  const key = row.fotos[n - 1];
  const data = key ? await storage.get('private', key) : undefined;
  if (!data) throw notFound('Fotografia não encontrada.');
  return data;
}

// --- Answering and closing --------------------------------------------------------------------------

/** Why a claim could not move from `from`: not this person's (404), or already past that state (409). */
async function refuseTransition(tx: Tx, id: number, owner: SQL | undefined): Promise<never> {
  const [row] = await tx
    .select({ estado: garantias.estado })
    .from(garantias)
    .where(and(eq(garantias.id, id), owner));
  if (!row) throw notFound(GARANTIA_MSG.naoEncontrada);
  if (row.estado === 'FECHADA') throw conflict('ALREADY_CLOSED', GARANTIA_MSG.jaFechada);
  throw conflict('ALREADY_ANSWERED', GARANTIA_MSG.jaRespondida);
}

/**
 * The chosen professional answers a claim still waiting for him: ACEITE with the visit's date (in the
 * future, within GUARANTEE_VISIT_MAX_DAYS) or CONTESTADA with why. The client is told in the same
 * transaction. One answer only: the state moves from ABERTA in the statement that checks it.
 */
export async function answerGuarantee(
  db: Db,
  id: number,
  profissionalId: number,
  answer: { aceite: true; agendadoPara: string; resposta?: string } | { aceite: false; resposta: string },
  now: Date,
) {
  let agendadoPara: Date | null = null;
  if (answer.aceite) {
    agendadoPara = new Date(answer.agendadoPara);
    if (agendadoPara <= now) throw badRequest('VALIDATION', GARANTIA_MSG.dataPassada, { agendadoPara: GARANTIA_MSG.dataPassada });
    if (agendadoPara.getTime() > now.getTime() + GUARANTEE_VISIT_MAX_DAYS * DAY_MS)
      throw badRequest('VALIDATION', GARANTIA_MSG.dataLonge, { agendadoPara: GARANTIA_MSG.dataLonge });
  }
  const mine = eq(garantias.profissionalId, profissionalId);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(garantias)
      .set({ estado: answer.aceite ? 'ACEITE' : 'CONTESTADA', agendadoPara, resposta: answer.resposta ?? null, respondidoEm: now })
      .where(and(eq(garantias.id, id), mine, eq(garantias.estado, 'ABERTA')))
      .returning({ id: garantias.id });
    if (moved.length === 0) await refuseTransition(tx, id, mine);
    await notify(tx, { tipo: 'garantia_respondida', garantiaId: id }, now);
  });
  return readGuarantee(db, id, { tipo: 'profissional', id: profissionalId });
}

/** An admin closes a claim in any state but FECHADA, with the resolution; the client and the professional are told. */
export async function closeGuarantee(db: Db, id: number, adminId: number, resolucao: string, now: Date) {
  await db.transaction(async (tx) => {
    const closed = await tx
      .update(garantias)
      .set({ estado: 'FECHADA', resolucao, fechadoEm: now, fechadoPor: adminId })
      .where(and(eq(garantias.id, id), sql`${garantias.estado} <> 'FECHADA'`))
      .returning({ id: garantias.id });
    if (closed.length === 0) await refuseTransition(tx, id, undefined);
    await notify(tx, { tipo: 'garantia_fechada', garantiaId: id }, now);
    await audit(tx, { tipo: 'admin', id: adminId }, 'GARANTIA_FECHADA', 'garantia', id);
  });
  return readGuarantee(db, id, { tipo: 'admin', id: adminId });
}

// --- Figures ------------------------------------------------------------------------------------------

/**
 * How many claims each professional had, and how he answered: `aceites` are those he accepted with a
 * visit date (whatever the admin later closed them with). One grouped read on garantias_prof_idx.
 */
export async function guaranteeFigures(db: Db, ids: number[]): Promise<GarantiaNumeros[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // Kept prepared, the ids as one array: a list of n ids was a new statement, parsed and planned, for
  // every profile shown and every page of the back office's professionals.
  const { rows } = await preparedRaw<{ profissionalId: number; acionadas: number; aceites: number; contestadas: number; semResposta: number }>(
    db,
    'guarantee_figures',
    () => sql`
      select ${garantias.profissionalId} as "profissionalId",
        count(*)::int as "acionadas",
        (count(*) filter (where ${garantias.agendadoPara} is not null))::int as "aceites",
        (count(*) filter (where ${garantias.respondidoEm} is not null and ${garantias.agendadoPara} is null))::int as "contestadas",
        (count(*) filter (where ${garantias.respondidoEm} is null))::int as "semResposta"
      from ${garantias}
      where ${garantias.profissionalId} = any(${sql.placeholder('ids')}::int[])
      group by ${garantias.profissionalId}`,
  ).execute({ ids: `{${unique.join(',')}}` });
  const by = new Map(rows.map((r) => [Number(r.profissionalId), r]));
  return unique.map((id) => {
    const r = by.get(id);
    return {
      profissionalId: id,
      acionadas: Number(r?.acionadas ?? 0),
      aceites: Number(r?.aceites ?? 0),
      contestadas: Number(r?.contestadas ?? 0),
      semResposta: Number(r?.semResposta ?? 0),
    };
  });
}

// --- Accounts (RGPD) ----------------------------------------------------------------------------------

/** The client's claims in its data export. */
export async function guaranteeDataOf(db: Db, clienteId: number) {
  const rows = await db
    .select({
      titulo: garantias.titulo,
      descricao: garantias.descricao,
      fotos: garantias.fotos,
      estado: garantias.estado,
      resposta: garantias.resposta,
      agendadoPara: garantias.agendadoPara,
      resolucao: garantias.resolucao,
      criadoEm: garantias.criadoEm,
      fechadoEm: garantias.fechadoEm,
    })
    .from(garantias)
    .where(eq(garantias.clienteId, clienteId))
    .orderBy(desc(garantias.criadoEm));
  return rows.map(({ fotos, ...r }) => ({ ...r, fotografias: fotos.length }));
}

/**
 * A client deleting its account: its claims stay (the professional's figures and the back office
 * count them) without what the client wrote or photographed. Returns the photo keys to remove after commit.
 */
export async function forgetClientGuarantees(tx: Tx, clienteId: number): Promise<string[]> {
  const before = await tx.select({ fotos: garantias.fotos }).from(garantias).where(eq(garantias.clienteId, clienteId));
  await tx.update(garantias).set({ descricao: 'Descrição eliminada com a conta do cliente.', fotos: [] }).where(eq(garantias.clienteId, clienteId));
  return before.flatMap((r) => r.fotos);
}
