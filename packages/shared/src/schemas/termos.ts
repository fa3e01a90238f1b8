import { z } from 'zod';

/** Texts of the terms acceptance (sign-up checkbox, re-acceptance dialog, API refusals). */
export const TERMOS_M = {
  obrigatorio: 'Para criar conta, tem de aceitar os Termos e Condições e a Política de Privacidade.',
  versaoDesatualizada: 'Os Termos e Condições mudaram entretanto. Recarregue a página para ler e aceitar a versão atual.',
  versaoInvalida: 'Versão dos Termos e Condições inválida.',
  aceites: 'Termos e Condições aceites.',
} as const;

/** The required sign-up checkbox "Li e aceito os Termos e Condições e a Política de Privacidade". */
export const aceitaTermosField = z.literal(true, { error: TERMOS_M.obrigatorio });

/**
 * `POST /api/termos/aceitar`: the version the person was shown (the web sends the one its pages
 * were written for); the server records it only if it is the current one.
 */
export const aceitarTermosBody = z.object({
  versao: z.string({ error: TERMOS_M.versaoInvalida }).regex(/^\d{4}-\d{2}-\d{2}$/, TERMOS_M.versaoInvalida),
});
export const aceitarTermosResponse = z.object({ versao: z.string(), aceiteEm: z.string() });
export type AceitarTermosResponse = z.infer<typeof aceitarTermosResponse>;
