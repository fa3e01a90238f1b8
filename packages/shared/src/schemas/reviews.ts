import { z } from 'zod';
import { idParam, numberFromText } from './fields';
import { M } from '../messages';
import { REVIEW_STATUSES } from '../catalogue/statuses';

export const createReviewBody = z.object({
  profissionalId: idParam,
  clienteId: idParam.optional(),
  requestId: idParam.optional(),
  nota: numberFromText(z.number({ error: M.preenchaCampos }).int().min(1, M.preenchaCampos).max(5, M.preenchaCampos)),
  comentario: z.string({ error: M.preenchaCampos }).trim().min(1, M.preenchaCampos).max(1000, 'Máximo 1000 caracteres'),
});
export const reviewResponse = z.object({
  id: z.number().int(),
  profissionalId: z.number().int(),
  clienteId: z.number().int(),
  nota: z.number().int(),
  comentario: z.string(),
  status: z.enum(REVIEW_STATUSES),
  criadoEm: z.string(),
  cliente: z.object({ nome: z.string() }),
});
export const recentReviewResponse = z.object({
  id: z.number().int(),
  fotoUrl: z.string().nullable(),
  nome: z.string(),
  comentario: z.string(),
  nota: z.number().int(),
  cliente: z.object({ nome: z.string() }),
});
