import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_TEXT } from '../catalogue/paging';
import { M } from '../ui-texts';
import { PROJECT_STATUSES, TIME_OPTIONS } from '../catalogue/statuses';
import { numberFromText, requiredText, specialtyField } from './fields';
import { garantiaResumo } from './garantias';
import { seloSchema } from './selos';

const req = M.campoProjetoObrigatorio;

/** POST /requests/create. `bairro` carries the district (spec §3). */
export const createRequestBody = z.object({
  titulo: requiredText(req, 120),
  descricao: requiredText(req, 2000),
  cidade: requiredText(req, 80),
  bairro: requiredText(req, 80),
  especialidade: specialtyField(req),
  contato: requiredText(req, 120),
  tempo: z.enum(TIME_OPTIONS, { error: req }),
  clienteId: numberFromText(z.number().int().positive()).optional(),
});
export type CreateRequestBody = z.infer<typeof createRequestBody>;

export const requestResponse = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  cidade: z.string(),
  bairro: z.string(),
  especialidade: z.string(),
  contato: z.string().nullable(),
  tempo: z.enum(TIME_OPTIONS),
  clienteId: z.number().int(),
  creditos: z.number().int().nullable(),
  status: z.enum(PROJECT_STATUSES),
  criadoEm: z.string(),
  candidaturas: z.number().int().optional(),
  jaCandidatado: z.boolean().optional(),
  /** The applicant the client chose (who did the job); only for the owner and admins. */
  escolhidoId: z.number().int().nullable().optional(),
  cliente: z.object({ nome: z.string(), email: z.string().nullable() }).nullable(),
  /** The owner's own list only: when it was concluded, and its guarantee claim (docs/decisions/0014). */
  concluidoEm: z.string().nullable().optional(),
  garantia: garantiaResumo.nullable().optional(),
});
export type RequestDto = z.infer<typeof requestResponse>;

/**
 * The open jobs a professional applied to (GET /requests/disponiveis/minhas-candidaturas): job search's
 * pages are the same for every professional, and his screen marks these "Já se candidatou".
 */
export const openApplicationsResponse = z.object({ ids: z.array(z.number().int()) });
export type OpenApplications = z.infer<typeof openApplicationsResponse>;

export const updateCreditsBody = z.object({
  creditos: numberFromText(z.number({ error: M.adminCreditosInvalid }).int(M.adminCreditosInvalid).positive(M.adminCreditosInvalid).max(10000)),
});
export const updateCreditsResponse = z.object({ creditos: z.number().int(), status: z.enum(PROJECT_STATUSES) });
export type UpdateCreditsResponse = z.infer<typeof updateCreditsResponse>;

export { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_TEXT } from '../catalogue/paging';

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(1, 'Página inválida.').max(MAX_PAGE, MAX_PAGE_TEXT).default(1),
  pageSize: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int('Tamanho de página inválido.')
    .min(1, 'Tamanho de página inválido.')
    .max(50, 'No máximo 50 resultados por página.')
    .default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(100, 'A pesquisa tem no máximo 100 caracteres.').optional(),
});
/**
 * Every paged list: one query fetches a row more than the page to know whether a next page exists;
 * nothing counts every match (docs/decisions/0006).
 */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });

/** A professional who applied to the client's project, as the client sees them. */
export const applicantResponse = z.object({
  id: z.number().int(),
  nome: z.string(),
  fotoUrl: z.string().nullable(),
  especialidades: z.array(z.string()),
  cidade: z.string(),
  notaMedia: z.number().nullable(),
  totalAvaliacoes: z.number().int(),
  verificado: z.boolean(),
  candidatadoEm: z.string(),
  /** Badges earned (modules/selos), each explained on the card. */
  selos: z.array(seloSchema),
  /** The one the client chose ("Escolhi este profissional"). */
  escolhido: z.boolean(),
});
export type ApplicantResponse = z.infer<typeof applicantResponse>;
export const chooseProfessionalResponse = z.object({ id: z.number().int(), escolhidoId: z.number().int(), escolhidoEm: z.string() });
export type ChooseProfessionalResponse = z.infer<typeof chooseProfessionalResponse>;
export const concludeRequestResponse = z.object({ id: z.number(), status: z.literal('CONCLUIDO'), escolhidoId: z.number().int().nullable() });
export type ConcludeRequestResponse = z.infer<typeof concludeRequestResponse>;
/** A project deleted (by its client or an admin): who got their credits back. */
export const deletedRequestResponse = z.object({ id: z.number(), reembolsos: z.array(z.object({ profissionalId: z.number(), creditos: z.number() })) });
export type DeletedRequestResponse = z.infer<typeof deletedRequestResponse>;
