import { z } from 'zod';
import { PAYMENT_METHODS } from '../catalogue/payment-methods';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../catalogue/payment-methods';
import { idParam, numberFromText } from './fields';
import { billingFields } from './billing';

/** POST /creditos/usar. `quantidade` is ignored by the server: the project's price is authoritative. */
export const useCreditsBody = z.object({
  requestId: idParam,
  subscriptionId: idParam.optional(),
  profissionalId: idParam.optional(),
  quantidade: numberFromText(z.number().int()).optional(),
});
export const creditBalanceResponse = z.object({ creditosRestantes: z.number().int() });
export type CreditBalance = z.infer<typeof creditBalanceResponse>;

/** POST /stripe/checkout. `valor` is accepted for compatibility and never trusted; billing details are optional. */
export const checkoutBody = z.object({
  pacote: z.string().min(1),
  profissionalId: idParam.optional(),
  valor: z.union([z.string(), z.number()]).optional(),
  metodo: z.enum(PAYMENT_METHODS).default('card'),
  ...billingFields,
});
export const checkoutResponse = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;
/** POST /pagamentos/checkout: where to pay, and the payment to follow. */
export const checkoutStarted = checkoutResponse.extend({ pagamentoId: z.number().int() });
export type CheckoutStarted = z.infer<typeof checkoutStarted>;

/** POST /creditos/usar: the application, what it cost, and the client's contact it reveals. */
export const applyResult = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  creditosGastos: z.number().int(),
  creditosRestantes: z.number().int(),
  criadoEm: z.string(),
  contato: z.string(),
  cliente: z.object({ nome: z.string(), email: z.string() }),
  message: z.string(),
});
export type ApplyResult = z.infer<typeof applyResult>;

/** POST /stripe/webhook: the event was taken (a repeat, or one an admin must reconcile, say so). */
export const stripeWebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean().optional(), porConciliar: z.boolean().optional() });

/** One line of a professional's credit history, with the balance after it. */
export const ledgerEntry = z.object({
  id: z.number().int(),
  tipo: z.enum(['COMPRA', 'CANDIDATURA', 'REEMBOLSO', 'AJUSTE']),
  delta: z.number().int(),
  saldoApos: z.number().int(),
  descricao: z.string().nullable(),
  requestId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  criadoEm: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
/** GET /subscriptions/profissional/:id: the wallet. */
export const subscriptionResponse = z.object({ id: z.number().int(), creditosRestantes: z.number().int() });
