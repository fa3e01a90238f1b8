import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type PaymentAnomaly, type PaymentAnomalyCode } from '@tc/shared';
import type { Db, Tx } from '../../db/client';
import { admins, paymentAnomalies } from '../../db/schema';
import { pageOf, pageWindow } from '../../db/paging';
import { runList } from '../../db/prepared';
import { notFound } from '../../lib/app-error';
import { audit } from '../audit/audit.service';

/** One event the webhook could not match: what it said and why nothing was credited. */
export interface AnomalyRecord {
  eventoId: string;
  tipo: string;
  sessaoId: string | null;
  pagamentoId: number | null;
  valorCentimos: number | null;
  moeda: string | null;
  esperadoCentimos: number | null;
  codigo: PaymentAnomalyCode;
  motivo: string;
  resumo: Record<string, unknown>;
}

const short = (v: unknown, max = 200) => (typeof v === 'string' ? v.slice(0, max) : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null);

/**
 * What the event said, from an allow-list: ids, states, amount, currency and our own metadata
 * keys. Nothing that identifies a person (customer details, e-mail, name, address, phone, card)
 * is copied; other metadata keys are listed by name only.
 */
export function eventSummary(event: Pick<Stripe.Event, 'id' | 'type' | 'created' | 'livemode'>, session: Partial<Stripe.Checkout.Session>) {
  const metadata = session.metadata && typeof session.metadata === 'object' ? session.metadata : {};
  const ours = ['paymentId', 'profissionalId'];
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  return {
    evento: { id: short(event.id), tipo: short(event.type), criado: int(event.created), livemode: event.livemode === true },
    sessao: {
      id: short(session.id),
      estado: short(session.status),
      estadoPagamento: short(session.payment_status),
      modo: short(session.mode),
      valorTotal: int(session.amount_total),
      valorSubtotal: int(session.amount_subtotal),
      moeda: short(session.currency, 10),
      paymentIntent: short(paymentIntent),
      referenciaCliente: short(session.client_reference_id),
      metadados: Object.fromEntries(ours.filter((k) => k in metadata).map((k) => [k, short(metadata[k], 40)])),
      outrosMetadados: Object.keys(metadata)
        .filter((k) => !ours.includes(k))
        .slice(0, 20)
        .map((k) => k.slice(0, 40)),
    },
  };
}

/** Records the anomaly once per event id (a redelivery adds nothing). */
export async function recordAnomaly(db: Db | Tx, a: AnomalyRecord) {
  await db.insert(paymentAnomalies).values(a).onConflictDoNothing({ target: paymentAnomalies.eventoId });
}

const columns = {
  id: paymentAnomalies.id,
  eventoId: paymentAnomalies.eventoId,
  tipo: paymentAnomalies.tipo,
  sessaoId: paymentAnomalies.sessaoId,
  pagamentoId: paymentAnomalies.pagamentoId,
  valorCentimos: paymentAnomalies.valorCentimos,
  moeda: paymentAnomalies.moeda,
  esperadoCentimos: paymentAnomalies.esperadoCentimos,
  codigo: paymentAnomalies.codigo,
  motivo: paymentAnomalies.motivo,
  criadoEm: paymentAnomalies.criadoEm,
  resolvidoEm: paymentAnomalies.resolvidoEm,
  resolvidoPorNome: admins.nome,
};
type Row = Omit<PaymentAnomaly, 'codigo' | 'criadoEm' | 'resolvidoEm'> & { codigo: string; criadoEm: Date; resolvidoEm: Date | null };
const toApi = (r: Row): PaymentAnomaly => ({
  ...r,
  codigo: r.codigo as PaymentAnomaly['codigo'],
  criadoEm: r.criadoEm.toISOString(),
  resolvidoEm: r.resolvidoEm?.toISOString() ?? null,
});

/** The back office's list: unresolved first, then newest (payment_anomalies_admin_idx). */
export async function listPaymentAnomalies(db: Db, page: number, pageSize: number) {
  const { limit } = pageWindow(page, pageSize);
  const rows = await runList(db, 'payment_anomalies', { page, pageSize, filters: {} }, (_v, offset) =>
    db
      .select(columns)
      .from(paymentAnomalies)
      .leftJoin(admins, eq(admins.id, paymentAnomalies.resolvidoPor))
      .orderBy(sql`(${paymentAnomalies.resolvidoEm} is not null)`, desc(paymentAnomalies.criadoEm), desc(paymentAnomalies.id))
      .limit(limit)
      .offset(offset as number),
  );
  return pageOf(rows.map(toApi), page, pageSize);
}

/**
 * Marks an anomaly resolved (the admin reconciled it by hand, e.g. refunded it in Stripe). A second
 * call changes nothing and keeps the first admin and time.
 */
export async function resolvePaymentAnomaly(db: Db, id: number, adminId: number, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentAnomalies)
      .set({ resolvidoEm: now, resolvidoPor: adminId })
      .where(and(eq(paymentAnomalies.id, id), isNull(paymentAnomalies.resolvidoEm)))
      .returning({ eventoId: paymentAnomalies.eventoId });
    if (row) await audit(tx, { tipo: 'admin', id: adminId }, 'PAGAMENTO_CONCILIADO', 'pagamento_anomalia', id, { evento: row.eventoId });
  });
  const [row] = await db
    .select(columns)
    .from(paymentAnomalies)
    .leftJoin(admins, eq(admins.id, paymentAnomalies.resolvidoPor))
    .where(eq(paymentAnomalies.id, id));
  if (!row) throw notFound('Evento por conciliar não encontrado.');
  return toApi(row);
}
