import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { TERMOS_M } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { termosAceites } from '../../db/schema';
import { conflict } from '../../lib/app-error';

/** Only clients and professionals accept the terms; admins are staff, not parties to them. */
export type TermosRole = 'cliente' | 'profissional';

/** Records that this person accepted `versao` at `now`, in the caller's transaction; accepting the same version again changes nothing. */
export async function recordAcceptance(db: Db | Tx, tipo: TermosRole, id: number, versao: string, now: Date) {
  await db.insert(termosAceites).values({ destinatarioTipo: tipo, destinatarioId: id, versao, aceiteEm: now }).onConflictDoNothing();
}

/**
 * True when the person has not accepted `versao` or a later one (versions are ISO dates, so text
 * order is date order). People with no acceptance at all (accounts older than this rule) are asked too.
 */
export async function mustAcceptTerms(db: Db, tipo: TermosRole, id: number, versao: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(termosAceites)
    .where(and(eq(termosAceites.destinatarioTipo, tipo), eq(termosAceites.destinatarioId, id), gte(termosAceites.versao, versao)))
    .limit(1);
  return !row;
}

/**
 * The signed-in person accepts the version they were shown. A version that is no longer the current
 * one (the terms changed while the dialog was open) is refused: they must read the current text.
 */
export async function acceptTerms(db: Db, tipo: TermosRole, id: number, shown: string, current: string, now: Date) {
  if (shown !== current) throw conflict('TERMS_OUTDATED', TERMOS_M.versaoDesatualizada);
  await recordAcceptance(db, tipo, id, current, now);
  const [row] = await db
    .select({ aceiteEm: termosAceites.aceiteEm })
    .from(termosAceites)
    .where(and(eq(termosAceites.destinatarioTipo, tipo), eq(termosAceites.destinatarioId, id), eq(termosAceites.versao, current)));
  return { versao: current, aceiteEm: row!.aceiteEm.toISOString() };
}

/** Every acceptance of this person, oldest first (the RGPD export). */
export async function acceptancesOf(db: Db, tipo: TermosRole, id: number) {
  const rows = await db
    .select({ versao: termosAceites.versao, aceiteEm: termosAceites.aceiteEm })
    .from(termosAceites)
    .where(and(eq(termosAceites.destinatarioTipo, tipo), eq(termosAceites.destinatarioId, id)))
    .orderBy(asc(termosAceites.aceiteEm), asc(termosAceites.id));
  return rows.map((r) => ({ versao: r.versao, aceiteEm: r.aceiteEm.toISOString() }));
}

/** The acceptances go with the account: they only prove the contract of an account that no longer exists. */
export async function forgetAcceptances(tx: Db | Tx, tipo: TermosRole, id: number) {
  await tx.delete(termosAceites).where(and(eq(termosAceites.destinatarioTipo, tipo), eq(termosAceites.destinatarioId, id)));
}
