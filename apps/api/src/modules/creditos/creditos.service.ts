import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { M, MAX_APPLICANTS, type ApplicationOutcome, type LeadReportEstado, type LeadReportMotivo } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import { fieldsOf, prepared, preparedRaw, runList } from '../../db/prepared';
import type { Db } from '../../db/client';
import { candidaturas, clientes, creditLedger, leadReports, requests, subscriptions } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation, sqlState } from '../../lib/db-errors';
import { notificationWrites, storedData, storedNews } from '../notificacoes/notify';
import { respostaRapidaCtes } from '../selos/selos.service';
import { iso } from '../../lib/iso';

/**
 * A professional's wallet. Kept prepared: the balance in the menu is read on every page a professional
 * opens, and built and planned on every request it answered about half of what one round trip does.
 */
export async function getSubscription(db: Db, profissionalId: number) {
  const [sub] = await prepared(db, 'subscription_of', () =>
    db
      .select({ id: subscriptions.id, creditosRestantes: subscriptions.creditosRestantes, criadoEm: subscriptions.criadoEm })
      .from(subscriptions)
      .where(eq(subscriptions.profissionalId, sql.placeholder('id')))
      .prepare('subscription_of'),
  ).execute({ id: profissionalId });
  if (!sub) throw notFound(M.profissionalNaoIdentificado);
  return sub;
}

/**
 * Applying to a project, in one statement and one round trip (DESIGN §3; no BEGIN/COMMIT round trips
 * while a lock is held). It reads the project and the professional as they are (`v`: every figure a
 * refusal depends on, and what the client's message shows), then locks the project's row only if
 * that read allows the application, checking again on its newest version (the places are
 * `candidaturas_n`, which this statement raises with the application, so a concurrent application
 * committed meanwhile is seen),
 * debits the balance (the UPDATE locks its row and re-checks the amount; the CHECK saldo >= 0 stays
 * the last line of defence) and writes the application, its ledger line, the client's news (as the
 * template's data, rendered when sent or read: templates.ts) and "Resposta rápida" counting this
 * application, each only if the step before it happened. Nothing is written unless everything is, and
 * a refusal writes nothing. The price is the project's, never the client's.
 */
type ApplyView = {
  status: string;
  creditos: number | null;
  escolhido_id: number | null;
  n: number;
  titulo: string;
  contato: string;
  cliente_nome: string;
  email: string;
  mine: boolean;
  saldo: number | null;
};

/** What the project and the professional are now: `v` of the application's statement, and its second look after a refusal. */
const viewSql = (pro: SQL, req: SQL) => sql`
    select r.id, r.status, r.creditos, r.escolhido_id, r.candidaturas_n as n, r.titulo, r.contato, r.cliente_id, c.nome as cliente_nome, c.email,
      p.nome, p.nota_media, p.total_avaliacoes, p.verificacao, p.selos, p.cidade, s.creditos_restantes as saldo,
      exists (select 1 from candidaturas x where x.request_id = r.id and x.profissional_id = ${pro}) as mine
    from requests r join clientes c on c.id = r.cliente_id
      left join profissionais p on p.id = ${pro} left join subscriptions s on s.profissional_id = ${pro}
    where r.id = ${req}`;

async function applyView(db: Db, profissionalId: number, requestId: number): Promise<ApplyView | undefined> {
  const { rows } = await preparedRaw<ApplyView>(db, 'apply_view', () =>
    viewSql(sql`${sql.placeholder('pro')}::int`, sql`${sql.placeholder('req')}::int`),
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

type Applied = ApplyView & { cand_id: number | null; ms: string | null; novo_saldo: number | null; gastos: number | null };

/** Built once (placeholders pro, req, at), kept prepared: see preparedRaw. */
function applyStatement() {
  const pro = sql`${sql.placeholder('pro')}::int`;
  const req = sql`${sql.placeholder('req')}::int`;
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const to = { tipo: 'cliente' as const, id: sql`v.cliente_id`, email: sql`v.email` };
  const news = sql`
    ${storedNews(
      'nova_candidatura',
      to,
      sql`'nova_candidatura:r' || v.id || ':p' || ${pro}`,
      at,
      storedData('nova_candidatura', {
        titulo: sql`v.titulo`,
        clienteId: sql`v.cliente_id`,
        profissionalId: pro,
        nome: sql`v.nome`,
        notaMedia: sql`v.nota_media`,
        totalAvaliacoes: sql`v.total_avaliacoes`,
        verificado: sql`v.verificacao = 'VERIFICADO'`,
        cidade: sql`v.cidade`,
        // The badges as they were when the application was made.
        selos: sql`coalesce(v.selos, '{}')`,
      }),
    )} from v
    union all
    ${storedNews(
      'projeto_lotado',
      to,
      sql`'projeto_lotado:r' || v.id`,
      at,
      storedData('projeto_lotado', { titulo: sql`v.titulo`, clienteId: sql`v.cliente_id`, maximo: sql`${sql.raw(String(MAX_APPLICANTS))}` }),
    )} from v where (select n from lk) = ${sql.raw(String(MAX_APPLICANTS - 1))}`;
  return sql`
    with v as (${viewSql(pro, req)}),
    lk as (
      -- Locks the project's row and takes the place in one write (migration 0024: applying is the one
      -- writer of applications that keeps the count itself).
      update requests r set candidaturas_n = r.candidaturas_n + 1 from v
      where r.id = ${req} and r.status = 'ABERTO' and r.creditos is not null and r.escolhido_id is null
        and r.candidaturas_n < ${sql.raw(String(MAX_APPLICANTS))} and not v.mine and v.saldo >= r.creditos
      returning r.creditos, r.candidaturas_n - 1 as n, r.aprovado_em, r.titulo
    ), debit as (
      update subscriptions set creditos_restantes = creditos_restantes - (select creditos from lk)
      where profissional_id = ${pro} and creditos_restantes >= (select creditos from lk)
        and not exists (select 1 from candidaturas where request_id = ${req} and profissional_id = ${pro})
      returning id, creditos_restantes as saldo
    ), cand as (
      insert into candidaturas (request_id, profissional_id, subscription_id, creditos)
      select ${req}, ${pro}, debit.id, lk.creditos from debit cross join lk
      returning id, criado_em, creditos
    ), ledger as (
      insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, descricao)
      select debit.id, ${pro}, 'CANDIDATURA', -lk.creditos, debit.saldo, ${req}, lk.titulo from debit cross join lk
    ), ${notificationWrites(news, at, sql`exists (select 1 from debit)`)},
    ${respostaRapidaCtes(pro, at, sql`select cand.criado_em, lk.aprovado_em from cand cross join lk`, sql`exists (select 1 from cand)`)}
    , undo as (
      -- The place was taken but the balance was spent meanwhile (a concurrent write the debit waited
      -- for): fail the whole statement, so that the count goes back with everything else.
      select tc_desfazer('saldo gasto entretanto') from lk where not exists (select 1 from debit)
    )
    select v.*, cand.id as cand_id, (extract(epoch from cand.criado_em) * 1000)::bigint as ms, debit.saldo as novo_saldo, cand.creditos as gastos
    from v left join (debit cross join cand) on true
    where not exists (select 1 from undo)`;
}

export async function applyToRequest(db: Db, profissionalId: number, requestId: number, now: Date = new Date()) {
  let row: Applied | undefined;
  let undone = false;
  try {
    const { rows } = await preparedRaw<Applied>(db, 'apply', applyStatement).execute({ pro: profissionalId, req: requestId, at: now.toISOString() });
    row = rows[0];
  } catch (e) {
    // Two simultaneous first applications by the same professional: the unique index decides.
    if (isUniqueViolation(e)) throw conflict('ALREADY_APPLIED', M.jaCandidatado);
    // The statement undid itself (the balance was spent while it held the place): say why from a fresh read.
    if (sqlState(e) !== 'TC001') throw e;
    undone = true;
  }
  if (!row || row.cand_id === null) {
    // Refused: say why, from the statement's own read, or, when that read allowed it and the lock
    // found something changed (the last place taken, the balance spent, the project closed), from a
    // fresh read.
    if (!undone) refuse(row);
    refuse(await applyView(db, profissionalId, requestId));
    throw conflict('NOT_OPEN', M.projetoIndisponivel);
  }
  return {
    id: Number(row.cand_id),
    requestId,
    creditosGastos: Number(row.gastos),
    creditosRestantes: Number(row.novo_saldo),
    criadoEm: iso(Number(row.ms)),
    contato: row.contato,
    cliente: { nome: row.cliente_nome, email: row.email },
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
      criadoEm: iso(r.criadoEm),
      creditos: r.creditos,
      resultado: applicationOutcome(profissionalId, r),
      reembolsadoEm: r.reembolsadoEm ? iso(r.reembolsadoEm) : null,
      reporte:
        r.reporteId === null
          ? null
          : {
              id: r.reporteId,
              motivo: r.reporteMotivo as LeadReportMotivo,
              estado: r.reporteEstado as LeadReportEstado,
              criadoEm: iso(r.reporteEm!),
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
