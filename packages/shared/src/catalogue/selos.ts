import { SPECIALTIES } from './specialties';

// Without zod: the badges are shown on pages that load no form (the profile, the lists, the home page).

/**
 * The badges ("selos") a professional earns, computed by the server from these rules
 * (apps/api/src/modules/selos) and stored in `profissionais.selos`, in this order.
 */
export const SELOS = ['VERIFICADO', 'TOP_AVALIADO', 'DOMOTICA_EXPERT', 'RESPOSTA_RAPIDA'] as const;
export type Selo = (typeof SELOS)[number];

/** The thresholds of the rules: one place for the server's SQL, the explanations and the "what you lack" lines. */
export const SELO_REGRAS = {
  topMediaMinima: 4.8,
  topMinAvaliacoes: 5,
  topMeses: 12,
  domoticaMinProjetos: 3,
  domoticaNotaMinima: 4,
  rapidaMaxMinutos: 120,
  rapidaDias: 30,
  rapidaMinCandidaturas: 3,
} as const;

/** Specialty values of the Domótica / Smart Home group (the "Domótica Expert" badge). */
export const DOMOTICA_SPECIALTIES = SPECIALTIES.filter((s) => s.group === 'domotica').map((s) => s.value);

/** Name and rule of each badge, as a client reads it on hover, focus or tap. */
export const SELO_INFO: Record<Selo, { label: string; regra: string }> = {
  VERIFICADO: {
    label: 'Verificado',
    regra: 'Documentos de identificação verificados pela equipa Técnico Certo.',
  },
  TOP_AVALIADO: {
    label: 'Top Avaliado',
    regra: 'Média de 4,8 estrelas ou mais em pelo menos 5 avaliações aprovadas nos últimos 12 meses.',
  },
  DOMOTICA_EXPERT: {
    label: 'Domótica Expert',
    regra: 'Profissional verificado, com especialidade em domótica e pelo menos 3 projetos de domótica concluídos e avaliados com 4 estrelas ou mais.',
  },
  RESPOSTA_RAPIDA: {
    label: 'Resposta rápida',
    regra: 'Nos últimos 30 dias, candidatou-se aos projetos menos de 2 horas depois de serem publicados (tempo mediano, com pelo menos 3 candidaturas).',
  },
};
