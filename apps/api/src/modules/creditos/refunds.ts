import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { intArray, textArray } from '../../db/search';

/**
 * Every refund of credits (docs/decisions/0003): a deleted or cancelled project's applications and a
 * reported lead an admin refunds. Each runs in the caller's transaction, after the caller's own locks.
 */

export interface Refund {
  candidaturaId: number;
  profissionalId: number;
  requestId: number;
  creditos: number;
  saldo: number;
}

/**
 * Gives one application's credits back, once: the conditional UPDATE on `reembolsado_em` is the
 * guard. It locks the application's row, so a second refund of the same application (a double
 * click, two admins, a report refunded while the project is deleted) waits for the first and then
 * finds it already refunded: null, nothing credited. The credit and its REEMBOLSO ledger line go in
 * the caller's transaction, so the balance stays the sum of the ledger.
 * An application whose professional deleted the account has no balance to refund into: null.
 * The caller locks the project's row first (FOR KEY SHARE at least), as a deletion does before the
 * balances and the applications: claiming the application first deadlocked with a deletion of the
 * same project that held the balance.
 */
export async function refundApplication(tx: Tx, candidaturaId: number, ref: { now: Date; descricao: string; adminId?: number | null }): Promise<Refund | null> {
  // One statement (the claim, the credit, its ledger line), each step only if the one before happened:
  // a project's five refunds were fifteen round trips with the project's row locked.
  const done = await tx.execute<{ profissional_id: number; request_id: number; creditos: number; saldo: number }>(sql`
    with claimed as (
      update candidaturas set reembolsado_em = ${ref.now}
      where id = ${candidaturaId} and reembolsado_em is null and profissional_id is not null and subscription_id is not null
      returning profissional_id, subscription_id, request_id, creditos
    ), credited as (
      update subscriptions s set creditos_restantes = s.creditos_restantes + claimed.creditos
      from claimed where s.id = claimed.subscription_id
      returning s.id, s.creditos_restantes as saldo
    ), line as (
      insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, admin_id, descricao)
      select claimed.subscription_id, claimed.profissional_id, 'REEMBOLSO', claimed.creditos, credited.saldo, claimed.request_id,
        ${ref.adminId ?? null}::int, ${ref.descricao}::text
      from claimed join credited on credited.id = claimed.subscription_id
    )
    select claimed.profissional_id, claimed.request_id, claimed.creditos, credited.saldo from claimed join credited on credited.id = claimed.subscription_id`);
  const c = done.rows[0];
  if (!c) return null;
  return { candidaturaId, profissionalId: Number(c.profissional_id), requestId: Number(c.request_id), creditos: Number(c.creditos), saldo: Number(c.saldo) };
}

/**
 * The applications of projects being deleted (admin deletion, the client's cancellation, account
 * deletion), called with the projects' rows already locked: refunded only while nobody was chosen
 * (once the client chose someone the leads were real), and never twice. The same guard as
 * `refundApplication` (the conditional UPDATE on `reembolsado_em`), for every application of every
 * project at once: a client deleting his account with a hundred open projects made one round trip
 * per application, with all of them locked. A professional who applied to several of the projects
 * gets one credit of their sum and one REEMBOLSO line per application, each line's `saldo_apos` the
 * running balance in the applications' order, so the balance stays the sum of the ledger.
 */
export async function refundProjectsOnDeletion(
  tx: Tx,
  projects: { id: number; titulo: string; chosen: boolean }[],
  ref: { now: Date; motivo: string; adminId: number | null },
): Promise<Refund[]> {
  const open = projects.filter((p) => !p.chosen);
  if (!open.length) return [];
  const ids = intArray(open.map((p) => p.id));
  // What `refundApplication` claims, for these projects' applications.
  const unrefunded = sql`request_id = any(${ids}) and reembolsado_em is null and profissional_id is not null and subscription_id is not null`;
  // The balances in id order first: two deletions sharing applicants (two clients leaving at once)
  // then wait for each other instead of deadlocking.
  await tx.execute(sql`
    select 1 from subscriptions where id in (
      select subscription_id from candidaturas where ${unrefunded})
    order by id for update`);
  const done = await tx.execute<{ candidatura_id: number; profissional_id: number; request_id: number; creditos: number; saldo: number }>(sql`
    with claimed as (
      update candidaturas set reembolsado_em = ${ref.now} where ${unrefunded}
      returning id, profissional_id, subscription_id, request_id, creditos
    ), totals as (
      select subscription_id, sum(creditos)::int as total from claimed group by subscription_id
    ), credited as (
      update subscriptions s set creditos_restantes = s.creditos_restantes + totals.total
      from totals where s.id = totals.subscription_id
      returning s.id, s.creditos_restantes - totals.total as antes
    ), lines as (
      select claimed.*, credited.antes + sum(claimed.creditos) over (partition by claimed.subscription_id order by claimed.id) as saldo
      from claimed join credited on credited.id = claimed.subscription_id
    ), titles as (
      select * from unnest(${ids}, ${textArray(open.map((p) => p.titulo))}) as t(request_id, titulo)
    ), written as (
      insert into credit_ledger (subscription_id, profissional_id, tipo, delta, saldo_apos, request_id, admin_id, descricao)
      select lines.subscription_id, lines.profissional_id, 'REEMBOLSO', lines.creditos, lines.saldo, lines.request_id,
        ${ref.adminId ?? null}::int, 'Reembolso: ' || titles.titulo || ' (' || ${ref.motivo}::text || ')'
      from lines join titles on titles.request_id = lines.request_id
      order by lines.subscription_id, lines.id
    )
    select id as candidatura_id, profissional_id, request_id, creditos, saldo from lines order by id`);
  return done.rows.map((c) => ({
    candidaturaId: Number(c.candidatura_id),
    profissionalId: Number(c.profissional_id),
    requestId: Number(c.request_id),
    creditos: Number(c.creditos),
    saldo: Number(c.saldo),
  }));
}

/** "Reembolsar" on a reported lead (modules/leads): the application's credits back, once. */
export const refundReportedLead = (tx: Tx, candidaturaId: number, titulo: string, adminId: number, now: Date) =>
  refundApplication(tx, candidaturaId, { now, adminId, descricao: `Reembolso: ${titulo} (contacto reportado)` });
