import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LEAD_REPORT_DAYS, type AdminLeadReport, type LeadReportMotivo, type LeadReportSummary, type ProjectStatus } from '@tc/shared';
import type { Db } from '../../db/client';
import { candidaturas, clientes, leadReports, profissionais, requests } from '../../db/schema';
import { pageIds, pageOf, pageWindow } from '../../db/paging';
import { runList } from '../../db/prepared';
import { conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { audit } from '../audit/audit.service';
import { notify } from '../notificacoes/notify';
import { refundReportedLead } from '../creditos/refunds';

/**
 * "No dead leads" (issue 10, docs/decisions/0003): a professional who paid for a contact that leads
 * nowhere reports it within LEAD_REPORT_DAYS days of applying; an admin refunds it with one click or
 * refuses it. The refund itself is modules/creditos/refunds.ts's, whose guard on `candidaturas.reembolsado_em`
 * also covers the automatic refunds of a deleted or cancelled project: an application is refunded
 * once, whichever comes first.
 */

export const LEAD_MSG = {
  candidaturaNaoEncontrada: 'Candidatura não encontrada.',
  reporteNaoEncontrado: 'Reporte não encontrado.',
  jaReembolsada: 'Esta candidatura já foi reembolsada.',
  jaReportado: 'Já reportou este contacto. A nossa equipa está a analisar o seu pedido.',
  escolhido: 'O cliente escolheu-o para este projeto: não é possível reportar o contacto.',
  prazo: `Só pode reportar um contacto nos ${LEAD_REPORT_DAYS} dias seguintes à candidatura.`,
  jaDecidido: 'Este reporte já foi decidido.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

type ReportRow = { id: number; motivo: string; estado: string; criadoEm: Date };
const summary = (r: ReportRow): LeadReportSummary => ({
  id: r.id,
  motivo: r.motivo as LeadReportSummary['motivo'],
  estado: r.estado as LeadReportSummary['estado'],
  criadoEm: r.criadoEm.toISOString(),
});

/** The professional reports one of its own applications (POST /candidaturas/:id/reportar). */
export async function reportLead(db: Db, candidaturaId: number, profissionalId: number, body: { motivo: LeadReportMotivo; nota?: string }, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      // The application's row, locked: a refund of it (a deletion) waits, or has already happened.
      const found = await tx.execute<{
        profissional_id: number | null;
        request_id: number;
        criado_em: string | Date;
        reembolsado_em: string | Date | null;
        escolhido_id: number | null;
      }>(sql`
        select c.profissional_id, c.request_id, c.criado_em, c.reembolsado_em, r.escolhido_id
        from candidaturas c join requests r on r.id = c.request_id
        where c.id = ${candidaturaId} for update of c`);
      const c = found.rows[0];
      if (!c || Number(c.profissional_id) !== profissionalId) throw notFound(LEAD_MSG.candidaturaNaoEncontrada);
      if (c.reembolsado_em !== null) throw conflict('ALREADY_REFUNDED', LEAD_MSG.jaReembolsada);
      const [existing] = await tx.select({ id: leadReports.id }).from(leadReports).where(eq(leadReports.candidaturaId, candidaturaId));
      if (existing) throw conflict('ALREADY_REPORTED', LEAD_MSG.jaReportado);
      if (c.escolhido_id !== null && Number(c.escolhido_id) === profissionalId) throw conflict('CHOSEN', LEAD_MSG.escolhido);
      if (now.getTime() - new Date(c.criado_em).getTime() > LEAD_REPORT_DAYS * DAY_MS) throw conflict('REPORT_WINDOW_CLOSED', LEAD_MSG.prazo);
      const [row] = await tx
        .insert(leadReports)
        .values({ candidaturaId, requestId: Number(c.request_id), profissionalId, motivo: body.motivo, nota: body.nota ?? null, criadoEm: now })
        .returning({ id: leadReports.id, motivo: leadReports.motivo, estado: leadReports.estado, criadoEm: leadReports.criadoEm });
      await notify(tx, { tipo: 'admin_lead_reportado', reportId: row.id }, now);
      return summary(row);
    });
  } catch (e) {
    // Two reports of the same application at once: the unique index lets one through.
    if (isUniqueViolation(e)) throw conflict('ALREADY_REPORTED', LEAD_MSG.jaReportado);
    throw e;
  }
}

const decider = sql`(select a.nome from admins a where a.id = ${leadReports.decididoPor})`;
const columns = {
  id: leadReports.id,
  candidaturaId: leadReports.candidaturaId,
  motivo: leadReports.motivo,
  nota: leadReports.nota,
  estado: leadReports.estado,
  criadoEm: leadReports.criadoEm,
  decididoEm: leadReports.decididoEm,
  decididoPorNome: sql<string | null>`${decider}`,
  creditos: candidaturas.creditos,
  candidatadoEm: candidaturas.criadoEm,
  reembolsadoEm: candidaturas.reembolsadoEm,
  profId: profissionais.id,
  profNome: profissionais.nome,
  profEmail: profissionais.email,
  reqId: requests.id,
  reqTitulo: requests.titulo,
  reqStatus: requests.status,
  reqContato: requests.contato,
  clienteNome: clientes.nome,
};
type Row = {
  id: number;
  candidaturaId: number;
  motivo: string;
  nota: string | null;
  estado: string;
  criadoEm: Date;
  decididoEm: Date | null;
  decididoPorNome: string | null;
  creditos: number;
  candidatadoEm: Date;
  reembolsadoEm: Date | null;
  profId: number | null;
  profNome: string | null;
  profEmail: string | null;
  reqId: number | null;
  reqTitulo: string | null;
  reqStatus: ProjectStatus | null;
  reqContato: string | null;
  clienteNome: string | null;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toAdmin = (r: Row): AdminLeadReport => ({
  id: r.id,
  candidaturaId: r.candidaturaId,
  motivo: r.motivo as AdminLeadReport['motivo'],
  nota: r.nota,
  estado: r.estado as AdminLeadReport['estado'],
  criadoEm: iso(r.criadoEm)!,
  decididoEm: iso(r.decididoEm),
  decididoPorNome: r.decididoPorNome,
  creditos: r.creditos,
  candidatadoEm: iso(r.candidatadoEm)!,
  reembolsadoEm: iso(r.reembolsadoEm),
  profissional: r.profId === null ? null : { id: r.profId, nome: r.profNome!, email: r.profEmail! },
  projeto: r.reqId === null ? null : { id: r.reqId, titulo: r.reqTitulo!, status: r.reqStatus!, contato: r.reqContato!, clienteNome: r.clienteNome },
});

/**
 * Reports with their application, professional, project and client: the page's ids first, in `order`
 * (db/paging pageIds; from lead_reports_admin_idx alone for the queue), then those reports only. One
 * report: `limit` 1, its id in `where`.
 */
function reports(db: Db, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset?: unknown) {
  const page = pageIds(db, leadReports.id, where, order, limit, offset);
  return db
    .select(columns)
    .from(page)
    .innerJoin(leadReports, eq(leadReports.id, page.pageId))
    .innerJoin(candidaturas, eq(candidaturas.id, leadReports.candidaturaId))
    .leftJoin(profissionais, eq(profissionais.id, leadReports.profissionalId))
    .leftJoin(requests, eq(requests.id, leadReports.requestId))
    .leftJoin(clientes, eq(clientes.id, requests.clienteId))
    .orderBy(...order);
}

/** "Leads reportados": the ones to decide first, then newest (lead_reports_admin_idx). */
export async function listLeadReports(db: Db, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const order = [sql`(${leadReports.estado} <> 'ABERTO')`, desc(leadReports.criadoEm), desc(leadReports.id)];
  const rows = await runList(db, 'lead_reports', { page, pageSize, filters: {} }, (_v, offset) => reports(db, undefined, order, limit, offset));
  return pageOf(rows.map(toAdmin), page, pageSize);
}

async function readReport(db: Db, id: number) {
  const [row] = await reports(db, eq(leadReports.id, id), [leadReports.id], 1);
  if (!row) throw notFound(LEAD_MSG.reporteNaoEncontrado);
  return toAdmin(row);
}

/**
 * "Reembolsar": one click gives the application's credits back (ledger line, balance) and tells the
 * professional. Twice (a double click, two admins) refunds once: the second waits on the
 * application's row, then finds it refunded and gets 409.
 */
export async function refundLeadReport(db: Db, id: number, adminId: number, now: Date) {
  await db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        candidaturaId: leadReports.candidaturaId,
        estado: leadReports.estado,
        requestId: leadReports.requestId,
        titulo: requests.titulo,
        motivo: leadReports.motivo,
      })
      .from(leadReports)
      .leftJoin(requests, eq(requests.id, leadReports.requestId))
      .where(eq(leadReports.id, id));
    if (!report) throw notFound(LEAD_MSG.reporteNaoEncontrado);
    if (report.estado !== 'ABERTO') throw conflict('ALREADY_DECIDED', LEAD_MSG.jaDecidido);
    const titulo = report.titulo ?? `projeto n.º ${report.requestId}`;
    // The project's row first, as deleting or cancelling the project does (its row, then the balances,
    // then the applications). Otherwise this claimed the application and then waited for its balance,
    // which a deletion of the project held while it waited for that application: a deadlock, and one
    // of the two answered 500. Now one waits for the other; after a deletion the application is
    // already refunded (and gone) and this answers 409.
    await tx.execute(sql`select 1 from requests where id = ${report.requestId} for key share`);
    // The guard: the application row is claimed (reembolsado_em) before any credit moves.
    const refund = await refundReportedLead(tx, report.candidaturaId, titulo, adminId, now);
    if (!refund) throw conflict('ALREADY_REFUNDED', LEAD_MSG.jaReembolsada);
    // Refused meanwhile by another admin (it waited on this report's row): nothing happened.
    const decided = await tx
      .update(leadReports)
      .set({ estado: 'REEMBOLSADO', decididoEm: now, decididoPor: adminId })
      .where(and(eq(leadReports.id, id), eq(leadReports.estado, 'ABERTO')))
      .returning({ id: leadReports.id });
    if (decided.length === 0) throw conflict('ALREADY_DECIDED', LEAD_MSG.jaDecidido);
    await notify(
      tx,
      {
        tipo: 'reembolso',
        profissionalId: refund.profissionalId,
        requestId: refund.requestId,
        titulo,
        creditos: refund.creditos,
        motivo: 'Contacto reportado',
      },
      now,
    );
    await audit(tx, { tipo: 'admin', id: adminId }, 'LEAD_REEMBOLSADO', 'lead_report', id, { candidatura: report.candidaturaId, creditos: refund.creditos });
  });
  return readReport(db, id);
}

/** "Recusar": the report is closed without a refund. */
export async function refuseLeadReport(db: Db, id: number, adminId: number, now: Date) {
  await db.transaction(async (tx) => {
    const decided = await tx
      .update(leadReports)
      .set({ estado: 'RECUSADO', decididoEm: now, decididoPor: adminId })
      .where(and(eq(leadReports.id, id), eq(leadReports.estado, 'ABERTO')))
      .returning({ id: leadReports.id });
    if (decided.length === 0) {
      const [exists] = await tx.select({ id: leadReports.id }).from(leadReports).where(eq(leadReports.id, id));
      if (!exists) throw notFound(LEAD_MSG.reporteNaoEncontrado);
      throw conflict('ALREADY_DECIDED', LEAD_MSG.jaDecidido);
    }
    await audit(tx, { tipo: 'admin', id: adminId }, 'LEAD_RECUSADO', 'lead_report', id);
  });
  return readReport(db, id);
}
