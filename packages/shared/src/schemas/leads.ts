import { z } from 'zod';
import { idParam } from './fields';
import { paged } from './requests';
import { PROJECT_STATUSES } from '../catalogue/statuses';
import { LEAD_REPORT_ESTADOS, LEAD_REPORT_MOTIVOS, LEAD_REPORT_NOTE_MAX } from '../catalogue/leads';

/**
 * The lead loop (issue 10): the client picks who did the job, and a professional who paid for a dead
 * lead gets the credits back (a report decided by an admin, or automatically when the project is
 * removed or cancelled before anyone was chosen).
 */

export {
  LEAD_REPORT_DAYS,
  LEAD_REPORT_ESTADO_LABELS,
  LEAD_REPORT_ESTADOS,
  LEAD_REPORT_MOTIVO_LABELS,
  LEAD_REPORT_MOTIVOS,
  LEAD_REPORT_NOTE_MAX,
  type LeadReportEstado,
  type LeadReportMotivo,
} from '../catalogue/leads';

const MOTIVO_OBRIGATORIO = 'Escolha o motivo do reporte.';

/** POST /candidaturas/:id/reportar */
export const reportLeadBody = z.object({
  motivo: z.enum(LEAD_REPORT_MOTIVOS, { error: MOTIVO_OBRIGATORIO }),
  nota: z
    .string({ error: 'A nota tem de ser texto.' })
    .trim()
    .max(LEAD_REPORT_NOTE_MAX, `A nota tem no máximo ${LEAD_REPORT_NOTE_MAX} caracteres.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ReportLeadBody = z.input<typeof reportLeadBody>;

/** The professional's own view of a report (its application's card). */
export const leadReportSummary = z.object({
  id: z.number().int(),
  motivo: z.enum(LEAD_REPORT_MOTIVOS),
  estado: z.enum(LEAD_REPORT_ESTADOS),
  criadoEm: z.string(),
});
export type LeadReportSummary = z.infer<typeof leadReportSummary>;

/** One line of the back office's "Leads reportados". */
export const adminLeadReport = z.object({
  id: z.number().int(),
  candidaturaId: z.number().int(),
  motivo: z.enum(LEAD_REPORT_MOTIVOS),
  nota: z.string().nullable(),
  estado: z.enum(LEAD_REPORT_ESTADOS),
  criadoEm: z.string(),
  decididoEm: z.string().nullable(),
  decididoPorNome: z.string().nullable(),
  creditos: z.number().int(),
  candidatadoEm: z.string(),
  reembolsadoEm: z.string().nullable(),
  profissional: z.object({ id: z.number().int(), nome: z.string(), email: z.string() }).nullable(),
  projeto: z
    .object({ id: z.number().int(), titulo: z.string(), status: z.enum(PROJECT_STATUSES), contato: z.string(), clienteNome: z.string().nullable() })
    .nullable(),
});
export type AdminLeadReport = z.infer<typeof adminLeadReport>;
/** GET /admin/leads-reportados: the ones to decide first, then newest. */
export const adminLeadReportsPage = paged(adminLeadReport);

/** POST /requests/:id/escolher */
export const chooseProfessionalBody = z.object({ profissionalId: idParam });
/**
 * PATCH /requests/:id/concluir: who did the job (one of the applicants), or null for "none of them".
 * Without a body the choice made before (if any) stays.
 */
export const concludeRequestBody = z.object({ profissionalId: idParam.nullable() }).nullish();
