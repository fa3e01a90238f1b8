import { desc, eq, sql } from 'drizzle-orm';
import { M, MAX_APPLICANTS, type ApplicationOutcome, type LeadReportEstado, type LeadReportMotivo } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import { runNamed } from '../../db/prepared';
import { executeNamed } from '../../db/prepared';
import type { Db } from '../../db/client';
import { candidaturas, clientes, creditLedger, leadReports, requests, subscriptions } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { notificationCtes, novaCandidaturaDelivery, projetoLotadoDelivery, type ApplicationNewsRow } from '../notificacoes/notify';
import { recomputeRespostaRapida } from '../selos/selos.service';

export async function getSubscription(db: Db, profissionalId: number) {
  const [sub] = await db
    .select({ id: subscriptions.id, creditosRestantes: subscriptions.creditosRestantes, criadoEm: subscriptions.criadoEm })
    .from(subscriptions)
    .where(eq(subscriptions.profissionalId, profissionalId));
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  return sub;
}

/**
 * Applying to a project, in one transaction (DESIGN §3): the project row is locked first (so its
 * 5 places are counted by one application at a time), then the balance row (so one professional's
 * concurrent applications spend one after the other). Every rule is checked under those locks;
 * any failure rolls back and changes nothing. The price is the project's, never the client's.
 * Two statements between BEGIN and COMMIT (each a round trip while the project's lock is held):
 * the locked read, then the count of places with, when they allow it, the debit, the application,
 * its ledger line and the client's notifications.
 */
export async function applyToRequest(db: Db, profissionalId: number, requestId: number, now: Date = new Date()) {
  const result = await applyLocked(db, profissionalId, requestId, now);
  // "Resposta rápida" counts this application: recomputed after the commit, outside the project's lock.
  // The application stands even if this fails (the daily sweep catches up).
  await recomputeRespostaRapida(db, profissionalId, now).catch(() => undefined);
  return result;
}

async function applyLocked(db: Db, profissionalId: number, requestId: number, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      // 1. The project, locked, with what the professional is paying to see and what the client's message says of him.
      const locked = await executeNamed<
        ApplicationNewsRow & { status: string; creditos: number | null; escolhido_id: number | null; contato: string; cliente_nome: string }
      >(
        tx,
        sql`
        select r.status, r.creditos, r.escolhido_id, r.titulo, r.contato, r.cliente_id, c.nome as cliente_nome, c.email,
          p.nome, p.nota_media, p.total_avaliacoes, p.verificacao, p.selos, p.cidade
        from requests r join clientes c on c.id = r.cliente_id left join profissionais p on p.id = ${profissionalId}
        where r.id = ${requestId} for update of r`,
      );
      const req = locked.rows[0];
      if (!req) throw notFound(M.chamadoNaoEncontrado);
      if (req.status !== 'ABERTO' || req.creditos === null) throw conflict('NOT_OPEN', M.projetoIndisponivel);
      // The client already chose who does the job: a new contact would be a lead paid for nothing.
      if (req.escolhido_id !== null) throw conflict('ALREADY_CHOSEN', 'O cliente já escolheu um profissional para este projeto.');
      const price = Number(req.creditos);

      // 2. In one statement, started once the lock above was granted (so its snapshot sees every
      // application committed before): the places taken and whether one is mine; then, only if there is
      // a place, it is not mine and the balance covers the price, the debit (the UPDATE locks the balance
      // row; the CHECK saldo >= 0 stays the last line of defence), the application, its ledger line and
      // the client's news (with the last place, also that the project is full).
      const news: Parameters<typeof notificationCtes>[0] = [
        { kind: 'nova_candidatura', d: novaCandidaturaDelivery({ requestId, profissionalId }, req) },
        { kind: 'projeto_lotado', d: projetoLotadoDelivery({ requestId }, req) },
      ];
      const written = await executeNamed<{ n: number; mine: boolean; id: number | null; ms: string | null; saldo: number | null }>(
        tx,
        sql`
        with places as (
          select count(*)::int as n, coalesce(bool_or(profissional_id = ${profissionalId}), false) as mine
          from candidaturas where request_id = ${requestId}
        ), debit as (
          update subscriptions set creditos_restantes = creditos_restantes - ${price}
          where profissional_id = ${profissionalId} and creditos_restantes >= ${price}
            and (select n from places) < ${MAX_APPLICANTS} and not (select mine from places)
          returning id, creditos_restantes as saldo
        ), cand as (
          insert into candidaturas (request_id, profissional_id, subscription_id, creditos)
          select ${requestId}, ${profissionalId}, id, ${price} from debit
          returning id, criado_em
        ), ledger as (
          insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, descricao)
          select id, ${profissionalId}, 'CANDIDATURA', ${-price}, saldo, ${requestId}, ${req.titulo} from debit
        ), ${notificationCtes(news, now, sql`exists (select 1 from debit) and (nd.kind <> 'projeto_lotado' or (select n from places) = ${MAX_APPLICANTS - 1})`)}
        select places.n, places.mine, cand.id, (extract(epoch from cand.criado_em) * 1000)::bigint as ms, debit.saldo
        from places left join (debit cross join cand) on true`,
      );
      const out = written.rows[0];
      if (out.mine) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
      if (Number(out.n) >= MAX_APPLICANTS) throw conflict('PROJECT_FULL', M.projetoCheio);
      if (out.id === null) {
        const [exists] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.profissionalId, profissionalId));
        if (!exists) throw notFound(M.profissionalNaoIdentificado);
        throw new AppError(402, 'INSUFFICIENT_CREDITS', M.creditosInsuficientes);
      }
      const cand = { id: out.id, ms: out.ms, saldo: out.saldo };
      return {
        id: Number(cand.id),
        requestId,
        creditosGastos: price,
        creditosRestantes: Number(cand.saldo),
        criadoEm: new Date(Number(cand.ms)).toISOString(),
        contato: req.contato,
        cliente: { nome: req.cliente_nome, email: req.email },
        message: M.candidaturaOk,
      };
    });
  } catch (e) {
    // Two simultaneous first applications by the same professional: the unique index decides.
    if (isUniqueViolation(e)) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
    throw e;
  }
}

/**
 * What came of an application: refunded first (the credits came back, whatever else happened), then
 * chosen / another was chosen, then closed (concluded without choosing anyone), else still open.
 */
export function applicationOutcome(
  profissionalId: number,
  r: { reembolsadoEm: Date | null; escolhidoId: number | null; status: 'ESPERA' | 'ABERTO' | 'CONCLUIDO' },
): ApplicationOutcome {
  if (r.reembolsadoEm) return 'REEMBOLSADO';
  if (r.escolhidoId === profissionalId) return 'ESCOLHIDO';
  if (r.escolhidoId !== null) return 'NAO_ESCOLHIDO';
  return r.status === 'CONCLUIDO' ? 'FECHADO' : 'EM_ABERTO';
}

/** The professional's applications, newest first, with the revealed contact and the outcome, a page at a time. */
export async function listApplications(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await runNamed(
    db
      .select({
        id: candidaturas.id,
        criadoEm: candidaturas.criadoEm,
        creditos: candidaturas.creditos,
        reembolsadoEm: candidaturas.reembolsadoEm,
        requestId: requests.id,
        titulo: requests.titulo,
        descricao: requests.descricao,
        cidade: requests.cidade,
        bairro: requests.bairro,
        especialidade: requests.especialidade,
        status: requests.status,
        tempo: requests.tempo,
        contato: requests.contato,
        clienteNome: clientes.nome,
        clienteEmail: clientes.email,
        escolhidoId: requests.escolhidoId,
        reporteId: leadReports.id,
        reporteMotivo: leadReports.motivo,
        reporteEstado: leadReports.estado,
        reporteEm: leadReports.criadoEm,
      })
      .from(candidaturas)
      .innerJoin(requests, eq(requests.id, candidaturas.requestId))
      .leftJoin(clientes, eq(clientes.id, requests.clienteId))
      // "Reportar contacto": at most one report per application (unique).
      .leftJoin(leadReports, eq(leadReports.candidaturaId, candidaturas.id))
      .where(eq(candidaturas.profissionalId, profissionalId))
      .orderBy(desc(candidaturas.criadoEm), desc(candidaturas.id))
      .limit(limit)
      .offset(offset),
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      criadoEm: r.criadoEm.toISOString(),
      creditos: r.creditos,
      resultado: applicationOutcome(profissionalId, r),
      reembolsadoEm: r.reembolsadoEm?.toISOString() ?? null,
      reporte:
        r.reporteId === null
          ? null
          : {
              id: r.reporteId,
              motivo: r.reporteMotivo as LeadReportMotivo,
              estado: r.reporteEstado as LeadReportEstado,
              criadoEm: r.reporteEm!.toISOString(),
            },
      request: {
        id: r.requestId,
        titulo: r.titulo,
        descricao: r.descricao,
        cidade: r.cidade,
        bairro: r.bairro,
        especialidade: r.especialidade,
        status: r.status,
        tempo: r.tempo,
        contato: r.contato,
        cliente: r.clienteNome === null ? null : { nome: r.clienteNome, email: r.clienteEmail },
      },
    })),
    page,
    pageSize,
  );
}

/**
 * Adds credits with a ledger line. Used by payment fulfilment and admin adjustments, always inside
 * the caller's transaction so the reason for the credit is committed together with it.
 */
export async function grantCredits(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  profissionalId: number,
  amount: number,
  tipo: 'COMPRA' | 'AJUSTE',
  ref: { paymentId?: number; adminId?: number; descricao: string },
) {
  const [sub] = await tx
    .update(subscriptions)
    .set({ creditosRestantes: sql`${subscriptions.creditosRestantes} + ${amount}` })
    .where(eq(subscriptions.profissionalId, profissionalId))
    .returning({ id: subscriptions.id, saldo: subscriptions.creditosRestantes });
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  await tx.insert(creditLedger).values({
    subscriptionId: sub.id,
    profissionalId,
    tipo,
    delta: amount,
    saldoApos: sub.saldo,
    paymentId: ref.paymentId ?? null,
    adminId: ref.adminId ?? null,
    descricao: ref.descricao,
  });
  return sub.saldo;
}
