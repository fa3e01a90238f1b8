import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { districtByLabel, districtByValue, fold, M, SELOS, type CreateRequestBody, type GarantiaResumo, type Role, type TimeOption } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { candidaturas, clientes, profissionais, requests } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { assertSelf } from '../../lib/ownership';
import { publicFileUrl } from '../../lib/storage';
import type { SessionUser } from '../../plugins/auth';
import { auditAll } from '../audit/audit.service';
import { hasApplied } from '../creditos/applicants';
import { refundProjectsOnDeletion } from '../creditos/refunds';
import type { NotificationEvent } from '../notificacoes/events';
import { notificationWrites, notifyAll, storedData, storedNews } from '../notificacoes/notify';
import { nextHourlyDigest } from '../notificacoes/schedule';
import { recomputeSelos } from '../selos/selos.service';
import { laterPageBlock, pageOf, preparedWindow } from '../../db/paging';
import { containsFolded, intArray, planShape, searchBySteps, searchTerm, sortedKey, walkedTable, wordsOf, type TextPlan } from '../../db/search';
import { fieldsOf, prepared, preparedRaw, unseen, type FilterType } from '../../db/prepared';
import type { TtlCache } from '../../lib/ttl-cache';
import { iso } from '../../lib/iso';

/** A job's own columns as job search shows them to every professional (no contact). */
const jobOwnColumns = {
  id: requests.id,
  titulo: requests.titulo,
  descricao: requests.descricao,
  cidade: requests.cidade,
  bairro: requests.bairro,
  especialidade: requests.especialidade,
  tempo: requests.tempo,
  clienteId: requests.clienteId,
  creditos: requests.creditos,
  status: requests.status,
  criadoEm: requests.criadoEm,
  escolhidoId: requests.escolhidoId,
  // Kept on the row by triggers (migration 0012): no count per listed project.
  candidaturas: requests.candidaturasN,
};

/** A project's own columns (requestColumns without the client's). */
export const requestOwnColumns = { ...jobOwnColumns, contato: requests.contato };

/** A job's columns in job search: its own and the client's name (the e-mail only for who paid, on the job's page). */
const jobColumns = { ...jobOwnColumns, clienteNome: clientes.nome };

/** A project's columns as every list shows them (job search, the client's list, the back office). */
export const requestColumns = { ...requestOwnColumns, clienteNome: clientes.nome, clienteEmail: clientes.email };

type Row = {
  id: number;
  titulo: string;
  descricao: string;
  cidade: string;
  bairro: string;
  especialidade: string;
  /** Not read for job search, which never shows it. */
  contato?: string;
  tempo: 'NORMAL' | 'URGENTE' | 'PIQUETE' | 'AVARIA';
  clienteId: number;
  creditos: number | null;
  status: 'ESPERA' | 'ABERTO' | 'CONCLUIDO';
  criadoEm: Date;
  escolhidoId: number | null;
  clienteNome: string | null;
  clienteEmail?: string | null;
  candidaturas: number;
};

/**
 * The client's contact and e-mail leave the server only for the owner, admins and professionals who
 * paid; whom the client chose, only for the owner and admins.
 */
export function toDto(r: Row, opts: { revealContact: boolean; jaCandidatado?: boolean; owner?: boolean }) {
  return {
    id: r.id,
    titulo: r.titulo,
    descricao: r.descricao,
    cidade: r.cidade,
    bairro: r.bairro,
    especialidade: r.especialidade,
    contato: opts.revealContact ? (r.contato ?? null) : null,
    tempo: r.tempo,
    clienteId: r.clienteId,
    creditos: r.creditos,
    status: r.status,
    criadoEm: iso(r.criadoEm),
    candidaturas: Number(r.candidaturas),
    jaCandidatado: opts.jaCandidatado,
    escolhidoId: opts.owner ? r.escolhidoId : undefined,
    cliente: r.clienteNome === null ? null : { nome: r.clienteNome, email: opts.revealContact ? (r.clienteEmail ?? null) : null },
  };
}

/**
 * A new project starts in ESPERA. It enters the admins' approval queue (and they are told) only
 * once the client's e-mail is confirmed; until then it waits (email-confirmation.service releases it).
 * One statement, one round trip, no BEGIN/COMMIT: the client's row, the project and the admins' news
 * (one line per admin for the hour, in the admin's hourly digest: written by the hour's first
 * publication only), so neither is written without the other.
 */
export async function createRequest(db: Db, clienteId: number, body: CreateRequestBody, now: Date = new Date()) {
  const digest = nextHourlyDigest(now);
  const { rows } = await preparedRaw<Row>(db, 'publish', publishStatement).execute({
    cliente: clienteId,
    titulo: body.titulo,
    descricao: body.descricao,
    cidade: body.cidade,
    bairro: body.bairro,
    especialidade: body.especialidade,
    contato: body.contato,
    tempo: body.tempo,
    at: now.toISOString(),
    hour: digest.hour,
    digestAt: digest.at.toISOString(),
  });
  // The account was deleted after its session was checked.
  if (!rows[0]) throw notFound('Cliente não encontrado.');
  return toDto(rows[0], { revealContact: true, owner: true });
}

/** Built once with placeholders, kept prepared (preparedRaw). */
function publishStatement() {
  const v = (key: string) => sql.placeholder(key);
  const at = sql`${v('at')}::timestamptz`;
  const news = sql`${storedNews(
    'admin_projeto_pendente',
    { tipo: 'admin', id: sql`a.id`, email: sql`a.email` },
    // One line per admin for the hour (notify.ts, projetoPendenteDeliveries): after the hour's first
    // publication the unique key's check finds it, and nothing is written for the admins.
    sql`'admin_projeto_pendente:h' || ${v('hour')}::text || ':a' || a.id`,
    at,
    storedData('admin_projeto_pendente', { titulo: sql`null::text`, bairro: sql`null::text`, clienteNome: sql`null::text` }),
    { resumo: sql`'admin:' || a.id || ':' || ${v('hour')}::text`, proxima: sql`${v('digestAt')}::timestamptz` },
  )} from ins cross join c cross join admins a where c.confirmado`;
  return sql`
    with c as (
      select c.nome, c.email, c.email_confirmado_em is not null as confirmado from clientes c where c.id = ${v('cliente')}::int
    ), ins as (
      insert into requests (titulo, descricao, cidade, bairro, especialidade, contato, tempo, cliente_id)
      select ${v('titulo')}::text, ${v('descricao')}::text, ${v('cidade')}::text, ${v('bairro')}::text, ${v('especialidade')}::text,
        ${v('contato')}::text, ${v('tempo')}::time_option, ${v('cliente')}::int
      from c
      returning *
    ), ${notificationWrites(news, at)}
    select ins.id, ins.titulo, ins.descricao, ins.cidade, ins.bairro, ins.especialidade, ins.contato, ins.tempo, ins.cliente_id as "clienteId",
      ins.creditos, ins.status, ins.criado_em as "criadoEm", ins.escolhido_id as "escolhidoId", c.nome as "clienteNome", c.email as "clienteEmail",
      0 as candidaturas
    from ins cross join c`;
}

/** The page sizes the screens ask for (the routes' defaults). */
export const CLIENT_PAGE_SIZE = 20;
export const JOBS_PAGE_SIZE = 12;

/** The client's own projects, newest first, a page at a time (some clients have hundreds). */
export async function listClientRequests(db: Db, clienteId: number, page: number, pageSize: number) {
  const w = preparedWindow(page, pageSize);
  const shape = `client_requests_${w.key}`;
  // With when it was concluded and its guarantee claim (docs/decisions/0014), for the card's "Acionar garantia".
  const columns = { ...requestColumns, concluidoEm: requests.concluidoEm, garantia: garantiaOfRequest };
  const build = (cliente: unknown, offset: unknown) => {
    if (page === 1)
      return db
        .select(columns)
        .from(requests)
        .leftJoin(clientes, eq(clientes.id, requests.clienteId))
        .where(eq(requests.clienteId, cliente as number))
        .orderBy(desc(requests.criadoEm), desc(requests.id))
        .limit(w.limit);
    // A later page: its ids first, from the index alone, then the rows and guarantee claims of those
    // only (otherwise each row the OFFSET skips is read and its claim looked up: page 10 of a client
    // with hundreds of projects read 200).
    const ids = db
      .select({ pageId: requests.id, pageCriadoEm: requests.criadoEm })
      .from(requests)
      .where(eq(requests.clienteId, cliente as number))
      .orderBy(desc(requests.criadoEm), desc(requests.id))
      .limit(w.limit)
      .offset(offset as number)
      .as('page');
    return db
      .select(columns)
      .from(ids)
      .innerJoin(requests, eq(requests.id, ids.pageId))
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .orderBy(desc(ids.pageCriadoEm), desc(ids.pageId));
  };
  const rows = await prepared(db, shape, () => build(sql.placeholder('clienteId'), w.offset).prepare(shape)).execute({ clienteId, ...w.values });
  return pageOf(
    rows.map((r) => {
      // Two fields added to toDto's object rather than a spread of it into a new one (a spread costs
      // ~4 µs a row here: a heavy client's 20 projects cost more to copy than to fetch).
      const dto: ReturnType<typeof toDto> & { concluidoEm?: string | null; garantia?: GarantiaResumo | null } = toDto(r, { revealContact: true, owner: true });
      dto.concluidoEm = r.concluidoEm ? iso(r.concluidoEm) : null;
      dto.garantia = r.garantia ?? null;
      return dto;
    }),
    page,
    pageSize,
  );
}

/** The project's guarantee claim (one per project, unique index on request_id) as the client's card shows it. */
const garantiaOfRequest = sql<GarantiaResumo | null>`(select json_build_object(
  'id', g.id, 'estado', g.estado, 'agendadoPara', g.agendado_para, 'resposta', g.resposta, 'resolucao', g.resolucao, 'criadoEm', g.criado_em)
  from garantias g where g.request_id = ${requests.id})`.mapWith((v: unknown) => {
  if (v === null || v === undefined) return null;
  const g = (typeof v === 'string' ? JSON.parse(v) : v) as GarantiaResumo;
  const at = (d: string | null) => (d === null ? null : iso(d));
  return { ...g, agendadoPara: at(g.agendadoPara), criadoEm: at(g.criadoEm)! };
});

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
        jaCandidatado: hasApplied(requests.id, sql.placeholder('profissionalId')),
      })
      .from(requests)
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .where(eq(requests.id, sql.placeholder('id')))
      .prepare('request_by_id'),
  );
  const [found] = await byId.execute({ id, profissionalId: user.tipo === 'profissional' ? user.id : 0 });
  if (!found) throw notFound(M.chamadoNaoEncontrado);
  const { jaCandidatado, ...row } = found;
  if (user.tipo === 'admin') return toDto(row, { revealContact: true, owner: true });
  if (user.tipo === 'cliente') {
    assertSelf(user, 'cliente', row.clienteId, { orElse: () => notFound(M.chamadoNaoEncontrado) });
    return toDto(row, { revealContact: true, owner: true });
  }
  const applied = !!jaCandidatado;
  if (!applied && row.status === 'ESPERA') throw notFound(M.chamadoNaoEncontrado);
  return toDto(row, { revealContact: applied, jaCandidatado: applied });
}

/**
 * Professionals who applied (paid) to one of the caller's projects, in the order they applied: what
 * the client needs to choose (rating, "Verificado", link to the profile) and which one it chose.
 */
export async function listApplicants(db: Db, requestId: number, user: SessionUser) {
  // One prepared statement: the project's owner and choice, then one row per applicant (a single row
  // of nulls when there is none). The owner is checked before anything is returned.
  const rows = await prepared(db, 'applicants', () =>
    db
      .select({
        clienteId: requests.clienteId,
        escolhidoId: requests.escolhidoId,
        id: profissionais.id,
        nome: profissionais.nome,
        fotoKey: profissionais.fotoKey,
        especialidades: profissionais.especialidades,
        cidade: profissionais.cidade,
        notaMedia: profissionais.notaMedia,
        totalAvaliacoes: profissionais.totalAvaliacoes,
        verificacao: profissionais.verificacao,
        selos: profissionais.selos,
        candidatadoEm: candidaturas.criadoEm,
      })
      .from(requests)
      .leftJoin(candidaturas, eq(candidaturas.requestId, requests.id))
      // An application whose account was deleted keeps no professional (SET NULL): left out below.
      .leftJoin(profissionais, eq(profissionais.id, candidaturas.profissionalId))
      .where(eq(requests.id, sql.placeholder('requestId')))
      .orderBy(candidaturas.criadoEm, candidaturas.id)
      .prepare('applicants'),
  ).execute({ requestId });
  const req = rows[0];
  if (!req) throw notFound(M.chamadoNaoEncontrado);
  // Routed for clients and admins only: a client sees only its own projects' applicants.
  assertSelf(user, 'cliente', req.clienteId, { admin: true, orElse: () => notFound(M.chamadoNaoEncontrado) });
  const out = [];
  for (const r of rows) {
    if (r.id === null || r.candidatadoEm === null) continue;
    out.push({
      id: r.id,
      nome: r.nome!,
      especialidades: r.especialidades!,
      cidade: r.cidade!,
      notaMedia: r.notaMedia,
      totalAvaliacoes: r.totalAvaliacoes!,
      selos: SELOS.filter((x) => r.selos!.includes(x)),
      fotoUrl: publicFileUrl(r.fotoKey),
      candidatadoEm: iso(r.candidatadoEm),
      verificado: r.verificacao === 'VERIFICADO',
      escolhido: r.id === req.escolhidoId,
    });
  }
  return out;
}

/**
 * Deletes a project (admin deletion, the client's cancellation or account deletion). When nobody
 * had been chosen yet, every professional who paid for it gets the credits back in the same
 * transaction (a REEMBOLSO ledger line each), except an application already refunded (a decided
 * report): the refund rules are modules/creditos/refunds.ts's (`refundProjectsOnDeletion`). Once the
 * client chose someone, the leads were real and nothing is refunded. Every applicant is told, with
 * the refund or without.
 */
export async function deleteRequestWithRefunds(
  tx: Tx,
  id: number,
  actor: { tipo: Role; id: number },
  motivo: string,
  now: Date = new Date(),
  // selos: false when the caller recomputes the applicants' badges itself, once for many projects.
  { selos = true }: { selos?: boolean } = {},
) {
  const [deleted] = await deleteRequestsWithRefunds(tx, [id], actor, motivo, now, { selos });
  if (!deleted) throw notFound(M.chamadoNaoEncontrado);
  return deleted;
}

/**
 * `deleteRequestWithRefunds` for many projects at once (a client deleting his account with hundreds
 * of open ones), in a fixed number of statements: one project at a time cost seven round trips each
 * (1.3-2.1 s for ~120 open projects on the generated data), with every row locked meanwhile. Projects
 * that no longer exist are skipped. Returns each deleted project with its number of refunds.
 */
export async function deleteRequestsWithRefunds(
  tx: Tx,
  ids: number[],
  actor: { tipo: Role; id: number },
  motivo: string,
  now: Date = new Date(),
  { selos = true }: { selos?: boolean } = {},
) {
  if (!ids.length) return [];
  // The projects' rows first, in id order, as applying locks one: a new application, a choice or a
  // second deletion waits.
  const locked = await tx.execute<{ id: number; titulo: string; escolhido_id: number | null }>(
    sql`select id, titulo, escolhido_id from requests where id = any(${intArray(ids)}) order by id for update`,
  );
  const projects = locked.rows.map((r) => ({ id: Number(r.id), titulo: r.titulo, escolhidoId: r.escolhido_id === null ? null : Number(r.escolhido_id) }));
  if (!projects.length) return [];
  const lockedIds = projects.map((p) => p.id);
  const applications = await tx
    .select({ id: candidaturas.id, requestId: candidaturas.requestId, profissionalId: candidaturas.profissionalId })
    .from(candidaturas)
    .where(inArray(candidaturas.requestId, lockedIds))
    .orderBy(candidaturas.requestId, candidaturas.id);
  const refunds = await refundProjectsOnDeletion(
    tx,
    projects.map((p) => ({ id: p.id, titulo: p.titulo, chosen: p.escolhidoId !== null })),
    { now, motivo, adminId: actor.tipo === 'admin' ? actor.id : null },
  );
  const refunded = new Map(refunds.map((r) => [r.candidaturaId, r.creditos]));
  const byId = new Map(projects.map((p) => [p.id, p]));
  const news: NotificationEvent[] = applications
    .filter((a) => a.profissionalId !== null)
    .map((a) => ({
      tipo: 'projeto_fechado',
      requestId: a.requestId,
      profissionalId: a.profissionalId!,
      titulo: byId.get(a.requestId)!.titulo,
      reembolso: refunded.get(a.id) ?? null,
    }));
  await notifyAll(tx, news, now);
  await tx.delete(requests).where(inArray(requests.id, lockedIds));
  // Their applications (response times) and a completed job (Domótica) no longer count.
  if (selos) await recomputeSelos(tx, [...applications.map((a) => a.profissionalId), ...projects.map((p) => p.escolhidoId)], now);
  // Each project's refunds, grouped once for the audit entries and the answer.
  const perProject = new Map<number, { profissionalId: number; creditos: number }[]>(projects.map((p) => [p.id, []]));
  for (const r of refunds) perProject.get(r.requestId)!.push({ profissionalId: r.profissionalId, creditos: r.creditos });
  await auditAll(
    tx,
    actor,
    'PROJETO_ELIMINADO',
    projects.map((p) => ({
      alvoTipo: 'request',
      alvoId: p.id,
      detalhes: { titulo: p.titulo, reembolsos: perProject.get(p.id)!.length, motivo, escolhido: p.escolhidoId },
    })),
  );
  return projects.map((p) => ({ id: p.id, reembolsos: perProject.get(p.id)! }));
}

/**
 * Jobs a professional can apply to: approved (ABERTO) with a price set; filters by text (title, city,
 * district), specialty, district and urgency; newest first; with the price and the places taken. Each
 * filter has a partial index in that order (migration 0004).
 *
 * A page is the same for every professional (no contact, no "applied?": see openApplicationIds), so it
 * is kept in `searches` for a few seconds and answered to everyone who asks for it meanwhile
 * (docs/decisions/0006, "Job search kept whole"). An application through this instance drops the kept
 * pages that show its job, a job chosen, closed or deleted every page (app.ts jobSearchMovedBy);
 * through another, it shows until they expire, and applying says why not.
 */
/** A page's LIMIT and OFFSET for a kept statement: preparedWindow's, or a block's (laterPageBlock). */
type Window = Pick<ReturnType<typeof preparedWindow>, 'key' | 'limit' | 'offset'>;

export async function listAvailable(
  db: Db,
  f: { q?: string; especialidade?: string; bairro?: string; tempo?: TimeOption; page: number; pageSize: number },
  /** Keeps each page (and a text search's blocks of ids); without it, every page is read afresh. */
  searches?: TtlCache,
) {
  const term = searchTerm(f.q);
  // The district is matched to the catalogue here, so the query compares the stored name exactly.
  const bairro = f.bairro ? (districtByLabel(f.bairro)?.label ?? districtByValue(fold(f.bairro))?.label ?? f.bairro) : undefined;
  const pageWindow = preparedWindow(f.page, f.pageSize);
  // Several words ("quadro lisboa") are each found in the title, city or district, in any order.
  const words = term ? wordsOf(term) : [];
  const wordValues = Object.fromEntries(words.map((word, i) => [`t${i}`, word]));
  const values: Record<string, unknown> = { especialidade: f.especialidade, bairro, tempo: f.tempo, ...wordValues, ...pageWindow.values };
  // District and specialty together leave a few thousand open jobs at most: walking them in order
  // through their index and testing the text is faster than any trigram index, which PostgreSQL
  // would otherwise intersect with them (tens of thousands of entries for a common word). The text
  // is then written so that no trigram index matches it.
  const walkFiltered = !!(bairro && f.especialidade);
  const v = (name: 'especialidade' | 'bairro' | 'tempo' | `t${number}`) => sql.placeholder(name);
  /** The matching open jobs (`open`), read FROM `source`, in job search's order (`newest`). */
  const search = (plan: TextPlan) => {
    // In the kept statement (no text) the filters are hidden from the planner: for "Lisboa" or
    // "URGENTE" a fresh plan looked cheaper than the kept one and was made on every request.
    const hidden = (name: 'especialidade' | 'bairro' | 'tempo', type: FilterType) => (term ? v(name) : unseen(v(name), type));
    const others = and(
      // A literal, not a parameter: the partial indexes hold open jobs only, and a prepared
      // statement's one plan can use them only when the text itself says 'ABERTO'.
      sql`${requests.status} = 'ABERTO'`,
      isNotNull(requests.creditos),
      // Once the client chose someone, the job is no longer offered (applying is refused too).
      isNull(requests.escolhidoId),
      f.especialidade ? sql`${requests.especialidade} = ${hidden('especialidade', 'text')}` : undefined,
      bairro ? sql`${requests.bairro} = ${hidden('bairro', 'text')}` : undefined,
      f.tempo ? sql`${requests.tempo} = ${hidden('tempo', 'time_option')}` : undefined,
    );
    const open = and(others, ...words.map((_, i) => containsFolded(walkFiltered ? sql`(${requests.busca} || '')` : requests.busca, v(`t${i}`))));
    // Several words: see TextPlan (db/search.ts).
    const source = walkedTable(db, requests, plan, others, [desc(requests.criadoEm), desc(requests.id)]);
    const newest = [desc(sortedKey(requests.criadoEm, plan)), desc(requests.id)];
    return { open, source, newest };
  };
  /** A later page's ids (or a block's, laterPageBlock), from the index alone where it can. */
  const idsOf = (plan: TextPlan, window: Window) => {
    const { open, source, newest } = search(plan);
    return db
      .select({ pageId: requests.id, pageCriadoEm: requests.criadoEm })
      .from(source)
      .where(open)
      .orderBy(...newest)
      .limit(window.limit)
      .offset(window.offset as unknown as number)
      .as('page');
  };
  const build = (plan: TextPlan) => {
    const { open, source, newest } = search(plan);
    if (pageWindow.offset === undefined && !walkFiltered) {
      // The first page, by far the most asked for: its rows straight from the index's order, then the
      // client's name for those rows. Reading ids first and the rows again by their key cost
      // PostgreSQL a fifth more here (13 more index descents), with no rows skipped to save. Not with
      // district and specialty together: urgency and text are then tested on that index's own
      // columns, which only a scan of the index alone does without visiting each row it skips.
      const first = db
        .select({ ...jobOwnColumns })
        .from(source)
        .where(open)
        .orderBy(...newest)
        .limit(pageWindow.limit)
        .as('first');
      return db
        .select({ ...fieldsOf(first, jobOwnColumns), clienteNome: clientes.nome })
        .from(first)
        .leftJoin(clientes, eq(clientes.id, first.clienteId))
        .orderBy(desc(first.criadoEm), desc(first.id));
    }
    // A later page: its ids first (from the index alone), then the details of those rows only: a deep
    // page would otherwise read every row it skips.
    const page = idsOf(plan, pageWindow);
    return db
      .select({ ...jobColumns })
      .from(page)
      .innerJoin(requests, eq(requests.id, page.pageId))
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .orderBy(desc(page.pageCriadoEm), desc(page.pageId));
  };
  // With text too the statement is built once, but sent unnamed: PostgreSQL plans it for the word typed.
  const base = `jobs_${term ? `q${words.length}` : ''}${f.especialidade ? 'e' : ''}${bairro ? 'b' : ''}${f.tempo ? 't' : ''}`;
  const shape = `${base}_${pageWindow.key}`;
  const runAs = (plan: TextPlan) => prepared(db, planShape(shape, plan), () => build(plan).prepare(term ? '' : shape)).execute(values);
  // Several words (not with district and specialty together, a few thousand jobs walked anyway): the
  // newest WALK_ROWS open jobs first, every match only when the page is not among them (TextPlan).
  const run = () => searchBySteps(words.length > 1 && !walkFiltered, f.pageSize, runAs);
  const filters = [words, f.especialidade, bairro, f.tempo];
  const read = async () => {
    let rows: Awaited<ReturnType<typeof runAs>>;
    if (term && searches && f.page > 1) {
      // A later page by text: the ids of its block of pages (laterPageBlock), found once and kept, so
      // that paging on through a common word does not plan and walk the matches again for each page;
      // then the page's rows by id (and the next page's first).
      const block = laterPageBlock(f.page, f.pageSize);
      const blockValues = { ...values, ...block.window.values };
      const blockAs = (plan: TextPlan) =>
        prepared(db, planShape(`${base}_${block.window.key}_ids`, plan), () => {
          const page = idsOf(plan, block.window);
          return db.select({ id: page.pageId }).from(page).orderBy(desc(page.pageCriadoEm), desc(page.pageId)).prepare('');
        }).execute(blockValues);
      const key = `jobs:${JSON.stringify([...filters, 'bloco', block.first, f.pageSize])}`;
      const ids = await searches.get(key, async () =>
        (await searchBySteps(words.length > 1 && !walkFiltered, f.pageSize, blockAs, block.rows)).map((r) => r.id),
      );
      rows = await openJobsByIds(db, ids.slice(block.skip, block.skip + f.pageSize + 1));
    } else rows = await run();
    // toDto reads the fields it shows (no rest-destructuring: V8 copies an object minus some keys slowly).
    return pageOf(
      rows.map((r) => toDto(r, { revealContact: false })),
      f.page,
      f.pageSize,
    );
  };
  return searches ? searches.get(`jobs:${JSON.stringify([...filters, f.page, f.pageSize])}`, read) : read();
}

/** Open jobs by id, in job search's order: a later page by text, from its kept block of ids. */
function openJobsByIds(db: Db, ids: number[]) {
  return prepared(db, 'jobs_by_ids', () =>
    db
      .select({ ...jobColumns })
      .from(requests)
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .where(
        and(
          sql`${requests.id} = any(${sql.placeholder('ids')}::int[])`,
          sql`${requests.status} = 'ABERTO'`,
          isNotNull(requests.creditos),
          isNull(requests.escolhidoId),
        ),
      )
      .orderBy(desc(requests.criadoEm), desc(requests.id))
      .prepare('jobs_by_ids'),
  ).execute({ ids: `{${ids.join(',')}}` });
}

/** How many of a professional's latest applications openApplicationIds looks at. */
export const OPEN_APPLICATIONS_MAX = 500;

/**
 * The open jobs (those job search can list) this professional applied to, most recent application
 * first: job search's pages are the same for everyone, and his screen marks these ids "Já se
 * candidatou" itself. Only his latest OPEN_APPLICATIONS_MAX applications are looked at: a job he
 * applied to before those still says so on its own page.
 */
export async function openApplicationIds(db: Db, profissionalId: number) {
  const rows = await prepared(db, 'open_application_ids', () => {
    const mine = db
      .select({ requestId: candidaturas.requestId, criadoEm: candidaturas.criadoEm, id: candidaturas.id })
      .from(candidaturas)
      .where(eq(candidaturas.profissionalId, sql.placeholder('profissionalId')))
      .orderBy(desc(candidaturas.criadoEm), desc(candidaturas.id))
      .limit(OPEN_APPLICATIONS_MAX)
      .as('mine');
    return db
      .select({ id: mine.requestId })
      .from(mine)
      .innerJoin(requests, eq(requests.id, mine.requestId))
      .where(and(sql`${requests.status} = 'ABERTO'`, isNotNull(requests.creditos), isNull(requests.escolhidoId)))
      .orderBy(desc(mine.criadoEm), desc(mine.id))
      .prepare('open_application_ids');
  }).execute({ profissionalId });
  return { ids: rows.map((r) => r.id) };
}
