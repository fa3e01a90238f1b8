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

export const GUARANTEE_TEXT_MIN = 10;
export const GUARANTEE_TEXT_MAX = 2000;
export const GUARANTEE_ANSWER_MAX = 1000;
/** How far ahead a visit may be scheduled. */
export const GUARANTEE_VISIT_MAX_DAYS = 60;

export const GARANTIA_ESTADO_LABELS: Record<GarantiaEstado, string> = {
  ABERTA: 'À espera do profissional',
  ACEITE: 'Aceite pelo profissional',
  CONTESTADA: 'Contestada pelo profissional',
  FECHADA: 'Encerrada',
};

export const GARANTIA_MSG = {
  projetoNaoEncontrado: 'Projeto não encontrado.',
  naoEncontrada: 'Garantia não encontrada.',
  naoConcluido: 'Só pode acionar a garantia de um projeto concluído.',
  semProfissional: 'A garantia aplica-se ao trabalho do profissional que escolheu: este projeto foi concluído sem profissional escolhido.',
  prazo: `O prazo da garantia terminou: a garantia só pode ser acionada até ${GUARANTEE_DAYS} dias depois de o projeto ser concluído.`,
  jaAcionada: 'Já acionou a garantia deste projeto. Acompanhe o pedido em "Os meus projetos".',
  fotosAMais: `Pode juntar no máximo ${GUARANTEE_MAX_PHOTOS} fotografias.`,
  descricaoObrigatoria: 'Descreva o problema.',
  descricaoCurta: `Descreva o problema com pelo menos ${GUARANTEE_TEXT_MIN} caracteres.`,
  descricaoLonga: `A descrição tem no máximo ${GUARANTEE_TEXT_MAX} caracteres.`,
  jaRespondida: 'Esta garantia já foi respondida.',
  jaFechada: 'Esta garantia já está encerrada.',
  dataObrigatoria: 'Indique a data e a hora da visita.',
  dataInvalida: 'A data da visita não é válida.',
  dataPassada: 'A data da visita tem de ser no futuro.',
  dataLonge: `A visita tem de ser marcada nos próximos ${GUARANTEE_VISIT_MAX_DAYS} dias.`,
  respostaObrigatoria: 'Explique ao cliente porque contesta o pedido.',
  respostaCurta: `Escreva pelo menos ${GUARANTEE_TEXT_MIN} caracteres.`,
  respostaLonga: `A mensagem tem no máximo ${GUARANTEE_ANSWER_MAX} caracteres.`,
  resolucaoObrigatoria: 'Escreva a resolução.',
  resolucaoLonga: `A resolução tem no máximo ${GUARANTEE_ANSWER_MAX} caracteres.`,
  textoInvalido: 'O texto tem de ser texto.',
} as const;
