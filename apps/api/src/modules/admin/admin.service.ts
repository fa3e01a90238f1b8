import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { specialtyLabel } from '@tc/shared';
import type { Db } from '../../db/client';
import { admins, auditLog, clientes, profissionais, requests, requestsBusca } from '../../db/schema';
import { publicFileUrl } from '../../lib/storage';
import { pageOf, pageWindow } from '../../db/paging';
import { fieldsOf, runList } from '../../db/prepared';
import { requestOwnColumns, toDto } from '../requests/requests.service';
import { containsFolded, containsLower, everyWord, foundApart, idIn, sortedKey, walkedTable, wordFilters, type TextPlan, type Words } from '../../db/search';
import type { TtlCache } from '../../lib/ttl-cache';
import { iso } from '../../lib/iso';

/** toDto's card as an admin sees it (the contact revealed), with the specialty's label and the client's confirmation. */
type AdminCard = Omit<ReturnType<typeof toDto>, 'cliente' | 'contato'> & {
  contato: string;
  especialidadeLabel: string;
  cliente: { nome: string; email: string | null; emailConfirmado: boolean } | null;
};

/**
 * The back office's lists: projects, clients, professionals and the audit log. Review moderation is
 * modules/reviews/moderation.service.ts, document verification modules/profissionais/verification.service.ts,
 * the figures ./stats.service.ts.
 */

type ProjectStatus = 'ESPERA' | 'ABERTO' | 'CONCLUIDO';

export async function listProjects(db: Db, f: { q?: string; status?: ProjectStatus; page: number; pageSize: number }, searches?: TtlCache) {
  const build = (status: unknown, words: Words, ids: unknown, offset: unknown, plan: TextPlan) => {
    const urgente = sql<boolean>`(${requests.tempo} in ('PIQUETE', 'AVARIA'))`;
    const others = and(status === undefined ? undefined : eq(requests.status, status as ProjectStatus), idIn(requests.id, ids));
    // Title, city, district and the client's name in one text of its own table (migration 0033), each word.
    const where = and(others, foundApart(requests.id, { table: requestsBusca, key: requestsBusca.requestId, texto: requestsBusca.texto }, words, plan));
    // The enum's order (ESPERA, ABERTO, CONCLUIDO) is the back office's order: pending first; within
    // a status, emergencies ("Urgente 24h") first. The same expressions as requests_status_idx.
    const order: (SQL | PgColumn)[] = [requests.status, sql`${urgente} desc`, desc(requests.criadoEm), desc(requests.id)];
    const source = walkedTable(db, requests, plan, others, order);
    const ordered = [sortedKey(requests.status, plan), ...order.slice(1)];
    const { limit } = pageWindow(f.page, f.pageSize);
    const client = {
      clienteNome: clientes.nome,
      clienteEmail: clientes.email,
      clienteConfirmado: sql<boolean>`${clientes.emailConfirmadoEm} is not null`,
    };
    if (offset === undefined) {
      // The first page (and a text search's kept ids): its rows whole, in the index's order, nothing
      // skipped, so not read again by key; then the client of those rows only (a search by a common
      // word matches a seventh of all projects: joining each before the page is cut cost more than
      // the search).
      const first = db
        .select({ ...requestOwnColumns, firstUrgente: urgente.as('first_urgente') })
        .from(source)
        .where(where)
        .orderBy(...ordered)
        .limit(limit)
        .as('first');
      return (
        db
          .select({ ...fieldsOf(first, requestOwnColumns), ...client })
          .from(first)
          .leftJoin(clientes, eq(clientes.id, first.clienteId))
          // (With a status filter the status is one value: left out, or PostgreSQL would sort the page again.)
          .orderBy(...(status === undefined ? [first.status] : []), desc(first.firstUrgente), desc(first.criadoEm), desc(first.id))
      );
    }
    // A later page: its ids first, from requests_status_idx alone (it carries tempo, so PostgreSQL
    // reads the index without visiting the rows it skips: page 500, 28 → 0.8 ms), then those rows by key.
    const page = db
      .select({ pageId: requests.id, pageStatus: requests.status, pageUrgente: urgente.as('page_urgente'), pageCriadoEm: requests.criadoEm })
      .from(source)
      .where(where)
      .orderBy(...ordered)
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return db
      .select({ ...requestOwnColumns, ...client })
      .from(page)
      .innerJoin(requests, eq(requests.id, page.pageId))
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      .orderBy(...(status === undefined ? [page.pageStatus] : []), desc(page.pageUrgente), desc(page.pageCriadoEm), desc(page.pageId));
  };
  const rows = await runList(
    db,
    'admin_projects',
    { page: f.page, pageSize: f.pageSize, filters: { status: f.status, ...wordFilters(f.q) }, searches },
    (v, offset, plan) => build(v('status', 'project_status'), (match) => everyWord(v, match), v('ids'), offset, plan),
  );
  return pageOf(
    // toDto's card with two fields set on it (no spread: docs/decisions/0006). Not as the owner: the
    // chosen applicant is not part of the back office's card.
    rows.map((r) => {
      // Both fields are set just below.
      const card = toDto(r, { revealContact: true }) as AdminCard;
      card.especialidadeLabel = specialtyLabel(r.especialidade);
      // An unconfirmed e-mail keeps the project out of approval ("E-mail por confirmar").
      card.cliente = r.clienteNome === null ? null : { nome: r.clienteNome, email: r.clienteEmail, emailConfirmado: !!r.clienteConfirmado };
      return card;
    }),
    f.page,
    f.pageSize,
  );
}

export async function listClientes(db: Db, f: { q?: string; page: number; pageSize: number }, searches?: TtlCache) {
  const { limit } = pageWindow(f.page, f.pageSize);
  const build = (words: Words, ids: unknown, offset: unknown, plan: TextPlan) => {
    // The page's clients first, then their count of projects: a count in the same select is made for
    // every client an OFFSET skips too.
    const page = db
      .select({ pageId: clientes.id, pageCriadoEm: clientes.criadoEm })
      .from(walkedTable(db, clientes, plan, idIn(clientes.id, ids), [desc(clientes.criadoEm), desc(clientes.id)]))
      .where(
        and(
          words((word) => sql`(${containsFolded(clientes.busca, word)} or ${containsLower(clientes.email, word)})`),
          idIn(clientes.id, ids),
        ),
      )
      .orderBy(desc(sortedKey(clientes.criadoEm, plan)), desc(clientes.id))
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return db
      .select({
        id: clientes.id,
        nome: clientes.nome,
        email: clientes.email,
        telefone: clientes.telefone,
        fotoKey: clientes.fotoKey,
        criadoEm: clientes.criadoEm,
        emailConfirmadoEm: clientes.emailConfirmadoEm,
        projetos: sql<number>`(select count(*)::int from requests r where r.cliente_id = clientes.id)`,
      })
      .from(page)
      .innerJoin(clientes, eq(clientes.id, page.pageId))
      .orderBy(desc(page.pageCriadoEm), desc(page.pageId));
  };
  const rows = await runList(db, 'admin_clientes', { page: f.page, pageSize: f.pageSize, filters: wordFilters(f.q), searches }, (v, offset, plan) =>
    build((match) => everyWord(v, match), v('ids'), offset, plan),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      nome: r.nome,
      email: r.email,
      telefone: r.telefone,
      fotoUrl: publicFileUrl(r.fotoKey),
      criadoEm: iso(r.criadoEm),
      projetos: Number(r.projetos),
      emailConfirmado: r.emailConfirmadoEm !== null,
      emailConfirmadoEm: r.emailConfirmadoEm ? iso(r.emailConfirmadoEm) : null,
    })),
    f.page,
    f.pageSize,
  );
}

export async function listProfissionaisAdmin(
  db: Db,
  f: { q?: string; verificacao?: 'PENDENTE' | 'VERIFICADO' | 'RECUSADO'; page: number; pageSize: number },
  searches?: TtlCache,
) {
  const { limit } = pageWindow(f.page, f.pageSize);
  const build = (verificacao: unknown, words: Words, ids: unknown, offset: unknown, plan: TextPlan) => {
    const columns = {
      id: profissionais.id,
      nome: profissionais.nome,
      email: profissionais.email,
      telefone: profissionais.telefone,
      cidade: profissionais.cidade,
      bairro: profissionais.bairro,
      especialidades: profissionais.especialidades,
      fotoKey: profissionais.fotoKey,
      notaMedia: profissionais.notaMedia,
      verificacao: profissionais.verificacao,
      verificadoEm: profissionais.verificadoEm,
      criadoEm: profissionais.criadoEm,
      temFrente: sql<boolean>`${profissionais.ccFrenteKey} is not null`,
      temVerso: sql<boolean>`${profissionais.ccVersoKey} is not null`,
      verificadoPorNome: admins.nome,
    };
    const others = and(verificacao === undefined ? undefined : eq(profissionais.verificacao, verificacao as 'PENDENTE'), idIn(profissionais.id, ids));
    const where = and(
      others,
      words((word) => sql`(${containsFolded(profissionais.busca, word)} or ${containsLower(profissionais.email, word)})`),
    );
    // Pending verifications first, then newest (profissionais_admin_idx / profissionais_verificacao_idx).
    const pendingLast = sql<boolean>`(${profissionais.verificacao} is distinct from 'PENDENTE')`;
    const firstKey = verificacao === undefined ? pendingLast : profissionais.verificacao;
    const source = walkedTable(db, profissionais, plan, others, [firstKey, desc(profissionais.criadoEm), desc(profissionais.id)]);
    const order = [sortedKey(firstKey, plan), desc(profissionais.criadoEm), desc(profissionais.id)];
    if (offset === undefined) {
      // The first page (and a text search's kept ids): its rows whole, nothing skipped.
      return db
        .select(columns)
        .from(source)
        .leftJoin(admins, eq(admins.id, profissionais.verificadoPor))
        .where(where)
        .orderBy(...order)
        .limit(limit);
    }
    // A later page: its ids first, from the order's index alone (profissionais_admin_idx carries
    // verificacao, so the rows skipped are not visited: page 300, 10 → 1 ms), then those rows by key.
    const page = db
      .select({ pageId: profissionais.id, pageLast: pendingLast.as('page_last'), pageCriadoEm: profissionais.criadoEm })
      .from(source)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return (
      db
        .select(columns)
        .from(page)
        .innerJoin(profissionais, eq(profissionais.id, page.pageId))
        .leftJoin(admins, eq(admins.id, profissionais.verificadoPor))
        // (With a status filter the status is one value: left out, or PostgreSQL would sort the page again.)
        .orderBy(...(verificacao === undefined ? [page.pageLast] : []), desc(page.pageCriadoEm), desc(page.pageId))
    );
  };
  const rows = await runList(
    db,
    'admin_profissionais',
    { page: f.page, pageSize: f.pageSize, filters: { verificacao: f.verificacao, ...wordFilters(f.q) }, searches },
    (v, offset, plan) => build(v('verificacao', 'verification_status'), (match) => everyWord(v, match), v('ids'), offset, plan),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      nome: r.nome,
      email: r.email,
      telefone: r.telefone,
      cidade: r.cidade,
      bairro: r.bairro,
      especialidades: r.especialidades,
      especialidadesLabels: r.especialidades.map(specialtyLabel),
      fotoUrl: publicFileUrl(r.fotoKey),
      notaMedia: r.notaMedia,
      verificacao: r.verificacao,
      verificadoEm: r.verificadoEm ? iso(r.verificadoEm) : null,
      criadoEm: iso(r.criadoEm),
      temFrente: !!r.temFrente,
      temVerso: !!r.temVerso,
      verificadoPorNome: r.verificadoPorNome,
    })),
    f.page,
    f.pageSize,
  );
}

export async function listAudit(db: Db, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const columns = {
    id: auditLog.id,
    actorTipo: auditLog.actorTipo,
    actorId: auditLog.actorId,
    acao: auditLog.acao,
    alvoTipo: auditLog.alvoTipo,
    alvoId: auditLog.alvoId,
    detalhes: auditLog.detalhes,
    criadoEm: auditLog.criadoEm,
    adminNome: admins.nome,
  };
  const byAdmin = and(eq(auditLog.actorTipo, 'admin'), eq(admins.id, auditLog.actorId));
  const rows = await runList(db, 'admin_audit', { page, pageSize, filters: {} }, (_v, offset) => {
    if (offset === undefined) {
      return db.select(columns).from(auditLog).leftJoin(admins, byAdmin).orderBy(desc(auditLog.criadoEm), desc(auditLog.id)).limit(limit);
    }
    // A later page: its ids first, from audit_criado_idx alone, then those entries and their admin:
    // joined before the OFFSET, page 500 looked up the admin of the 6,000 entries it skips (3.4 ms).
    const cut = db
      .select({ pageId: auditLog.id, pageCriadoEm: auditLog.criadoEm })
      .from(auditLog)
      .orderBy(desc(auditLog.criadoEm), desc(auditLog.id))
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return db
      .select(columns)
      .from(cut)
      .innerJoin(auditLog, eq(auditLog.id, cut.pageId))
      .leftJoin(admins, byAdmin)
      .orderBy(desc(cut.pageCriadoEm), desc(cut.pageId));
  });
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      actorTipo: r.actorTipo,
      actorId: r.actorId,
      acao: r.acao,
      alvoTipo: r.alvoTipo,
      alvoId: r.alvoId,
      detalhes: r.detalhes,
      criadoEm: iso(r.criadoEm),
      adminNome: r.adminNome,
    })),
    page,
    pageSize,
  );
}
