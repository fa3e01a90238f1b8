import { z } from 'zod';
import { idParam, numberFromText } from './fields';
import { M } from '../ui-texts';
import { REVIEW_STATUSES } from '../catalogue/statuses';

export const createReviewBody = z.object({
  profissionalId: idParam,
  clienteId: idParam.optional(),
  requestId: idParam.optional(),
  nota: numberFromText(z.number({ error: M.preenchaCampos }).int().min(1, M.preenchaCampos).max(5, M.preenchaCampos)),
  comentario: z.string({ error: M.preenchaCampos }).trim().min(1, M.preenchaCampos).max(1000, 'Máximo 1000 caracteres'),
});

/** An approved review on a professional's profile. */
export const publicReview = z.object({
  id: z.number().int(),
  profissionalId: z.number().int(),
  clienteId: z.number().int(),
  nota: z.number().int(),
  comentario: z.string(),
  status: z.enum(REVIEW_STATUSES),
  criadoEm: z.string(),
  cliente: z.object({ nome: z.string() }),
});
export type PublicReview = z.infer<typeof publicReview>;
/** A testimonial on the home page. */
export const recentReview = z.object({
  id: z.number().int(),
  comentario: z.string(),
  nota: z.number().int(),
  criadoEm: z.string(),
  profissionalId: z.number().int(),
  nome: z.string(),
  fotoUrl: z.string().nullable(),
  cliente: z.object({ nome: z.string(), fotoUrl: z.string().nullable() }),
});
export type RecentReview = z.infer<typeof recentReview>;
/** A professional the client may review (chosen for a finished project of theirs). */
export const reviewableProfessional = z.object({
  id: z.number().int(),
  nome: z.string(),
  especialidades: z.array(z.string()),
  cidade: z.string(),
  fotoUrl: z.string().nullable(),
  notaMedia: z.number().nullable(),
  requestId: z.number().int().nullable(),
  requestTitulo: z.string().nullable(),
  podeAvaliar: z.boolean(),
});
export type ReviewableProfessional = z.infer<typeof reviewableProfessional>;
export const reviewCreated = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  criadoEm: z.string(),
  requestId: z.number().int().nullable(),
  message: z.string(),
});
export type ReviewCreated = z.infer<typeof reviewCreated>;
