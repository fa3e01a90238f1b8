import { z } from 'zod';
import { paged } from './requests';

/**
 * Why a payment-provider event was not credited ("pagamentos por conciliar"). The webhook answers
 * the provider 2xx (no endless retries) but grants nothing; an admin reconciles each one by hand.
 */
export const PAYMENT_ANOMALY_CODES = [
  'SESSAO_DESCONHECIDA',
  'METADADOS_DESCONHECIDOS',
  'MOEDA_DIFERENTE',
  'VALOR_DIFERENTE',
  'CONTA_ELIMINADA',
  'PAGAMENTO_FECHADO',
] as const;
export type PaymentAnomalyCode = (typeof PAYMENT_ANOMALY_CODES)[number];

/** Short names of the codes, as the back office shows them. */
export const PAYMENT_ANOMALY_LABELS: Record<PaymentAnomalyCode, string> = {
  SESSAO_DESCONHECIDA: 'Sessão desconhecida',
  METADADOS_DESCONHECIDOS: 'Metadados desconhecidos',
  MOEDA_DIFERENTE: 'Moeda diferente',
  VALOR_DIFERENTE: 'Valor diferente',
  CONTA_ELIMINADA: 'Conta eliminada',
  PAGAMENTO_FECHADO: 'Compra já fechada',
};

export const paymentAnomaly = z.object({
  id: z.number().int(),
  eventoId: z.string(),
  tipo: z.string(),
  sessaoId: z.string().nullable(),
  pagamentoId: z.number().int().nullable(),
  valorCentimos: z.number().int().nullable(),
  moeda: z.string().nullable(),
  esperadoCentimos: z.number().int().nullable(),
  codigo: z.enum(PAYMENT_ANOMALY_CODES),
  motivo: z.string(),
  criadoEm: z.string(),
  resolvidoEm: z.string().nullable(),
  resolvidoPorNome: z.string().nullable(),
});
export type PaymentAnomaly = z.infer<typeof paymentAnomaly>;

/** GET /admin/pagamentos/por-conciliar: unresolved first, then newest. */
export const paymentAnomaliesPage = paged(paymentAnomaly);
