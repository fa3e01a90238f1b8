import { z } from 'zod';
import { APPLICATION_OUTCOMES, EMAIL_CONFIRMATION_TEXTS } from '../catalogue/lead-loop';

export { APPLICATION_OUTCOME_LABELS, APPLICATION_OUTCOMES, EMAIL_CONFIRMATION_TEXTS, type ApplicationOutcome } from '../catalogue/lead-loop';
import { PROJECT_STATUSES, TIME_OPTIONS } from '../catalogue/statuses';
import { leadReportSummary } from './leads';
import { updateCreditsBody } from './requests';

// --- E-mail confirmation (clients) ---------------------------------------------------------------

/** GET or POST /cliente/confirmar-email?t=… */
export const confirmEmailQuery = z.object({
  t: z.string().trim().min(1, EMAIL_CONFIRMATION_TEXTS.linkInvalido).max(300, EMAIL_CONFIRMATION_TEXTS.linkInvalido),
});
export const confirmEmailResponse = z.object({
  email: z.string(),
  /** True when the link had already been used (nothing changed). */
  jaConfirmado: z.boolean(),
  confirmadoEm: z.string(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

// --- Admin approval (one step: approve and price) -----------------------------------------------

/** PATCH /requests/{id}/aprovar: the body is optional (the spec's call sends none). */
export const approveRequestBody = z.object({ creditos: updateCreditsBody.shape.creditos.optional() }).nullish();
export const approveRequestResponse = z.object({
  id: z.number().int(),
  status: z.enum(PROJECT_STATUSES),
  creditos: z.number().int().nullable(),
  /** Approved and priced: job search shows it. Approved without a price stays hidden. */
  visivel: z.boolean(),
});
export type ApproveRequestResponse = z.infer<typeof approveRequestResponse>;

// --- Professional's return on spend -----------------------------------------------------------

/** One application (a credit usage): GET /creditos/profissional/{id}. */
export const applicationItem = z.object({
  id: z.number().int(),
  criadoEm: z.string(),
  creditos: z.number().int(),
  resultado: z.enum(APPLICATION_OUTCOMES),
  reembolsadoEm: z.string().nullable(),
  /** The professional's report of this lead ("Reportar contacto"), if any. */
  reporte: leadReportSummary.nullable().optional(),
  request: z.object({
    id: z.number().int(),
    titulo: z.string(),
    descricao: z.string(),
    cidade: z.string(),
    bairro: z.string(),
    especialidade: z.string(),
    status: z.enum(PROJECT_STATUSES),
    tempo: z.enum(TIME_OPTIONS),
    contato: z.string().nullable(),
    cliente: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
  }),
});
export type ApplicationItem = z.infer<typeof applicationItem>;

/** One month (YYYY-MM, Lisbon time) of GET /profissional/retorno. */
export const retornoMes = z.object({
  mes: z.string(),
  creditosGastos: z.number().int(),
  candidaturas: z.number().int(),
  escolhido: z.number().int(),
  avaliacoes: z.number().int(),
  creditosReembolsados: z.number().int(),
});
export type RetornoMes = z.infer<typeof retornoMes>;
export const retornoResponse = z.object({
  /** The last 12 months, oldest first, months without activity included (all zeros). */
  meses: z.array(retornoMes),
  totais: retornoMes.omit({ mes: true }),
});
export type Retorno = z.infer<typeof retornoResponse>;
