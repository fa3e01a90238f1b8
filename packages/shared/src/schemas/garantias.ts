import { z } from 'zod';
import { GARANTIA_ESTADOS, GARANTIA_MSG, GUARANTEE_ANSWER_MAX, GUARANTEE_TEXT_MAX, GUARANTEE_TEXT_MIN } from '../catalogue/garantias';

/**
 * The technical guarantee (docs/decisions/0014): up to GUARANTEE_DAYS days after a project is
 * concluded, its client may open one claim about the work of the professional chosen for it; the
 * professional accepts (with a date for the visit) or disputes; an admin closes it.
 */

export { GUARANTEE_DAYS, GUARANTEE_MAX_PHOTOS, GUARANTEE_RULES, guaranteeDeadline, garantiaNumerosText } from '../catalogue/garantias';
export {
  GARANTIA_ESTADO_LABELS,
  GARANTIA_MSG,
  GUARANTEE_ANSWER_MAX,
  GUARANTEE_TEXT_MAX,
  GUARANTEE_TEXT_MIN,
  GUARANTEE_VISIT_MAX_DAYS,
} from '../catalogue/garantias';
export { GARANTIA_ESTADOS, type GarantiaEstado } from '../catalogue/garantias';

const text = (required: string, min: number, short: string, max: number, long: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? required : GARANTIA_MSG.textoInvalido) })
    .trim()
    .min(1, required)
    .min(min, short)
    .max(max, long);

/** POST /requests/:id/garantia (multipart: descricao, fotos up to 3). */
export const openGuaranteeFields = z.object({
  descricao: text(GARANTIA_MSG.descricaoObrigatoria, GUARANTEE_TEXT_MIN, GARANTIA_MSG.descricaoCurta, GUARANTEE_TEXT_MAX, GARANTIA_MSG.descricaoLonga),
});

/** An instant in ISO 8601 with its offset ("2026-11-20T14:00:00.000Z", "2026-11-20T14:00:00+01:00"). */
const instant = z
  .string({ error: (i) => (i.input === undefined ? GARANTIA_MSG.dataObrigatoria : GARANTIA_MSG.dataInvalida) })
  .trim()
  .min(1, GARANTIA_MSG.dataObrigatoria)
  .pipe(z.iso.datetime({ offset: true, local: false, error: GARANTIA_MSG.dataInvalida }));

/** PATCH /garantias/:id/aceitar: the visit's date and an optional message. */
export const acceptGuaranteeBody = z.object({
  agendadoPara: instant,
  resposta: z
    .string({ error: GARANTIA_MSG.textoInvalido })
    .trim()
    .max(GUARANTEE_ANSWER_MAX, GARANTIA_MSG.respostaLonga)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** PATCH /garantias/:id/contestar: why (required). */
export const disputeGuaranteeBody = z.object({
  resposta: text(GARANTIA_MSG.respostaObrigatoria, GUARANTEE_TEXT_MIN, GARANTIA_MSG.respostaCurta, GUARANTEE_ANSWER_MAX, GARANTIA_MSG.respostaLonga),
});

/** PATCH /admin/garantias/:id/fechar */
export const closeGuaranteeBody = z.object({
  resolucao: text(GARANTIA_MSG.resolucaoObrigatoria, 1, GARANTIA_MSG.resolucaoObrigatoria, GUARANTEE_ANSWER_MAX, GARANTIA_MSG.resolucaoLonga),
});

/** A party of the claim as the caller may see it (contacts only where the caller already has them). */
const parte = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** Client: the project's contact (for the professional and admins). Professional: the phone (for the client and admins). */
  contacto: z.string().nullable(),
  /** Admins only. */
  email: z.string().nullable(),
});

/** One claim, as each of its three parties (client, professional, admin) reads it. */
export const garantiaItem = z.object({
  id: z.number().int(),
  /** Null once the project was deleted (the claim and its title stay). */
  requestId: z.number().int().nullable(),
  titulo: z.string(),
  descricao: z.string(),
  /** How many photos; each is read at /garantias/:id/fotos/:n (1-based), by the parties only. */
  fotos: z.number().int(),
  estado: z.enum(GARANTIA_ESTADOS),
  resposta: z.string().nullable(),
  agendadoPara: z.string().nullable(),
  respondidoEm: z.string().nullable(),
  resolucao: z.string().nullable(),
  fechadoEm: z.string().nullable(),
  fechadoPorNome: z.string().nullable(),
  criadoEm: z.string(),
  /** When the project was concluded (null if the project was deleted). */
  concluidoEm: z.string().nullable(),
  cliente: parte.nullable(),
  profissional: parte.nullable(),
});
export type Garantia = z.infer<typeof garantiaItem>;
// The paged shape written out: requests.ts imports this file (the project card's claim), not the reverse.
export const garantiasPage = z.object({ items: z.array(garantiaItem), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });

/** The claim of a project as the client's project card shows it (GET /requests/cliente/:id). */
export const garantiaResumo = z.object({
  id: z.number().int(),
  estado: z.enum(GARANTIA_ESTADOS),
  agendadoPara: z.string().nullable(),
  resposta: z.string().nullable(),
  resolucao: z.string().nullable(),
  criadoEm: z.string(),
});
export type GarantiaResumo = z.infer<typeof garantiaResumo>;

/**
 * A professional's guarantee figures (public profile and back office): claims opened about his work,
 * and how many he accepted (proposed a visit). The admin also sees the disputed and unanswered ones.
 */
export const garantiaNumeros = z.object({
  profissionalId: z.number().int(),
  acionadas: z.number().int(),
  aceites: z.number().int(),
  contestadas: z.number().int(),
  semResposta: z.number().int(),
});
export type GarantiaNumeros = z.infer<typeof garantiaNumeros>;
