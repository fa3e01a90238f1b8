import { z } from 'zod';

/** GET /pagamentos/{id}/recibo: what a receipt shows, for the payment's professional or an admin. */
export const receiptResponse = z.object({
  numero: z.string(),
  pagamentoId: z.number().int(),
  pagoEm: z.string(),
  plano: z.string(),
  planoNome: z.string(),
  creditos: z.number().int(),
  totalCentimos: z.number().int(),
  baseCentimos: z.number().int(),
  ivaCentimos: z.number().int(),
  taxaIva: z.number(),
  metodo: z.string(),
  provider: z.string(),
  /** The payment provider's reference (Stripe Checkout Session id, or the demo's). */
  referencia: z.string().nullable(),
  nif: z.string().nullable(),
  faturacaoNome: z.string().nullable(),
  faturacaoMorada: z.string().nullable(),
  /** The buyer's account (null once the account was deleted: only an admin then sees the receipt). */
  cliente: z.object({ nome: z.string().nullable(), email: z.string().nullable() }),
  vendedor: z.object({ ficticio: z.boolean(), designacao: z.string(), nif: z.string(), morada: z.string(), email: z.string() }),
});
export type Receipt = z.infer<typeof receiptResponse>;
