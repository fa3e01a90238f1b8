export const PROJECT_STATUSES = ['ESPERA', 'ABERTO', 'CONCLUIDO'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  ESPERA: 'Em análise',
  ABERTO: 'Aberto',
  CONCLUIDO: 'Concluído',
};

/** The API keeps the original value NEGADO; screens show it as REPROVADO (spec §4). */
export const REVIEW_STATUSES = ['ESPERA', 'APROVADO', 'NEGADO'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  ESPERA: 'Pendente',
  APROVADO: 'APROVADO',
  NEGADO: 'REPROVADO',
};

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
