import { useQuery } from '@tanstack/react-query';
import { findPlan, type PaymentMethod } from '@tc/shared';
import { api } from '../../lib/api';
import { storedId } from '../../lib/session';
import type { CheckoutResponse, CreditBalance, Payment, Receipt } from '@tc/shared';
export type { Payment, PaymentState } from '@tc/shared';

export interface CheckoutBody {
  pacote: string;
  valor: string;
  profissionalId?: number;
  metodo: PaymentMethod;
  nif?: string;
  faturacaoNome?: string;
  faturacaoMorada?: string;
}

/** The logged-in professional's id: `profissionalId`, or the generic `id` kept at login (spec §3). */
export const ownProfissionalId = () => storedId('profissionalId') ?? storedId('id');

/** Plan display name for a stored plan value ("elite" → "Elite"). */
export const planName = (plano: string) => findPlan(plano)?.nome ?? plano;

export const paymentKey = (id: number | null) => ['pagamento', id] as const;

export const startCheckout = (body: CheckoutBody) => api<CheckoutResponse>('/stripe/checkout', { method: 'POST', body, as: 'profissional' });

export const confirmDemoPayment = (id: number) => api<Payment>(`/pagamentos/demo/${id}/confirmar`, { method: 'POST', as: 'profissional' });

export const cancelDemoPayment = (id: number) => api<Payment>(`/pagamentos/demo/${id}/cancelar`, { method: 'POST', as: 'profissional' });

export const fetchPayment = (id: number, signal?: AbortSignal) => api<Payment>(`/pagamentos/${id}`, { as: 'profissional', signal });

export const fetchReceipt = (id: number, signal?: AbortSignal) => api<Receipt>(`/pagamentos/${id}/recibo`, { as: 'profissional', signal });

/** The professional's credit balance (GET /subscriptions/credito/:id). */
export const useCreditBalance = (profissionalId: number | null, enabled = true) =>
  useQuery({
    queryKey: ['profissional', 'creditos', profissionalId],
    queryFn: ({ signal }) => api<CreditBalance>(`/subscriptions/credito/${profissionalId}`, { as: 'profissional', signal }),
    enabled: enabled && profissionalId !== null,
    staleTime: 0,
  });

/** "999 000 012": a nine-digit, obviously fake Multibanco reference derived from the payment id. */
export function demoReference(id: number): string {
  const digits = `999${String(id).padStart(6, '0')}`.slice(-9);
  return digits.replace(/(\d{3})(?=\d)/g, '$1 ');
}
