/**
 * The lead loop's texts and labels (issue 10), without zod: the client's and the professional's
 * screens read them and need no schema. The payloads are in schemas/lead-loop.ts.
 */

export const EMAIL_CONFIRMATION_TEXTS = {
  confirmado: 'E-mail confirmado',
  aguardaProjeto: 'Confirme o seu e-mail para o projeto seguir para aprovação',
  reenviar: 'Reenviar e-mail de confirmação',
  reenviado: 'Enviámos um novo e-mail de confirmação.',
  linkInvalido: 'Este link de confirmação não é válido. Inicie sessão e peça um novo e-mail de confirmação.',
  linkExpirado: 'Este link de confirmação expirou. Inicie sessão e peça um novo e-mail de confirmação.',
  adminPorConfirmar: 'E-mail por confirmar',
  adminRecusa: 'O cliente ainda não confirmou o e-mail: o projeto só pode ser aprovado depois dessa confirmação.',
  reenvioLimite: 'Já pedimos vários e-mails de confirmação para esta conta. Aguarde um pouco e tente novamente.',
} as const;

export const APPLICATION_OUTCOMES = ['ESCOLHIDO', 'NAO_ESCOLHIDO', 'EM_ABERTO', 'FECHADO', 'REEMBOLSADO'] as const;
export type ApplicationOutcome = (typeof APPLICATION_OUTCOMES)[number];
export const APPLICATION_OUTCOME_LABELS: Record<ApplicationOutcome, string> = {
  ESCOLHIDO: 'Escolhido',
  NAO_ESCOLHIDO: 'Não escolhido',
  EM_ABERTO: 'Em aberto',
  FECHADO: 'Fechado',
  REEMBOLSADO: 'Reembolsado',
};
