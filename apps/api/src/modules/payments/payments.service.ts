import { and, desc, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { findPlan, formatEuros, M, type BillingDetails, type PaymentAnomalyCode, type PaymentMethod, type PaymentState } from '@tc/shared';
import { pageOf, pageWindow } from '../../db/paging';
import { prepared, runList } from '../../db/prepared';
import type { Db, Tx } from '../../db/client';
import { paymentEvents, payments, profissionais } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { assertSelf } from '../../lib/ownership';
import { grantCredits } from '../creditos/creditos.service';
import { notify } from '../notificacoes/notify';
import { billingFromSession } from './billing-from-stripe';
import { eventSummary, recordAnomaly } from './payment-anomalies.service';
import type { PaymentProvider } from './providers';
import { iso } from '../../lib/iso';

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
  billing: BillingDetails = {},
) {
  const plan = findPlan(pacote);
  if (!plan) throw badRequest('UNKNOWN_PLAN', M.nenhumPlano);
  const [prof] = await db.select({ email: profissionais.email }).from(profissionais).where(eq(profissionais.id, profissionalId));
  if (!prof) throw notFound(M.profissionalNaoIdentificado);
  const amountCents = plan.precoEuros * 100;
  const [pay] = await db
    .insert(payments)
    .values({
      profissionalId,
      plano: plan.value,
      valorCentimos: amountCents,
      creditos: plan.creditos,
      metodo,
      provider: provider.name,
      nif: billing.nif ?? null,
      faturacaoNome: billing.faturacaoNome ?? null,
      faturacaoMorada: billing.faturacaoMorada ?? null,
    })
    .returning({ id: payments.id });
  try {
    const session = await provider.createCheckout({
      paymentId: pay.id,
      profissionalId,
      planName: plan.nome,
      credits: plan.creditos,
      amountCents,
      metodo,
      email: prof.email,
      publicUrl,
      billing,
    });
    await db.update(payments).set({ providerSessionId: session.sessionId }).where(eq(payments.id, pay.id));
    return { url: session.url, pagamentoId: pay.id };
  } catch (e) {
    await db.update(payments).set({ estado: 'FALHADO' }).where(eq(payments.id, pay.id));
    throw e;
  }
}

type PaymentRow = typeof payments.$inferSelect;

/** The one place credits are bought: PENDENTE → PAGO, the ledger line and the buyer's notification, in the caller's transaction. */
async function grantPayment(
  tx: Tx,
  pay: PaymentRow & { profissionalId: number },
  now: Date,
  billing: Partial<Pick<PaymentRow, 'nif' | 'faturacaoNome' | 'faturacaoMorada'>> = {},
) {
  const [updated] = await tx
    .update(payments)
    .set({ estado: 'PAGO', pagoEm: now, ...billing })
    .where(and(eq(payments.id, pay.id), eq(payments.estado, 'PENDENTE')))
    .returning({ id: payments.id });
  if (!updated) return false;
  const plan = findPlan(pay.plano);
  await grantCredits(tx, pay.profissionalId, pay.creditos, 'COMPRA', { paymentId: pay.id, descricao: `Plano ${plan?.nome ?? pay.plano}` });
  await notify(tx, { tipo: 'pagamento_confirmado', paymentId: pay.id }, now);
  return true;
}

/**
 * Demonstration provider: grants the credits of a payment exactly once. Only the transition
 * PENDENTE → PAGO grants, inside the same transaction as the ledger line, so repeated or concurrent
 * confirmations add nothing.
 */
export async function fulfilPayment(db: Db, paymentId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [pay] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!pay) return { granted: false as const, reason: 'unknown' };
    // The buyer deleted the account before the payment settled: nobody to credit.
    if (pay.profissionalId === null) return { granted: false as const, reason: 'account-deleted' };
    if (!(await grantPayment(tx, { ...pay, profissionalId: pay.profissionalId }, now))) return { granted: false as const, reason: 'already-final' };
    return { granted: true as const, paymentId: pay.id };
  });
}

/** What a Checkout Session event asks of us: credit it, close it, or only check that it is ours. */
export type CheckoutAction = 'fulfil' | 'CANCELADO' | 'FALHADO' | 'check';

export function checkoutAction(event: Stripe.Event): CheckoutAction | undefined {
  switch (event.type) {
    // Card and MB WAY are paid now; Multibanco completes unpaid and succeeds later, asynchronously.
    case 'checkout.session.completed':
      return event.data.object.payment_status === 'paid' ? 'fulfil' : 'check';
    case 'checkout.session.async_payment_succeeded':
      return 'fulfil';
    case 'checkout.session.async_payment_failed':
      return 'FALHADO';
    case 'checkout.session.expired':
      return 'CANCELADO';
    default:
      return undefined;
  }
}

const euros = (cents: number) => formatEuros(cents / 100);

/**
 * Settles one signed Checkout Session event against our own payment row, in one transaction with
 * the record of the event id (a redelivery is then a no-op):
 * - the session must be one we opened, and its metadata must name that same payment;
 * - money events must be in EUR and for exactly the payment's price (from our catalogue);
 * - there must be someone to credit, and the purchase must not be closed already.
 * Anything else grants nothing and becomes a "pagamento por conciliar" for an admin
 * (docs/decisions/0003). The caller answers the provider 2xx either way.
 */
export async function settleCheckoutEvent(db: Db, event: Stripe.Event, action: CheckoutAction, now: Date) {
  const session = event.data.object as Partial<Stripe.Checkout.Session>;
  return db.transaction(async (tx) => {
    // A concurrent delivery of the same event waits here for the first one, then does nothing.
    const [fresh] = await tx.insert(paymentEvents).values({ id: event.id, tipo: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: 'duplicate' as const };
    const sessaoId = typeof session.id === 'string' ? session.id : null;
    const valorCentimos = typeof session.amount_total === 'number' ? session.amount_total : null;
    const moeda = typeof session.currency === 'string' ? session.currency : null;
    const anomaly = async (codigo: PaymentAnomalyCode, motivo: string, pay?: PaymentRow) => {
      await recordAnomaly(tx, {
        eventoId: event.id,
        tipo: event.type,
        sessaoId,
        pagamentoId: pay?.id ?? null,
        valorCentimos,
        moeda,
        esperadoCentimos: pay?.valorCentimos ?? null,
        codigo,
        motivo,
        resumo: eventSummary(event, session),
      });
      return { outcome: 'anomaly' as const, codigo };
    };

    const [pay] = sessaoId ? await tx.select().from(payments).where(eq(payments.providerSessionId, sessaoId)).for('update') : [];
    if (!pay) {
      return anomaly(
        'SESSAO_DESCONHECIDA',
        sessaoId
          ? `Nenhuma compra corresponde à sessão de pagamento ${sessaoId}: não foram atribuídos créditos.`
          : 'O evento não indica a sessão de pagamento: não foram atribuídos créditos.',
      );
    }
    const meta = session.metadata ?? {};
    const metaProf = meta.profissionalId;
    if (meta.paymentId !== String(pay.id) || (pay.profissionalId !== null && metaProf !== undefined && metaProf !== String(pay.profissionalId))) {
      return anomaly(
        'METADADOS_DESCONHECIDOS',
        `Os metadados do evento não correspondem à compra n.º ${pay.id} desta sessão: não foram atribuídos créditos.`,
        pay,
      );
    }
    if (action === 'CANCELADO' || action === 'FALHADO') {
      await closePayment(tx, { paymentId: pay.id }, action);
      return { outcome: 'closed' as const };
    }
    if (action === 'check') return { outcome: 'unchanged' as const };

    if (moeda?.toLowerCase() !== 'eur') {
      return anomaly(
        'MOEDA_DIFERENTE',
        `Pagamento em ${moeda ? moeda.toUpperCase() : 'moeda não indicada'}; a compra n.º ${pay.id} é em EUR: não foram atribuídos créditos.`,
        pay,
      );
    }
    if (valorCentimos !== pay.valorCentimos) {
      return anomaly(
        'VALOR_DIFERENTE',
        valorCentimos === null
          ? `O evento não indica o valor pago; a compra n.º ${pay.id} custa ${euros(pay.valorCentimos)}: não foram atribuídos créditos.`
          : `Valor pago (${euros(valorCentimos)}) diferente do preço da compra n.º ${pay.id} (${euros(pay.valorCentimos)}): não foram atribuídos créditos.`,
        pay,
      );
    }
    if (pay.estado === 'PAGO') return { outcome: 'unchanged' as const };
    if (pay.estado !== 'PENDENTE') {
      return anomaly(
        'PAGAMENTO_FECHADO',
        `Pagamento recebido para a compra n.º ${pay.id}, já ${pay.estado === 'CANCELADO' ? 'cancelada' : 'falhada'}: não foram atribuídos créditos.`,
        pay,
      );
    }
    // The buyer deleted the account before the payment settled: money in, nobody to credit.
    if (pay.profissionalId === null) {
      return anomaly(
        'CONTA_ELIMINADA',
        `Pagamento recebido para a compra n.º ${pay.id}, mas o profissional eliminou a conta: não há a quem atribuir os créditos.`,
        pay,
      );
    }
    await grantPayment(tx, { ...pay, profissionalId: pay.profissionalId }, now, billingFromSession(session, pay));
    return { outcome: 'granted' as const, paymentId: pay.id };
  });
}

/** PENDENTE → CANCELADO or FALHADO; a paid payment never goes back. */
export async function closePayment(db: Db | Tx, where: { sessionId: string } | { paymentId: number }, estado: 'CANCELADO' | 'FALHADO') {
  const cond = 'sessionId' in where ? eq(payments.providerSessionId, where.sessionId) : eq(payments.id, where.paymentId);
  await db
    .update(payments)
    .set({ estado })
    .where(and(cond, eq(payments.estado, 'PENDENTE')));
}

/** Was this provider event already handled? */
export async function eventSeen(db: Db, id: string) {
  const rows = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
  return rows.length > 0;
}

export async function recordEvent(db: Db, id: string, tipo: string) {
  await db.insert(paymentEvents).values({ id, tipo }).onConflictDoNothing();
}

/** What a professional sees of a purchase (its status page, the list of his purchases). */
const paymentColumns = {
  plano: payments.plano,
  valorCentimos: payments.valorCentimos,
  creditos: payments.creditos,
  metodo: payments.metodo,
  provider: payments.provider,
  estado: payments.estado,
  criadoEm: payments.criadoEm,
  pagoEm: payments.pagoEm,
};

// Field by field: a spread of each row costs more than reading it (docs/decisions/0006).
const paymentDto = (r: Pick<typeof payments.$inferSelect, 'id' | keyof typeof paymentColumns>) => ({
  id: r.id,
  plano: r.plano,
  valorCentimos: r.valorCentimos,
  creditos: r.creditos,
  metodo: r.metodo,
  provider: r.provider,
  estado: r.estado,
  criadoEm: iso(r.criadoEm),
  pagoEm: r.pagoEm ? iso(r.pagoEm) : null,
});

export async function getPayment(db: Db, id: number, user: { tipo: string; id: number }) {
  const [pay] = await prepared(db, 'payment_by_id', () =>
    db
      .select({ id: payments.id, profissionalId: payments.profissionalId, ...paymentColumns })
      .from(payments)
      .where(eq(payments.id, sql.placeholder('id')))
      .prepare('payment_by_id'),
  ).execute({ id });
  if (!pay) throw notFound('Pagamento não encontrado.');
  assertSelf(user, 'profissional', pay.profissionalId, { admin: true });
  return { ...paymentDto(pay), profissionalId: pay.profissionalId };
}

/** A professional's purchases, newest first, a page at a time; `estado` keeps one state (the menu's "a aguardar pagamento"). */
export async function listPayments(db: Db, profissionalId: number, page: number, pageSize: number, estado?: PaymentState) {
  const { limit } = pageWindow(page, pageSize);
  const opts = { page, pageSize, filters: { profissionalId, estado } };
  const rows = await runList(db, 'payments_of', opts, (v, offset) =>
    db
      .select({ id: payments.id, ...paymentColumns })
      .from(payments)
      .where(
        and(
          eq(payments.profissionalId, v('profissionalId') as number),
          v('estado') === undefined ? undefined : eq(payments.estado, v('estado', 'payment_status') as PaymentState),
        ),
      )
      .orderBy(desc(payments.criadoEm), desc(payments.id))
      .limit(limit)
      .offset(offset as number),
  );
  return pageOf(rows.map(paymentDto), page, pageSize);
}
