import { z } from 'zod';
import { portugueseIssue } from './zod-pt';
import { NIF_MESSAGES, nifProblem, normalizeNif } from '../nif';

// pt-PT for any issue without its own message (as fields.ts does; a call, since the package is free of side effects).
z.config({ customError: portugueseIssue });

/** An empty or blank optional field is "not given", never a stored empty string. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const NIF_MAX_INPUT = 14;
export const FATURACAO_NOME_MAX = 120;
export const FATURACAO_MORADA_MAX = 300;

/** A NIF as people type it ("123 456 789", "PT123456789"), kept as its nine digits; refused with the reason when invalid. */
export const nifField = z
  .string({ error: NIF_MESSAGES.formato })
  .max(NIF_MAX_INPUT, NIF_MESSAGES.formato)
  .transform(normalizeNif)
  .superRefine((nif, ctx) => {
    const problem = nifProblem(nif);
    if (problem) ctx.addIssue({ code: 'custom', message: NIF_MESSAGES[problem] });
  });

/** Optional billing details of a purchase (for the receipt and the payment provider's customer). */
export const billingFields = {
  nif: z.preprocess(blankToUndefined, nifField.optional()),
  faturacaoNome: z.preprocess(
    blankToUndefined,
    z.string().trim().max(FATURACAO_NOME_MAX, `O nome de faturação pode ter no máximo ${FATURACAO_NOME_MAX} caracteres.`).optional(),
  ),
  faturacaoMorada: z.preprocess(
    blankToUndefined,
    z.string().trim().max(FATURACAO_MORADA_MAX, `A morada de faturação pode ter no máximo ${FATURACAO_MORADA_MAX} caracteres.`).optional(),
  ),
};
export const billingDetails = z.object(billingFields);
export type BillingDetails = z.infer<typeof billingDetails>;
