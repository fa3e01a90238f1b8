import { and, desc, eq, sql } from 'drizzle-orm';
import { findPlan, M, type PaymentMethod } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import type { Db } from '../../db/client';
import { creditLedger, paymentEvents, payments, profissionais } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { grantCredits } from '../creditos/creditos.service';
import type { PaymentProvider } from './providers';

/**
 * Starts a purchase: the price and credits come from the server's catalogue (the `valor` a browser
 * sends is ignored), a PENDENTE payment is recorded, then the provider's checkout is opened.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  profissionalId: number,
  pacote: string,
  metodo: PaymentMethod,
  publicUrl: string,
) {
  const plan = findPlan(pacote);
  if (!plan) throw badRequest('UNKNOWN_PLAN', M.nenhumPlano);
  const [prof] = await db.select({ email: profissionais.email }).from(profissionais).where(eq(profissionais.id, profissionalId));
  if (!prof) throw notFound(M.profissionalNaoIdentificado);
  const amountCents = plan.precoEuros * 100;
  const [pay] = await db
    .insert(payments)
    .values({ profissionalId, plano: plan.value, valorCentimos: amountCents, creditos: plan.creditos, metodo, provider: provider.name })
    .returning({ id: payments.id });
  try {
    const session = await provider.createCheckout({
      paymentId: pay.id, profissionalId, planName: plan.nome, credits: plan.creditos, amountCents, metodo, email: prof.email, publicUrl,
    });
    await db.update(payments).set({ providerSessionId: session.sessionId }).where(eq(payments.id, pay.id));
    return { url: session.url, pagamentoId: pay.id };
  } catch (e) {
    await db.update(payments).set({ estado: 'FALHADO' }).where(eq(payments.id, pay.id));
    throw e;
  }
}

/**
 * Grants the credits of a payment exactly once: only the transition PENDENTE → PAGO grants, inside
 * the same transaction as the ledger line, so repeated or concurrent confirmations add nothing.
 */
export async function fulfilPayment(db: Db, where: { sessionId: string } | { paymentId: number }, now: Date, check?: { amountCents: number }) {
  return db.transaction(async (tx) => {
    const cond = 'sessionId' in where ? eq(payments.providerSessionId, where.sessionId) : eq(payments.id, where.paymentId);
    const [pay] = await tx.select().from(payments).where(cond);
    if (!pay) return { granted: false as const, reason: 'unknown' };
    // The buyer deleted the account before the payment settled: nobody to credit.
    if (pay.profissionalId === null) return { granted: false as const, reason: 'account-deleted' };
    if (check && check.amountCents !== pay.valorCentimos) return { granted: false as const, reason: 'amount-mismatch' };
    const [updated] = await tx
      .update(payments)
      .set({ estado: 'PAGO', pagoEm: now })
      .where(and(eq(payments.id, pay.id), eq(payments.estado, 'PENDENTE')))
      .returning({ id: payments.id });
    if (!updated) return { granted: false as const, reason: 'already-final' };
    const plan = findPlan(pay.plano);
    await grantCredits(tx, pay.profissionalId, pay.creditos, 'COMPRA', { paymentId: pay.id, descricao: `Plano ${plan?.nome ?? pay.plano}` });
    return { granted: true as const, paymentId: pay.id };
  });
}

/** PENDENTE → CANCELADO or FALHADO; a paid payment never goes back. */
export async function closePayment(db: Db, where: { sessionId: string } | { paymentId: number }, estado: 'CANCELADO' | 'FALHADO') {
  const cond = 'sessionId' in where ? eq(payments.providerSessionId, where.sessionId) : eq(payments.id, where.paymentId);
  await db.update(payments).set({ estado }).where(and(cond, eq(payments.estado, 'PENDENTE')));
}

/** Was this provider event already handled? */
export async function eventSeen(db: Db, id: string) {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return rows.length > 0;
}

export async function recordEvent(db: Db, id: string, tipo: string) {
  await db.insert(paymentEvents).values({ id, tipo }).onConflictDoNothing();
}

export async function getPayment(db: Db, id: number, user: { tipo: string; id: number }) {
  const [pay] = await db
    .select({
      id: payments.id, profissionalId: payments.profissionalId, plano: payments.plano, valorCentimos: payments.valorCentimos,
      creditos: payments.creditos, metodo: payments.metodo, provider: payments.provider, estado: payments.estado,
      criadoEm: payments.criadoEm, pagoEm: payments.pagoEm,
    })
    .from(payments)
    .where(eq(payments.id, id));
  if (!pay) throw notFound('Pagamento não encontrado.');
  if (user.tipo !== 'admin' && (user.tipo !== 'profissional' || user.id !== pay.profissionalId)) throw forbidden();
  return { ...pay, criadoEm: pay.criadoEm.toISOString(), pagoEm: pay.pagoEm?.toISOString() ?? null };
}

export async function listPayments(db: Db, profissionalId: number) {
  const rows = await db
    .select({ id: payments.id, plano: payments.plano, valorCentimos: payments.valorCentimos, creditos: payments.creditos, metodo: payments.metodo, provider: payments.provider, estado: payments.estado, criadoEm: payments.criadoEm, pagoEm: payments.pagoEm })
    .from(payments)
    .where(eq(payments.profissionalId, profissionalId))
    .orderBy(desc(payments.criadoEm), desc(payments.id));
  return rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString(), pagoEm: r.pagoEm?.toISOString() ?? null }));
}

/** Every credit movement with the running balance, newest first. */
export async function ledgerHistory(db: Db, profissionalId: number, page: number, pageSize: number) {
  const where = eq(creditLedger.profissionalId, profissionalId);
  const { limit, offset } = pageWindow(page, pageSize);
  const rows = await db
    .select({ id: creditLedger.id, tipo: creditLedger.tipo, delta: creditLedger.delta, saldoApos: creditLedger.saldoApos, descricao: creditLedger.descricao, requestId: creditLedger.requestId, paymentId: creditLedger.paymentId, criadoEm: creditLedger.criadoEm })
    .from(creditLedger)
    .where(where)
    .orderBy(desc(creditLedger.criadoEm), desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows.map((r) => ({ ...r, criadoEm: r.criadoEm.toISOString() })), page, pageSize);
}
