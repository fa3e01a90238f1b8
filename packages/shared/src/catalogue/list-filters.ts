/**
 * The values the back office's lists filter by, alone: the web app's main chunk checks an address's
 * filter against them to ask for a list before its screen's code arrives (app/router.tsx), without
 * the labels and texts that go with them (statuses.ts, garantias.ts).
 */
export const PROJECT_STATUSES = ['ESPERA', 'ABERTO', 'CONCLUIDO'] as const;
export const REVIEW_STATUSES = ['ESPERA', 'APROVADO', 'NEGADO'] as const;
/** A professional's identity check (Cartão de Cidadão). */
export const VERIFICATION_STATUSES = ['PENDENTE', 'VERIFICADO', 'RECUSADO'] as const;
/** A guarantee claim's states, the ones to act on first. */
export const GARANTIA_ESTADOS = ['ABERTA', 'ACEITE', 'CONTESTADA', 'FECHADA'] as const;
