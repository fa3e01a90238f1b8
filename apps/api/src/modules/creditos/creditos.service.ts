import { desc, eq, sql } from 'drizzle-orm';
import { M, MAX_APPLICANTS, type ApplicationOutcome, type LeadReportEstado, type LeadReportMotivo } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import { executeNamed, fieldsOf, preparedRaw, runList } from '../../db/prepared';
import type { Db } from '../../db/client';
import { candidaturas, clientes, creditLedger, leadReports, requests, subscriptions } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { notificationCtes, novaCandidaturaDelivery, projetoLotadoDelivery, type ApplicationNewsRow } from '../notificacoes/notify';
import { respostaRapidaCtes } from '../selos/selos.service';

export async function getSubscription(db: Db, profissionalId: number) {
  const [sub] = await db
    .select({ id: subscriptions.id, creditosRestantes: subscriptions.creditosRestantes, criadoEm: subscriptions.criadoEm })
    .from(subscriptions)
    .where(eq(subscriptions.profissionalId, profissionalId));
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  return sub;
}

/**
 * Applying to a project, in one statement (DESIGN §3; no BEGIN/COMMIT round trips while a lock is
 * held). First a plain read of what the client's message shows and of every rule, so a refusal costs
 * no write. Then one statement locks the project's row, checking again on its newest version (the
 * places are `candidaturas_n`, kept by triggers, so a concurrent application committed meanwhile is
 * seen), debits the balance (the UPDATE locks its row and re-checks the amount; the CHECK saldo >= 0
 * stays the last line of defence) and writes the application, its ledger line and the client's
 * news, each only if the step before it happened, and "Resposta rápida" counting this application.
 * Nothing is written unless everything is. The price is the project's, never the client's.
 */
type ApplyView = ApplicationNewsRow & {
  status: string;
  creditos: number | null;
  escolhido_id: number | null;
  n: number;
  contato: string;
  cliente_nome: string;
  mine: boolean;
  saldo: number | null;
};

/** The project and the professional as they are now, with every figure a refusal depends on. */
async function applyView(db: Db, profissionalId: number, requestId: number): Promise<ApplyView | undefined> {
  const pro = sql.placeholder('pro');
  const { rows } = await preparedRaw<ApplyView>(
    db,
    'apply_view',
    () => sql`
    select r.status, r.creditos, r.escolhido_id, r.candidaturas_n as n, r.titulo, r.contato, r.cliente_id, c.nome as cliente_nome, c.email,
      p.nome, p.nota_media, p.total_avaliacoes, p.verificacao, p.selos, p.cidade, s.creditos_restantes as saldo,
      exists (select 1 from candidaturas x where x.request_id = r.id and x.profissional_id = ${pro}) as mine
    from requests r join clientes c on c.id = r.cliente_id
      left join profissionais p on p.id = ${pro} left join subscriptions s on s.profissional_id = ${pro}
    where r.id = ${sql.placeholder('req')}`,
  ).execute({ pro: profissionalId, req: requestId });
  return rows[0];
}

/** Throws the reason an application cannot be made now, in the order the professional should hear them. */
function refuse(v: ApplyView | undefined): asserts v is ApplyView & { creditos: number } {
  if (!v) throw notFound(M.chamadoNaoEncontrado);
  if (v.status !== 'ABERTO' || v.creditos === null) throw conflict('NOT_OPEN', M.projetoIndisponivel);
  // The client already chose who does the job: a new contact would be a lead paid for nothing.
  if (v.escolhido_id !== null) throw conflict('ALREADY_CHOSEN', 'O cliente já escolheu um profissional para este projeto.');
  if (v.mine) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
  if (Number(v.n) >= MAX_APPLICANTS) throw conflict('PROJECT_FULL', M.projetoCheio);
  if (v.saldo === null) throw notFound(M.profissionalNaoIdentificado);
  if (Number(v.saldo) < Number(v.creditos)) throw new AppError(402, 'INSUFFICIENT_CREDITS', M.creditosInsuficientes);
}

export async function applyToRequest(db: Db, profissionalId: number, requestId: number, now: Date = new Date()) {
  const view = await applyView(db, profissionalId, requestId);
  refuse(view);
  const news: Parameters<typeof notificationCtes>[0] = [
    { kind: 'nova_candidatura', d: novaCandidaturaDelivery({ requestId, profissionalId }, view) },
    { kind: 'projeto_lotado', d: projetoLotadoDelivery({ requestId }, view) },
  ];
  let out: { id: number; ms: string; saldo: number; creditos: number } | undefined;
  try {
    const written = await executeNamed<{ id: number; ms: string; saldo: number; creditos: number }>(
      db,
      sql`
      with lk as (
        select r.creditos, r.candidaturas_n as n, r.aprovado_em from requests r
        where r.id = ${requestId} and r.status = 'ABERTO' and r.creditos is not null and r.escolhido_id is null
          and r.candidaturas_n < ${MAX_APPLICANTS}
        for update
      ), debit as (
        update subscriptions set creditos_restantes = creditos_restantes - (select creditos from lk)
        where profissional_id = ${profissionalId} and creditos_restantes >= (select creditos from lk)
          and not exists (select 1 from candidaturas where request_id = ${requestId} and profissional_id = ${profissionalId})
        returning id, creditos_restantes as saldo
      ), cand as (
        insert into candidaturas (request_id, profissional_id, subscription_id, creditos)
        select ${requestId}, ${profissionalId}, debit.id, lk.creditos from debit cross join lk
        returning id, criado_em, creditos
      ), ledger as (
        insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, descricao)
        select debit.id, ${profissionalId}, 'CANDIDATURA', -lk.creditos, debit.saldo, ${requestId}, ${view.titulo} from debit cross join lk
      ), ${notificationCtes(news, now, sql`exists (select 1 from debit) and (nd.kind <> 'projeto_lotado' or (select n from lk) = ${MAX_APPLICANTS - 1})`)},
      ${respostaRapidaCtes(profissionalId, now, sql`select cand.criado_em, lk.aprovado_em from cand cross join lk`, sql`exists (select 1 from cand)`)}
      select cand.id, (extract(epoch from cand.criado_em) * 1000)::bigint as ms, debit.saldo, cand.creditos
      from debit cross join cand`,
    );
    out = written.rows[0];
  } catch (e) {
    // Two simultaneous first applications by the same professional: the unique index decides.
    if (isUniqueViolation(e)) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
    throw e;
  }
  if (!out) {
    // Something changed between the read and the lock (the last place taken, the balance spent, the
    // project closed): say what, from a fresh read.
    refuse(await applyView(db, profissionalId, requestId));
    throw conflict('NOT_OPEN', M.projetoIndisponivel);
  }
  return {
    id: Number(out.id),
    requestId,
    creditosGastos: Number(out.creditos),
    creditosRestantes: Number(out.saldo),
    criadoEm: new Date(Number(out.ms)).toISOString(),
    contato: view.contato,
    cliente: { nome: view.cliente_nome, email: view.email },
    message: M.candidaturaOk,
  };
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

/** What a listed application shows of its own row: all in candidaturas_profissional_idx (migration 0017). */
const applicationColumns = {
  id: candidaturas.id,
  criadoEm: candidaturas.criadoEm,
  creditos: candidaturas.creditos,
  reembolsadoEm: candidaturas.reembolsadoEm,
  requestId: candidaturas.requestId,
};

/** The applications page's size (the route's default). */
export const APPLICATIONS_PAGE_SIZE = 20;

/** The professional's applications, newest first, with the revealed contact and the outcome, a page at a time. */
export async function listApplications(db: Db, profissionalId: number, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  // The applications page asks for the default; the dashboard's "O seu retorno" section for 5.
  const opts = { page, pageSize, filters: { profissionalId } };
  const rows = await runList(db, 'applications', opts, (v, offset) => {
    // The page's applications first, from the professional's index alone (it holds every column of
    // the application shown), then the project, client and report of those rows only: with the joins
    // around the OFFSET, page 5 read the project and client of the 80 rows it skips as well.
    const page = db
      .select(applicationColumns)
      .from(candidaturas)
      .where(eq(candidaturas.profissionalId, v('profissionalId') as number))
      .orderBy(desc(candidaturas.criadoEm), desc(candidaturas.id))
      .limit(limit)
      .offset(offset as number)
      .as('page');
    return (
      db
        .select({
          ...fieldsOf(page, applicationColumns),
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
        .from(page)
        .innerJoin(requests, eq(requests.id, page.requestId))
        .leftJoin(clientes, eq(clientes.id, requests.clienteId))
        // "Reportar contacto": at most one report per application (unique).
        .leftJoin(leadReports, eq(leadReports.candidaturaId, page.id))
        .orderBy(desc(page.criadoEm), desc(page.id))
    );
  });
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
