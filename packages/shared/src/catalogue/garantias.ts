/**
 * The technical guarantee's rules (docs/decisions/0014), without zod: the home page and "Como
 * funciona" read them from here and stay light. The payloads are in schemas/garantias.ts.
 */

import { GARANTIA_ESTADOS } from './list-filters';

export { GARANTIA_ESTADOS };
export type GarantiaEstado = (typeof GARANTIA_ESTADOS)[number];

export const GUARANTEE_DAYS = 14;
export const GUARANTEE_MAX_PHOTOS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last moment a claim may be opened for a project concluded at `concluidoEm`. */
export const guaranteeDeadline = (concluidoEm: string | Date) => new Date(new Date(concluidoEm).getTime() + GUARANTEE_DAYS * DAY_MS);

/** The rules in a few lines, as the home page and "Como funciona" explain them. */
export const GUARANTEE_RULES = {
  titulo: `Garantia técnica até ${GUARANTEE_DAYS} dias após a conclusão`,
  texto:
    `Se algo não ficar bem depois de marcar o projeto como concluído, tem ${GUARANTEE_DAYS} dias para carregar em «Acionar garantia» ` +
    `em «Os meus projetos»: descreva o problema e junte até ${GUARANTEE_MAX_PHOTOS} fotografias. O profissional que escolheu é avisado ` +
    'e aceita marcar uma visita ou explica porque discorda; a nossa equipa acompanha cada pedido até o encerrar.',
  condicao: 'Aplica-se aos trabalhos feitos pelo profissional que escolheu no projeto, um pedido por projeto.',
} as const;

/** "Garantias: 2 acionadas, 2 aceites" (or "Nenhuma garantia acionada"). */
export function garantiaNumerosText(n: { acionadas: number; aceites: number }): string {
  if (n.acionadas === 0) return 'Nenhuma garantia acionada';
  return `${n.acionadas} ${n.acionadas === 1 ? 'acionada' : 'acionadas'}, ${n.aceites} ${n.aceites === 1 ? 'aceite' : 'aceites'}`;
}
