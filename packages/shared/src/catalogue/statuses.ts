import { PROJECT_STATUSES, REVIEW_STATUSES, VERIFICATION_STATUSES } from './list-filters';

export { PROJECT_STATUSES, REVIEW_STATUSES, VERIFICATION_STATUSES };
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  ESPERA: 'Em análise',
  ABERTO: 'Aberto',
  CONCLUIDO: 'Concluído',
};

/** The API keeps the original value NEGADO; screens show it as "Reprovado" (spec §4). */
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  ESPERA: 'Pendente',
  APROVADO: 'Aprovado',
  NEGADO: 'Reprovado',
};

/*
 * Every status a person reads is one of these labels, never the stored code (issue 12: the back office
 * showed ESPERA, APROVADO, NEGADO...). Lists, filters, badges, dialogs and the audit log use them.
 */

/** A professional's identity check (Cartão de Cidadão). */
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  PENDENTE: 'Pendente',
  VERIFICADO: 'Verificado',
  RECUSADO: 'Recusado',
};

/** A credit purchase. */
export const PAYMENT_STATE_LABELS: Record<'PENDENTE' | 'PAGO' | 'CANCELADO' | 'FALHADO', string> = {
  PENDENTE: 'Pendente',
  PAGO: 'Pago',
  CANCELADO: 'Cancelado',
  FALHADO: 'Falhado',
};

/** The "any status" choice of a status filter. */
export const ALL_STATUSES_LABEL = 'Todos';

export const TIME_OPTIONS = ['NORMAL', 'URGENTE', 'PIQUETE', 'AVARIA'] as const;
export type TimeOption = (typeof TIME_OPTIONS)[number];
export const TIME_OPTION_LABELS: Record<TimeOption, string> = {
  NORMAL: 'Normal (nos próximos dias)',
  URGENTE: 'Urgente (nas próximas 24 horas)',
  PIQUETE: 'Piquete (fora de horas, fins de semana e feriados)',
  AVARIA: 'Avaria (preciso de ajuda agora)',
};

/**
 * The 24-hour emergency lane: PIQUETE and AVARIA projects are marked "Urgente 24h" everywhere, come
 * first in the admins' queue and reach at once the professionals who take emergencies at that hour.
 */
export const EMERGENCY_TIMES = ['PIQUETE', 'AVARIA'] as const satisfies readonly TimeOption[];
export const EMERGENCY_LABEL = 'Urgente 24h';
export const isEmergency = (tempo: TimeOption) => (EMERGENCY_TIMES as readonly TimeOption[]).includes(tempo);

export const ROLES = ['cliente', 'profissional', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Hard cap of professionals who may apply to one project (the original backend's rule). */
export const MAX_APPLICANTS = 5;
